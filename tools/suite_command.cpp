// `brudno suite`: solves every position of a benchmark file with exact scores
// (the published Connect Four sets) and checks each score.

#include <sys/resource.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/game_list.hpp"
#include "protocol/game_searches.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"
#include "tools/suite_run.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;

template <engine::Game G>
requires HasBenchmarkScore<G> && engine::HasPlyBound<G>
int run_suite(const SuiteOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
  const auto lines = read_suite_lines(in, options.limit);
  if (lines.empty()) {
    err << "brudno: " << options.file << " has no positions\n";
    return 2;
  }
  SuiteRun<G> run(options);
  // Repeated passes even out a machine whose speed drifts while it runs (a
  // shared virtual machine): each pass alternates the thread counts anew.
  for (int round = 1; round <= options.rounds; ++round) {
    const Tally before = run.tally();
    for (std::size_t i = 0; i < lines.size(); ++i) run.solve_line(i + 1, lines[i], out, err);
    if (options.rounds > 1) {
      print_comparison(out, "round " + std::to_string(round) + ": ", run.tally() - before,
                       options.threads);
    }
  }
  const Tally& tally = run.tally();
  print_suite_summary(out, tally, options);
  return tally.correct == tally.positions ? 0 : 1;
}

}  // namespace

std::optional<int> read_suite_arguments(const Arguments& args, std::string_view command,
                                        SuiteOptions& options, std::string& game, std::ostream& out,
                                        std::ostream& err) {
  po::options_description description(
      "Usage: " + std::string(command) +
      " FILE [--game connect4] [--weak] [--threads N] [--limit N] [--verbose]\n"
      "       [--fresh-table] [--compare [--rounds N]] [--hash MB]\n"
      "Solves each '<moves> <score>' line of a benchmark file and checks the score;\n"
      "exits 1 if any score is wrong. Malformed lines are reported and skipped");
  Count limit;
  description.add_options()("help,h", "show this help")(
      "game", po::value(&game)->default_value("connect4"), "the game of the positions")(
      "weak", po::bool_switch(&options.weak), "only win, draw or loss (the sign of the score)")(
      "threads", po::value(&options.threads)->default_value(1), "search threads per position")(
      "limit", po::value(&limit)->default_value(Count{0}), "solve only the first N lines (0: all)")(
      "compare", po::bool_switch(&options.compare),
      "solve each position at 1 thread and then at --threads, each from an empty table, and "
      "report the speedup")(
      "fresh-table", po::bool_switch(&options.fresh_table),
      "solve each position from an empty table, so that its node count depends on it alone "
      "(as brudno-mpi's farm counts them)")(
      "rounds", po::value(&options.rounds)->default_value(1),
      "with --compare: pass over the positions this many times, reporting each pass")(
      "hash", po::value<Count>(),
      "transposition table size in MB (default: 16 at one thread, 64 at more, the fastest "
      "measured)")(
      "verbose,v", po::bool_switch(&options.verbose),
      "one line per position: moves expected got nodes microseconds (with --compare, then the "
      "1-thread nodes and microseconds)");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "suite", description, vm, out, err,
                                             PositionalArgument{"file", &options.file})) {
    return *status;
  }
  if (options.file.empty()) {
    err << "brudno: suite needs a FILE\n" << description;
    return 2;
  }
  if (options.rounds < 1 || (options.rounds > 1 && !options.compare)) {
    err << "brudno: --rounds must be at least 1, and above 1 only with --compare\n";
    return 2;
  }
  options.limit = limit.value;
  options.hash = vm.count("hash") ? vm["hash"].as<Count>().value : default_hash(options.threads);
  if (!are_search_resources(options.threads, options.hash, err)) return 2;
  if (!is_suite_game(game)) {
    err << "brudno: no benchmark suites for game '" << game << "'\n";
    return 2;
  }
  return std::nullopt;
}

std::vector<std::string> read_suite_lines(std::istream& in, std::size_t limit) {
  std::vector<std::string> lines;
  for (std::string line; (limit == 0 || lines.size() < limit) && std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

bool is_suite_game(std::string_view game) {
  return visit_suite_game(game, []<engine::Game G>() {});
}

int run_suite(const Arguments& args, std::ostream& out, std::ostream& err) {
  SuiteOptions options;
  std::string game;
  if (const auto status = read_suite_arguments(args, "brudno suite", options, game, out, err)) {
    return *status;
  }
  auto in = open_input_file(options.file, err);
  if (!in) return 2;
  int status = 2;
  visit_suite_game(game, [&]<engine::Game G>() { status = run_suite<G>(options, *in, out, err); });
  return status;
}

}  // namespace brudno::tools
