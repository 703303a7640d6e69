#pragma once
// An engine as the command line describes it, in the shape cutechess-cli made
// familiar: `--engine cmd=PROGRAM [arg=ARG]... [name=NAME] [option.NAME=VALUE]...`
// and `--each option.NAME=VALUE...` for both engines. `cmd=` is split into
// words as a shell would ("cmd=/usr/games/gnuchess --uci"); a first word
// without `=` is the command alone (the older `--engine PATH` form).

#include <stdexcept>
#include <string>
#include <vector>

namespace brudno::tools::match {

struct EngineOption {
  std::string name;
  std::string value;
  bool operator==(const EngineOption&) const = default;
};

struct EngineSpec {
  std::string name;  // empty: the engine's own `id name`
  std::string program;
  std::vector<std::string> args;
  std::vector<EngineOption> options;
  // The program and its arguments, as a shell would show them.
  [[nodiscard]] std::string command_line() const;
};

// A fault in an engine's description, with a message naming it.
class SpecError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The command line split into the word groups after each `--engine` and
// `--each` (up to the next word starting with `--`) and everything else.
struct SplitArguments {
  std::vector<std::vector<std::string>> engines;
  std::vector<std::string> each;
  std::vector<std::string> rest;  // argv[0] first
};
SplitArguments split_engine_arguments(const std::vector<std::string>& arguments);

EngineSpec parse_engine_spec(const std::vector<std::string>& words);
// The words of `--each`: options only.
std::vector<EngineOption> parse_each(const std::vector<std::string>& words);

// The program as execv needs it: a name without a slash is looked up on PATH.
// Throws SpecError when no executable file is found.
std::string resolve_program(const std::string& program);

}  // namespace brudno::tools::match
