// `brudno solve PROBLEM`: the single-agent strategies from the command line.

#include <boost/program_options.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/solve/puzzle_runners.hpp"
#include "tools/solve/solve_options.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;

constexpr std::string_view kSolveUsageHead = R"(Usage: brudno solve PROBLEM [options]
Solves single-agent problems: prints each instance's answer (the path), its
cost, nodes and time, then a summary. Where the instances file carries the
optimal lengths (korf100.txt does), checks them: "correct K/N", and the exit
status is 1 on any mismatch. Local search prints its success rate and steps.

Problems:
)";
constexpr std::string_view kSolveUsageTail = R"(Algorithms:
  systematic: bfs dfs iddfs ucs greedy astar wastar idastar
  local search (queens): hill sideways restart annealing minconflicts
Heuristics:
  romania: sld (straight-line distance, to Bucharest only), none
  8puzzle, 15puzzle: none misplaced manhattan linear pdb; 15puzzle also
  pdb78 pdb663 pdb555 (additive pattern databases, built on first use and
  cached in --cache-dir, default $BRUDNO_CACHE_DIR, $XDG_CACHE_HOME/brudno
  or ~/.cache/brudno; pdb is 7-8 on 15puzzle, 4-4 on 8puzzle)

Options)";

// The registry's puzzles, a line each: the name, then its runner's summary.
template <class... Entries>
std::string problem_lines(games::Registry<Entries...>) {
  std::string lines;
  const auto line = [&](std::string_view name, std::string_view summary) {
    // Summaries start in one column; a name too long for it keeps two spaces.
    const std::size_t gap = name.size() < 8 ? 10 - name.size() : 2;
    lines.append("  ").append(name).append(gap, ' ');
    lines.append(summary).append("\n");
  };
  (line(Entries::kName, runner_of<Entries>().summary), ...);
  return lines;
}

std::string solve_usage() {
  return std::string(kSolveUsageHead) + problem_lines(games::RegisteredPuzzles{}) +
         std::string(kSolveUsageTail);
}

std::string puzzle_name_list() {
  std::string names;
  for (const auto name : games::RegisteredPuzzles::kNames)
    names.append(names.empty() ? "" : ", ").append(name);
  return names;
}

}  // namespace

std::optional<int> read_solve_arguments(const Arguments& args, SolveOptions& options,
                                        std::ostream& out, std::ostream& err) {
  po::options_description description(solve_usage());
  const int most_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  description.add_options()("help,h", "show this help")(
      "algorithm,a", po::value(&options.algorithm),
      "the strategy (default: astar for romania, idastar for the tiles, dfs for insanity, "
      "sideways for up to 16 queens and minconflicts above)")(
      "heuristic", po::value(&options.heuristic),
      "the heuristic (default: sld, manhattan for 8puzzle, pdb for 15puzzle)")(
      "instances", po::value(&options.instances),
      "sliding-tile instances, one a line: tiles, or 'id length [nodes] tiles'")(
      "tiles", po::value(&options.tiles), "one sliding-tile board, row by row, 0 the blank")(
      "threads", po::value(&options.threads)->default_value(1),
      "instances (or runs) solved at once; pattern databases built with as many")(
      "seed", po::value(&options.seed)->default_value(1), "local search: the first run's seed")(
      "runs", po::value(&options.runs)->default_value(1), "local search: seeded runs")(
      "map", po::value(&options.map)->default_value(options.map), "romania: the road map")(
      "from", po::value(&options.from)->default_value(options.from), "romania: the start")(
      "to", po::value(&options.to)->default_value(options.to), "romania: the destination")(
      "n", po::value(&options.size)->default_value(8), "queens: the board size")(
      "cubes", po::value(&options.cubes), "insanity: four cubes (default: the classic ones)")(
      "all", po::bool_switch(&options.all), "insanity: every solution, then their number")(
      "weight", po::value(&options.weight)->default_value(2), "wastar: the weight of h")(
      "max-nodes", po::value(&options.max_nodes)->default_value(0),
      "stop a search after this many generated nodes (0: no limit)")(
      "max-sideways", po::value(&options.max_sideways)->default_value(100),
      "sideways, restart: consecutive sideways moves allowed")(
      "max-restarts", po::value(&options.max_restarts)->default_value(1'000'000),
      "restart: restarts allowed")("temperature", po::value(&options.temperature)->default_value(0),
                                   "annealing: the start temperature (0: the default)")(
      "cooling", po::value(&options.cooling)->default_value(0),
      "annealing: the factor per step (0: the default)")(
      "max-steps", po::value(&options.max_steps)->default_value(0),
      "annealing, minconflicts: the most steps (0: 100 million for annealing, 10 n + 1000 for "
      "minconflicts)")("cache-dir", po::value(&options.cache_directory),
                       "where pattern databases are cached")(
      "verbose,v", po::bool_switch(&options.verbose), "print the path of every instance");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "solve", description, vm, out, err,
                                             PositionalArgument{"problem", &options.problem})) {
    return *status;
  }
  if (options.threads < 1 || options.threads > most_threads) {
    err << "brudno: --threads must be from 1 to " << most_threads << '\n';
    return 2;
  }
  if (options.weight < 1) {
    err << "brudno: --weight must be at least 1\n";
    return 2;
  }
  return std::nullopt;
}

int run_solve(const Arguments& args, std::ostream& out, std::ostream& err) {
  SolveOptions options;
  if (const auto status = read_solve_arguments(args, options, out, err)) return *status;
  int status = 2;
  const bool known = games::RegisteredPuzzles::visit(
      options.problem, [&]<class Entry>() { status = runner_of<Entry>().run(options, out, err); });
  if (known) return status;
  err << "brudno: "
      << (options.problem.empty() ? "solve needs a problem"
                                  : "unknown problem '" + options.problem + "'")
      << " (problems: " << puzzle_name_list() << ")\nTry 'brudno solve --help'.\n";
  return 2;
}

}  // namespace brudno::tools
