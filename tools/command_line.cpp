#include "tools/command_line.hpp"

#include <filesystem>
#include <fstream>

#include "engine/transposition_table.hpp"

namespace brudno::tools {

namespace po = boost::program_options;

std::optional<int> parse_command_line(const Arguments& args, std::string_view command,
                                      const po::options_description& shown, po::variables_map& vm,
                                      std::ostream& out, std::ostream& err,
                                      std::optional<PositionalArgument> positional) {
  po::options_description all;
  all.add(shown);
  po::options_description hidden;
  po::positional_options_description positions;
  if (positional) {
    hidden.add_options()(positional->name, po::value(positional->value));
    all.add(hidden);
    positions.add(positional->name, 1);
  }
  try {
    po::store(po::command_line_parser(args).options(all).positional(positions).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    err << "brudno: " << e.what() << "\nTry 'brudno " << command << " --help'.\n";
    return 2;
  }
  if (vm.count("help")) {
    out << shown << '\n';
    return 0;
  }
  return std::nullopt;
}

bool are_search_resources(int threads, std::size_t hash_megabytes, std::ostream& err) {
  if (threads >= 1 && threads <= 1024 && hash_megabytes >= 1 &&
      hash_megabytes <= engine::TranspositionTable::kMaxMegabytes) {
    return true;
  }
  err << "brudno: --threads must be from 1 to 1024 and --hash from 1 to "
      << engine::TranspositionTable::kMaxMegabytes << '\n';
  return false;
}

bool are_position_search_limits(const boost::program_options::variables_map& vm,
                                std::size_t movetime_ms, std::size_t depth, int threads,
                                std::size_t hash_megabytes, std::ostream& err) {
  if (vm.count("movetime") && vm.count("depth")) {
    err << "brudno: give --movetime or --depth, not both\n";
    return false;
  }
  if (movetime_ms < 1 || movetime_ms > 86'400'000 || depth > 128 ||
      (vm.count("depth") && depth < 1)) {
    err << "brudno: --movetime must be 1 to 86400000 ms and --depth 1 to 128\n";
    return false;
  }
  return are_search_resources(threads, hash_megabytes, err);
}

std::optional<std::ifstream> open_input_file(const std::string& path, std::ostream& err) {
  std::error_code ignored;
  if (!std::filesystem::exists(path, ignored)) {
    err << "brudno: cannot read " << path << ": no such file\n";
    return std::nullopt;
  }
  if (!std::filesystem::is_regular_file(path, ignored)) {
    err << "brudno: " << path << " is not a file\n";
    return std::nullopt;
  }
  std::ifstream file(path);
  if (!file) {
    err << "brudno: cannot read " << path << '\n';
    return std::nullopt;
  }
  return file;
}

}  // namespace brudno::tools
