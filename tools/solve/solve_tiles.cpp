// `brudno solve 8puzzle|15puzzle`: sliding-tile instances, one line each and
// a summary; checks the optimal lengths an instances file carries.

#include <sys/resource.h>

#include <chrono>
#include <iomanip>
#include <mutex>
#include <ostream>

#include "engine/single_agent/shared_loop.hpp"
#include "engine/single_agent/strategies.hpp"
#include "games/sliding_tile/heuristics.hpp"
#include "games/sliding_tile/instances.hpp"
#include "games/sliding_tile/partitions.hpp"
#include "tools/solve/progress.hpp"
#include "tools/solve/solve_options.hpp"

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

struct InstanceResult {
  std::variant<engine::SearchOutcome<games::BlankMove, int>, std::string> outcome;
  double seconds = 0;
};

struct Totals {
  std::size_t solved = 0;
  std::size_t checked = 0;
  std::size_t correct = 0;
  std::uint64_t nodes = 0;
  std::uint64_t expanded = 0;
  std::uint64_t reference_nodes = 0;
  std::size_t with_reference = 0;
  double seconds = 0;
};

template <class Board>
class TileRun {
 public:
  TileRun(const SolveOptions& options, std::vector<TileInstance> instances,
          std::vector<Board> boards, engine::Strategy strategy, std::ostream& out,
          std::ostream& err)
      : options_(options),
        instances_(std::move(instances)),
        boards_(std::move(boards)),
        results_(boards_.size()),
        done_(boards_.size(), false),
        strategy_(strategy),
        out_(out),
        progress_(err) {}

  // Solves every instance with `heuristic`, printing each line in order as
  // soon as those before it are done.
  template <class Heuristic>
  void run(const Heuristic& heuristic) {
    const engine::SearchBudget budget{
        options_.max_nodes > 0 ? options_.max_nodes : std::numeric_limits<std::uint64_t>::max(),
        nullptr};
    const auto wall_start = std::chrono::steady_clock::now();
    engine::shared_loop(options_.threads, boards_.size(), 1, [&](std::uint64_t i, std::uint64_t) {
      const auto start = std::chrono::steady_clock::now();
      const std::string& id = instances_[i].id;
      auto outcome = engine::run_strategy(
          strategy_, boards_[i], heuristic, options_.weight, budget, [&](int bound) {
            progress_.report("instance " + id + ": f bound " + std::to_string(bound));
          });
      results_[i].seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      results_[i].outcome = std::move(outcome);
      finish(i);
    });
    wall_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  }

  const Totals& totals() const { return totals_; }
  std::size_t size() const { return boards_.size(); }
  double wall_seconds() const { return wall_seconds_; }
  bool failed() const { return failed_; }

 private:
  void finish(std::size_t i) {
    const std::lock_guard lock(mutex_);
    done_[i] = true;
    while (printed_ < boards_.size() && done_[printed_]) print(printed_++);
    progress_.report(std::to_string(printed_) + " of " + std::to_string(boards_.size()) +
                     " instances done");
  }

  void print(std::size_t i) {
    const TileInstance& instance = instances_[i];
    const auto& result = results_[i];
    out_ << instance.id;
    if (const auto* problem = std::get_if<std::string>(&result.outcome)) {
      out_ << " error: " << *problem << '\n';
      failed_ = true;
      return;
    }
    const auto& outcome = std::get<0>(result.outcome);
    totals_.nodes += outcome.generated;
    totals_.expanded += outcome.expanded;
    totals_.seconds += result.seconds;
    if (!outcome.solved) {
      out_ << (outcome.stopped ? " stopped at the node limit" : " no solution") << " nodes "
           << outcome.generated << '\n';
      failed_ = true;
      return;
    }
    ++totals_.solved;
    out_ << " length " << outcome.cost << " nodes " << outcome.generated << " expanded "
         << outcome.expanded << " time " << std::fixed << std::setprecision(3)
         << result.seconds * 1000 << " ms";
    if (instance.optimal_length) {
      const bool right = outcome.cost == *instance.optimal_length;
      ++totals_.checked;
      totals_.correct += right ? 1 : 0;
      out_ << " expected " << *instance.optimal_length << (right ? " ok" : " WRONG");
    }
    if (instance.reference_nodes) {
      totals_.reference_nodes += *instance.reference_nodes;
      ++totals_.with_reference;
      out_ << " korf " << *instance.reference_nodes;
    }
    if (options_.verbose) {
      out_ << " path";
      for (const auto move : outcome.path) out_ << ' ' << Board::move_text(move);
    }
    out_ << '\n';
  }

