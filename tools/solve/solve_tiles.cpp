// `brudno solve 8puzzle|15puzzle`: sliding-tile instances, one line each and
// a summary; checks the optimal lengths an instances file carries.

#include <sys/resource.h>

#include <chrono>
#include <iomanip>
#include <iterator>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>

#include "engine/single_agent/shared_loop.hpp"
#include "engine/single_agent/strategies.hpp"
#include "games/sliding_tile/heuristics.hpp"
#include "games/sliding_tile/instances.hpp"
#include "games/sliding_tile/partitions.hpp"
#include "tools/solve/progress.hpp"
#include "tools/solve/solve_options.hpp"
#include "tools/solve/tile_solving.hpp"

namespace brudno::tools {
namespace {

using games::TileInstance;

constexpr std::string_view kTileHeuristics = "none, misplaced, manhattan, linear, pdb";
constexpr std::string_view kFifteenHeuristics =
    "none, misplaced, manhattan, linear, pdb (= pdb78), pdb78, pdb663, pdb555";

long peak_memory_megabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;
}

using Outcome = std::variant<engine::SearchOutcome<games::BlankMove, int>, std::string>;

// The line of one instance, as `brudno solve` prints it.
template <class Board>
TileLine line_of(const SolveOptions& options, const TileInstance& instance, const Outcome& result,
                 double seconds) {
  TileLine line;
  std::ostringstream out;
  out << instance.id;
  if (const auto* problem = std::get_if<std::string>(&result)) {
    out << " error: " << *problem << '\n';
    line.failed = true;
    line.text = out.str();
    return line;
  }
  const auto& outcome = std::get<0>(result);
  TileTotals& counted = line.counted;
  counted.nodes = outcome.generated;
  counted.expanded = outcome.expanded;
  counted.seconds = seconds;
  if (!outcome.solved) {
    out << (outcome.stopped ? " stopped at the node limit" : " no solution") << " nodes "
        << outcome.generated << '\n';
    line.failed = true;
    line.text = out.str();
    return line;
  }
  counted.solved = 1;
  out << " length " << outcome.cost << " nodes " << outcome.generated << " expanded "
      << outcome.expanded << " time " << std::fixed << std::setprecision(3) << seconds * 1000
      << " ms";
  if (instance.optimal_length) {
    const bool right = outcome.cost == *instance.optimal_length;
    counted.checked = 1;
    counted.correct = right ? 1 : 0;
    out << " expected " << *instance.optimal_length << (right ? " ok" : " WRONG");
  }
  if (instance.reference_nodes) {
    counted.reference_nodes = *instance.reference_nodes;
    counted.with_reference = 1;
    out << " korf " << *instance.reference_nodes;
  }
  if (options.verbose) {
    out << " path";
    for (const auto move : outcome.path) out << ' ' << Board::move_text(move);
  }
  out << '\n';
  line.text = out.str();
  return line;
}

template <class Board, class Heuristic>
TileLine solve_instance(const SolveOptions& options, const TileInstance& instance,
                        const Board& board, engine::Strategy strategy, const Heuristic& heuristic,
                        Progress& progress) {
  const engine::SearchBudget budget{
      options.max_nodes > 0 ? options.max_nodes : std::numeric_limits<std::uint64_t>::max(),
      nullptr};
  const auto start = std::chrono::steady_clock::now();
  const Outcome outcome =
      engine::run_strategy(strategy, board, heuristic, options.weight, budget, [&](int bound) {
        progress.report("instance " + instance.id + ": f bound " + std::to_string(bound));
      });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return line_of<Board>(options, instance, outcome, seconds);
}

// --threads instances at once; each line goes out as soon as those before
// it are done.
bool solve_on_threads(int threads, std::size_t count, const TileSolve& solve,
                      const TileDeliver& deliver) {
  std::vector<std::optional<TileLine>> lines(count);
  std::mutex mutex;
  std::size_t next = 0;
  engine::shared_loop(threads, count, 1, [&](std::uint64_t i, std::uint64_t) {
    TileLine line = solve(i);
    const std::lock_guard lock(mutex);
    lines[i] = std::move(line);
    while (next < count && lines[next]) {
      deliver(*lines[next]);
      lines[next].reset();
      ++next;
    }
  });
  return true;
}

// Calls run(heuristic) with the heuristic of that name; false if there is none.
template <class Board, class Run>
bool with_heuristic(const std::string& name, const SolveOptions& options,
                    const TilePatterns& patterns, games::PatternCacheReport& report, Run&& run) {
  if (name == "none") return run(engine::ZeroHeuristic{}), true;
  if (name == "misplaced") return run(games::MisplacedTiles{}), true;
  if (name == "manhattan") return run(games::Manhattan{}), true;
  if (name == "linear") return run(games::LinearConflict{}), true;
  const auto partition = games::find_partition(name, Board::kWidth, Board::kHeight);
  if (!partition) return false;
  const auto directory = options.cache_directory.empty()
                             ? games::default_cache_directory()
                             : std::filesystem::path(options.cache_directory);
  run(patterns(*partition, directory, options.threads, report));
  return true;
}

template <class Board>
int solve_board(const SolveOptions& options, const TileSolving& how, std::ostream& out,
                std::ostream& err) {
  std::vector<TileInstance> instances;
  if (!options.instances.empty() && !options.tiles.empty()) {
    err << "brudno: give --instances FILE or --tiles, not both\n";
    return 2;
  }
  if (!options.tiles.empty()) {
    instances.push_back(TileInstance{"1", options.tiles, std::nullopt, std::nullopt});
  } else if (!options.instances.empty()) {
    auto loaded = how.loader(options.instances, Board::kCells);
    if (const auto* problem = std::get_if<std::string>(&loaded)) {
      err << "brudno: " << *problem << '\n';
      return 2;
    }
    instances = std::get<std::vector<TileInstance>>(std::move(loaded));
  } else {
    err << "brudno: " << options.problem << " needs --instances FILE or --tiles \"...\"\n";
    return 2;
  }
  std::vector<Board> boards;
  for (const auto& instance : instances) {
    auto board = Board::parse(instance.tiles);
    if (const auto* problem = std::get_if<std::string>(&board)) {
      err << "brudno: instance " << instance.id << ": " << *problem << '\n';
      return 2;
    }
    boards.push_back(std::get<Board>(board));
  }
  const std::string algorithm = options.algorithm.empty() ? "idastar" : options.algorithm;
  const auto strategy = engine::find_strategy(algorithm);
  if (!strategy) {
    err << "brudno: " << options.problem << " has no algorithm '" << algorithm
        << "' (bfs, dfs, iddfs, ucs, greedy, astar, wastar, idastar)\n";
    return 2;
  }
  const std::string heuristic_name =
      options.heuristic.empty() ? (Board::kCells == 16 ? "pdb" : "manhattan") : options.heuristic;
  Progress progress(err);
  TileTotals totals;
  bool failed = false;
  bool ran = false;
  double wall_seconds = 0;
  std::size_t delivered = 0;
  games::PatternCacheReport databases;
  databases.progress = [&progress](const std::string& what) { progress.report(what); };
  std::uint64_t database_bytes = 0;
  const bool known = with_heuristic<Board>(heuristic_name, options, how.patterns, databases, [&](const auto& h) {
    for (const auto& note : databases.notes) err << "solve: pattern database " << note << '\n';
    if constexpr (std::is_same_v<std::decay_t<decltype(h)>, games::AdditivePatterns>)
      database_bytes = h.bytes();
    const auto wall_start = std::chrono::steady_clock::now();
    ran = how.runner(
        boards.size(),
        [&](std::size_t i) {
          return solve_instance(options, instances[i], boards[i], *strategy, h, progress);
        },
        [&](const TileLine& line) {
          out << line.text;
          totals.add(line.counted);
          failed = failed || line.failed;
          progress.report(std::to_string(++delivered) + " of " + std::to_string(boards.size()) +
                          " instances done");
        });
    wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  });
  if (!known) {
    err << "brudno: " << options.problem << " has no heuristic '" << heuristic_name
        << "' (heuristics: " << (Board::kCells == 16 ? kFifteenHeuristics : kTileHeuristics)
        << ")\n";
    return 2;
  }
  if (!ran) return 2;
  out << std::fixed << std::setprecision(3) << "instances " << boards.size() << ", solved "
      << totals.solved;
  if (totals.checked > 0) out << ", correct " << totals.correct << "/" << totals.checked;
  out << "; nodes " << totals.nodes << ", expanded " << totals.expanded;
  if (totals.with_reference > 0)
    out << " (Korf's IDA* with Manhattan distance: " << totals.reference_nodes << ")";
  out << "; search " << totals.seconds << " s summed over instances, " << wall_seconds
      << " s wall, threads " << options.threads << "; " << algorithm << " with " << heuristic_name;
  if (database_bytes > 0) {
    out << "; databases " << database_bytes / (1 << 20) << " MB, built in "
        << databases.build_seconds << " s, loaded in " << databases.load_seconds << " s";
  }
  out << "; peak memory " << peak_memory_megabytes() << " MB\n";
  return failed || totals.correct != totals.checked ? 1 : 0;
}

}  // namespace

