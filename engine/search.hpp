#pragma once
// The search driver: iterative deepening with aspiration windows around the
// last score (the classic "narrow window, re-search if we miss"), limits, and
// one report per completed iteration.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <thread>

#include "engine/game.hpp"
#include "engine/parallel_search.hpp"
#include "engine/search_clock.hpp"
#include "engine/search_limits.hpp"
#include "engine/search_report.hpp"
#include "engine/search_worker.hpp"
#include "engine/solver.hpp"
#include "engine/terminal.hpp"
#include "engine/time_manager.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

// How a search runs, as opposed to how long (SearchLimits).
struct SearchSettings {
  int threads = 1;  // threads sharing the tree (ParallelSearch) when above 1
  Milliseconds move_overhead = kDefaultMoveOverhead;
};

// Half-width of the first aspiration window, in the game's evaluation units.
template <Game G>
constexpr Score aspiration_window() {
  if constexpr (requires { G::kAspirationWindow; }) {
    return G::kAspirationWindow;
  } else {
    return 25;
  }
}

template <Game G>
class Search {
 public:
  using Move = typename G::Move;
  using Reporter = std::function<void(const IterationReport<Move>&)>;
  using Clock = std::chrono::steady_clock;

  explicit Search(TranspositionTable& table, SearchSettings settings = {})
      : table_(table), settings_(settings) {}

  // Searches `root` until a limit is met, the value is proven, or `stop` is set.
  // An infinite or pondering search returns only after `stop` (or, pondering,
  // after `ponderhit` and its time), as UCI asks. `clock` lets the caller
  // restart the time at ponderhit; without one the search keeps its own.
  SearchResult<Move> run(const G& root, const SearchLimits& limits, const std::atomic<bool>& stop,
                         const Reporter& report = {}, SearchClock* clock = nullptr) {
    SearchClock own_clock;
    SearchClock& timer = clock != nullptr ? *clock : own_clock;
    table_.new_search();
    const auto budget = allocate_time(limits, root.side_to_move(), settings_.move_overhead);
    const AbortPolicy abort(stop, limits.nodes,
                            budget ? std::optional{budget->maximum} : std::nullopt, &timer);
    const Run run{limits, budget, abort, timer, Clock::now(), report};

    SearchResult<Move> result;
    MoveList<Move> root_moves;
    const Status status = root.status();
    if (status == Status::kOngoing) root.legal_moves(root_moves);
    if (root_moves.empty()) {
      result.score = status == Status::kOngoing ? root.evaluate() : terminal_score(status, 0);
      result.exact = true;
    } else {
      result.best_move = root_moves[0];  // something legal even if stopped at once
      bool solved = false;
      if constexpr (HasPlyBound<G>) {
        if (limits.solve) {
          solve_exactly(root, run, result);
          solved = true;
        }
      }
      if (!solved) deepen(root, run, result);
    }
    while ((limits.infinite || timer.pondering()) && !stop.load(std::memory_order_relaxed)) {
      std::this_thread::sleep_for(Milliseconds{1});
    }
    return result;
  }

 private:
  // What one run of the search works with.
  struct Run {
    const SearchLimits& limits;
    const std::optional<TimeBudget>& budget;
    const AbortPolicy& abort;
    const SearchClock& clock;  // the time budget counts on this one
    Clock::time_point start;   // reports count from here
    const Reporter& report;
  };

  void publish(const Run& run, int depth, int seldepth, Score score, std::uint64_t nodes,
               const std::vector<Move>& pv) {
    if (!run.report) return;
    const auto elapsed = std::chrono::duration_cast<Milliseconds>(Clock::now() - run.start);
    const auto ms = static_cast<std::uint64_t>(std::max<long long>(elapsed.count(), 1));
    run.report(IterationReport<Move>{depth, seldepth, score, nodes, nodes * 1000 / ms, elapsed,
                                     table_.hashfull(), pv});
  }

