#pragma once
// A command of the brudno executable run in the test's process, with what it
// printed and its exit status.

#include <sstream>
#include <string>

#include "tools/command.hpp"

namespace brudno::tools::testing_commands {

struct CommandRun {
  int status;
  std::string out;
  std::string err;
};

// `command` is one of the run_* functions (run_epd, run_solve, ...).
template <class Command>
CommandRun run_command(Command command, const Arguments& args) {
  std::ostringstream out;
  std::ostringstream err;
  const int status = command(args, out, err);
  return {status, out.str(), err.str()};
}

}  // namespace brudno::tools::testing_commands