void TileTotals::add(const TileTotals& other) {
  solved += other.solved;
  checked += other.checked;
  correct += other.correct;
  nodes += other.nodes;
  expanded += other.expanded;
  reference_nodes += other.reference_nodes;
  with_reference += other.with_reference;
  seconds += other.seconds;
}

std::string encode_tile_line(const TileLine& line) {
  const TileTotals& c = line.counted;
  std::ostringstream out;
  out << std::setprecision(17) << line.failed << ' ' << c.solved << ' ' << c.checked << ' '
      << c.correct << ' ' << c.nodes << ' ' << c.expanded << ' ' << c.reference_nodes << ' '
      << c.with_reference << ' ' << c.seconds << '\n'
      << line.text;
  return out.str();
}

TileLine decode_tile_line(const std::string& text) {
  TileLine line;
  TileTotals& c = line.counted;
  std::istringstream in(text);
  in >> line.failed >> c.solved >> c.checked >> c.correct >> c.nodes >> c.expanded >>
      c.reference_nodes >> c.with_reference >> c.seconds;
  in.ignore(1);  // the newline after the numbers
  line.text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return line;
}

int solve_tiles(const SolveOptions& options, const TileSolving& how, std::ostream& out,
                std::ostream& err) {
  if (options.problem == "8puzzle") return solve_board<games::EightPuzzle>(options, how, out, err);
  return solve_board<games::FifteenPuzzle>(options, how, out, err);
}

int solve_tiles(const SolveOptions& options, std::ostream& out, std::ostream& err) {
  TileSolving here;
  here.runner = [threads = options.threads](std::size_t count, const TileSolve& solve,
                                            const TileDeliver& deliver) {
    return solve_on_threads(threads, count, solve, deliver);
  };
  here.loader = games::load_tile_instances;
  return solve_tiles(options, here, out, err);
}

}  // namespace brudno::tools