  // Games with a bound on their length are solved with null-window probes to
  // the end instead of deepening: no iteration is spent at heuristic depths.
  void solve_exactly(const G& root, const Run& run,
                     SearchResult<Move>& result) requires HasPlyBound<G> {
    const auto outcome = Solver<G>(table_, run.abort, settings_.threads).solve(root);
    result.nodes = outcome.nodes;
    if (!outcome.solved) return;
    result.score = outcome.score;
    result.depth = root.max_plies_left();
    result.exact = true;
    if (!outcome.pv.empty()) result.best_move = outcome.pv[0];
    result.ponder_move = outcome.pv.size() > 1 ? std::optional{outcome.pv[1]} : std::nullopt;
    publish(run, result.depth, static_cast<int>(outcome.pv.size()), outcome.score, outcome.nodes,
            outcome.pv);
  }

  void deepen(const G& root, const Run& run, SearchResult<Move>& result) {
    if (settings_.threads > 1) {
      ParallelSearch<G> parallel(root, table_, run.abort, settings_.threads);
      deepen_with(parallel, root, run, result);
    } else {
      SearchWorker<G> worker(root, table_, run.abort);
      deepen_with(worker, root, run, result);
    }
  }

  // `worker` is a SearchWorker or a ParallelSearch: both search the root.
  template <class RootSearch>
  void deepen_with(RootSearch& worker, const G& root, const Run& run, SearchResult<Move>& result) {
    int ply_bound = kMaxPly;
    if constexpr (HasPlyBound<G>) ply_bound = std::max(1, root.max_plies_left());
    const int max_depth = std::clamp(run.limits.depth.value_or(kMaxPly), 1, kMaxPly);

    for (int depth = 1; depth <= max_depth && !run.abort.stop_requested(); ++depth) {
      const auto previous_best = result.best_move;
      const Score previous_score = result.score;
      const Score score = search_with_aspiration(worker, depth, result.score);
      result.nodes = worker.nodes();
      if (worker.aborted()) break;

      const auto pv = worker.principal_variation();
      if (!pv.empty()) result.best_move = pv[0];
      result.ponder_move = pv.size() > 1 ? std::optional{pv[1]} : std::nullopt;
      result.score = score;
      result.depth = depth;
      result.exact = depth >= ply_bound || (is_decisive(score) && plies_to_end(score) <= depth);
      publish(run, depth, worker.seldepth(), score, worker.nodes(), pv);
      if (result.exact) break;
      if (depth > 1 && out_of_time(run, result.best_move != previous_best, score < previous_score))
        break;
    }
  }

  // Should deepening stop here? The next iteration costs several times this
  // one, so do not start what cannot finish; but an unstable search (a new best
  // move, a falling score) earns more of the maximum time. A fixed movetime is
  // spent in full, and nothing stops while pondering.
  static bool out_of_time(const Run& run, bool best_move_changed, bool score_dropped) {
    if (!run.budget || run.limits.movetime || run.clock.pondering()) return false;
    double scale = 1.0;
    if (best_move_changed) scale += 0.5;
    if (score_dropped) scale += 0.5;
    const auto optimum =
        std::min(run.budget->maximum,
                 Milliseconds{static_cast<long long>(run.budget->optimum.count() * scale)});
    return run.clock.elapsed() * 2 >= optimum;
  }

  template <class RootSearch>
  Score search_with_aspiration(RootSearch& worker, int depth, Score previous) {
    Score delta = aspiration_window<G>();
    Score alpha = -kInfinity;
    Score beta = kInfinity;
    if (depth >= 3 && !is_decisive(previous)) {
      alpha = std::max(previous - delta, -kInfinity);
      beta = std::min(previous + delta, kInfinity);
    }
    while (true) {
      const Score score = worker.search_root(depth, alpha, beta);
      if (worker.aborted()) return score;
      if (score <= alpha) {
        alpha = is_decisive(score) ? -kInfinity : std::max(score - delta, -kInfinity);
      } else if (score >= beta) {
        beta = is_decisive(score) ? kInfinity : std::min(score + delta, kInfinity);
      } else {
        return score;
      }
      delta *= 2;
    }
  }

  TranspositionTable& table_;
  SearchSettings settings_;
};

}  // namespace brudno::engine
