#pragma once
// The command line of one subcommand: its options, at most one positional
// argument (a file, a problem's name), `--help`, and errors in one form.

#include <boost/program_options.hpp>
#include <cstddef>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>

#include "tools/command.hpp"

namespace brudno::tools {

// A positional argument: its name (for errors) and where it goes.
struct PositionalArgument {
  const char* name;
  std::string* value;
};

// Parses `args` against the options a user sees (they must include
// "help,h") and the positional argument, if any. Returns the exit status to
// end the command with at once: 0 after printing the help to `out`, 2 after
// printing the error and a hint to `err`; nullopt to go on with `vm` filled.
std::optional<int> parse_command_line(const Arguments& args, std::string_view command,
                                      const boost::program_options::options_description& shown,
                                      boost::program_options::variables_map& vm, std::ostream& out,
                                      std::ostream& err,
                                      std::optional<PositionalArgument> positional = {});

// --threads and --hash of a command that searches: false, after saying
// why on `err`, outside 1 to 1024 threads and 1 MB to the table's largest size.
bool are_search_resources(int threads, std::size_t hash_megabytes, std::ostream& err);

// The limits of a command that searches positions one after another (epd,
// analyse): --movetime or --depth, not both, 1 to 86,400,000 ms or 1 to 128
// plies, and --threads and --hash as above. False after saying why on `err`.
bool are_position_search_limits(const boost::program_options::variables_map& vm,
                                std::size_t movetime_ms, std::size_t depth, int threads,
                                std::size_t hash_megabytes, std::ostream& err);

// A file the command reads, opened: nothing, after saying why on `err`, when
// `path` names no regular file (a folder, nothing) or cannot be opened.
std::optional<std::ifstream> open_input_file(const std::string& path, std::ostream& err);

}  // namespace brudno::tools