  const SolveOptions& options_;
  std::vector<TileInstance> instances_;
  std::vector<Board> boards_;
  std::vector<InstanceResult> results_;
  std::vector<bool> done_;
  engine::Strategy strategy_;
  std::ostream& out_;
  Progress progress_;
  std::mutex mutex_;
  std::size_t printed_ = 0;
  Totals totals_;
  bool failed_ = false;
  double wall_seconds_ = 0;
};

// Calls run(heuristic) with the heuristic of that name; false if there is none.
template <class Board, class Run>
bool with_heuristic(const std::string& name, const SolveOptions& options,
                    games::PatternCacheReport& report, Run&& run) {
  if (name == "none") return run(engine::ZeroHeuristic{}), true;
  if (name == "misplaced") return run(games::MisplacedTiles{}), true;
  if (name == "manhattan") return run(games::Manhattan{}), true;
  if (name == "linear") return run(games::LinearConflict{}), true;
  const auto partition = games::find_partition(name, Board::kWidth, Board::kHeight);
  if (!partition) return false;
  const auto directory = options.cache_directory.empty()
                             ? games::default_cache_directory()
                             : std::filesystem::path(options.cache_directory);
  run(games::load_partition(*partition, directory, options.threads, report));
  return true;
}

template <class Board>
int solve_board(const SolveOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<TileInstance> instances;
  if (!options.instances.empty() && !options.tiles.empty()) {
    err << "brudno: give --instances FILE or --tiles, not both\n";
    return 2;
  }
  if (!options.tiles.empty()) {
    instances.push_back(TileInstance{"1", options.tiles, std::nullopt, std::nullopt});
  } else if (!options.instances.empty()) {
    auto loaded = games::load_tile_instances(options.instances, Board::kCells);
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
  TileRun<Board> run(options, std::move(instances), std::move(boards), *strategy, out, err);
  games::PatternCacheReport databases;
  std::uint64_t database_bytes = 0;
  const bool known = with_heuristic<Board>(heuristic_name, options, databases, [&](const auto& h) {
    for (const auto& note : databases.notes) err << "solve: pattern database " << note << '\n';
    if constexpr (std::is_same_v<std::decay_t<decltype(h)>, games::AdditivePatterns>)
      database_bytes = h.bytes();
    run.run(h);
  });
  if (!known) {
    err << "brudno: " << options.problem << " has no heuristic '" << heuristic_name
        << "' (heuristics: " << (Board::kCells == 16 ? kFifteenHeuristics : kTileHeuristics)
        << ")\n";
    return 2;
  }
  const Totals& totals = run.totals();
  out << std::fixed << std::setprecision(3) << "instances " << run.size() << ", solved "
      << totals.solved;
  if (totals.checked > 0) out << ", correct " << totals.correct << "/" << totals.checked;
  out << "; nodes " << totals.nodes << ", expanded " << totals.expanded;
  if (totals.with_reference > 0)
    out << " (Korf's IDA* with Manhattan distance: " << totals.reference_nodes << ")";
  out << "; search " << totals.seconds << " s summed over instances, " << run.wall_seconds()
      << " s wall, threads " << options.threads << "; " << algorithm << " with " << heuristic_name;
  if (database_bytes > 0) {
    out << "; databases " << database_bytes / (1 << 20) << " MB, built in "
        << databases.build_seconds << " s, loaded in " << databases.load_seconds << " s";
  }
  out << "; peak memory " << peak_memory_megabytes() << " MB\n";
  return run.failed() || totals.correct != totals.checked ? 1 : 0;
}

}  // namespace

int solve_tiles(const SolveOptions& options, std::ostream& out, std::ostream& err) {
  if (options.problem == "8puzzle") return solve_board<games::EightPuzzle>(options, out, err);
  return solve_board<games::FifteenPuzzle>(options, out, err);
}

}  // namespace brudno::tools
