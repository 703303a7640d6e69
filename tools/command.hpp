#pragma once
// A subcommand of the brudno executable: its arguments (after the command
// name), and the streams for its output and its complaints. Returns the exit status.

#include <iosfwd>
#include <string>
#include <vector>

namespace brudno::tools {

using Arguments = std::vector<std::string>;

int run_prove(const Arguments& args, std::ostream& out, std::ostream& err);
int run_check_proof(const Arguments& args, std::ostream& out, std::ostream& err);
int run_suite(const Arguments& args, std::ostream& out, std::ostream& err);
int run_puzzle(const Arguments& args, std::ostream& out, std::ostream& err);

}  // namespace brudno::tools
