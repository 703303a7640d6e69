#pragma once
// The search driver: iterative deepening with aspiration windows around the
// last score (the classic "narrow window, re-search if we miss"), limits, and
// one report per completed iteration.
//
// The workers it drives are only declared here (searchers.hpp): a game's
// search is compiled once, in the file that instantiates it with
// engine/search_definitions.hpp, and every other file sees the game's
// explicit instantiation declaration (games/<game>/<game>_search.hpp).

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

#include "engine/aspiration.hpp"
#include "engine/game.hpp"
#include "engine/iteration_skips.hpp"
#include "engine/root_state.hpp"
#include "engine/search_clock.hpp"
#include "engine/search_limits.hpp"
#include "engine/search_memory.hpp"
#include "engine/search_report.hpp"
#include "engine/search_settings.hpp"
#include "engine/searchers.hpp"
#include "engine/solver.hpp"
#include "engine/stop_conditions.hpp"
#include "engine/terminal.hpp"
#include "engine/time_manager.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

template <Game G>
class Search {
 public:
  using Move = typename G::Move;
  using Reporter = std::function<void(const IterationReport<Move>&)>;
  using RootMoveReporter = std::function<void(const CurrentMove<Move>&)>;
  using Clock = std::chrono::steady_clock;

  // `memory`, when given, is kept by the caller from one search to the next
  // (a session keeps one until a new game): the threads' ordering memory and
  // their arena. Without it each run starts from nothing, as the bench does, so
  // that its node counts do not depend on what was searched before.
  explicit Search(TranspositionTable& table, SearchSettings settings = {},
                  SearchMemory* memory = nullptr)
      : table_(table), settings_(settings), memory_(memory) {}

  // Told of each root move as the search starts it, once a second has
  // passed (UCI sends currmove only then, not to flood the GUI).
  void report_root_moves(RootMoveReporter reporter) { root_move_reporter_ = std::move(reporter); }

  // Searches `root` until a limit is met, the value is proven, or `stop` is set.
  // An infinite or pondering search returns only after `stop` (or, pondering,
  // after `ponderhit` and its time), as UCI asks. `clock` lets the caller
  // restart the time at ponderhit; without one the search keeps its own.
  // `search_moves` restricts the root to those moves (UCI `go searchmoves`);
  // empty, or with none of them legal, every move is searched.
  SearchResult<Move> run(const G& root, const SearchLimits& limits, const std::atomic<bool>& stop,
                         const Reporter& report = {}, SearchClock* clock = nullptr,
                         const std::vector<Move>& search_moves = {});

 private:
  // What one run of the search works with.
  struct Run {
    const SearchLimits& limits;
    const std::optional<TimeBudget>& budget;
    const StopConditions& abort;
    const SearchClock& clock;  // the time budget counts on this one
    Clock::time_point start;   // reports count from here
    const Reporter& report;
    const std::vector<Move>& only;  // the root moves to search; empty: all
  };

  // The moves of `wanted` that are legal at the root, in the order given.
  static std::vector<Move> legal_subset(const MoveList<Move>& legal,
                                        const std::vector<Move>& wanted) {
    std::vector<Move> subset;
    for (const Move move : wanted) {
      if (legal.contains(move) && std::find(subset.begin(), subset.end(), move) == subset.end()) {
        subset.push_back(move);
      }
    }
    return subset;
  }

  // Whether `move` may be played at the root: legal there and, with `go
  // searchmoves`, one of the moves searched. A chance node's outcomes are
  // not the mover's to choose, and are never cut down (see ChanceWorker).
  static bool plays_at_root(const G& root, const std::vector<Move>& only, Move move) {
    MoveList<Move> legal;
    root.legal_moves(legal);
    if (!legal.contains(move)) return false;
    if constexpr (HasChance<G>) {
      if (root.is_chance_node()) return true;
    }
    return only.empty() || std::find(only.begin(), only.end(), move) != only.end();
  }

  void publish(const Run& run, int depth, int seldepth, Score score, std::uint64_t nodes,
               const std::vector<Move>& pv, int multipv = 1) {
    if (!run.report) return;
    const auto elapsed = Clock::now() - run.start;
    // Speed from microseconds: a search that took under a millisecond (time
    // 0) still reports the rate it ran at, not its nodes times a thousand.
    const auto micros = std::max<std::int64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count(), 1);
    const auto nps =
        static_cast<std::uint64_t>(static_cast<double>(nodes) * 1e6 / static_cast<double>(micros));
    run.report(IterationReport<Move>{depth, seldepth, score, nodes, nps,
                                     std::chrono::duration_cast<Milliseconds>(elapsed),
                                     table_.hashfull(), pv, multipv});
  }

  // Games with a bound on their length are solved with null-window probes to
  // the end instead of deepening: no iteration is spent at heuristic depths.
  // Member templates, so that an explicit instantiation of the class skips
  // them for games they do not apply to (as Clang needs; GCC reads the
  // requires-clause alone).
  template <class Game = G>
  void solve_exactly(const G& root, const Run& run,
                     SearchResult<Move>& result) requires HasPlyBound<Game> {
    Solver<G> solver(table_, run.abort, settings_.threads, memory_);
    const auto outcome = solver.solve(root, false, Solver<G>::LineRequest::kWanted, run.only);
    result.nodes = outcome.nodes;
    if (!outcome.solved) return;
    result.score = outcome.score;
    result.depth = root.max_plies_left();
    result.exact = true;
    assert(proven_value(result.score));
    if (!outcome.pv.empty()) result.best_move = outcome.pv[0];
    assert(!result.best_move || plays_at_root(root, run.only, *result.best_move));
    result.ponder_move = outcome.pv.size() > 1 ? std::optional{outcome.pv[1]} : std::nullopt;
    publish(run, result.depth, static_cast<int>(outcome.pv.size()), outcome.score, outcome.nodes,
            outcome.pv);
  }

  void deepen(const G& root, const Run& run, SearchResult<Move>& result) {
    if constexpr (HasChance<G>) {
      // Expectiminimax with Star1 pruning, on one thread: the shared-tree
      // team is built on alpha-beta's node types, which chance nodes lack.
      // Star1, not Star2: on the synthetic trees Star2's probes cost more
      // than they cut (docs/benchmarks.md), and in a one-player game (2048)
      // the two are the same search.
      ChanceWorker<G> worker(root, &table_, run.abort, ChancePruning::kStar1);
      worker.restrict_root(run.only);
      worker.set_probability_cutoff(settings_.chance_cutoff);
      worker.report_root_moves(root_move_callback(run));
      deepen_with(worker, root, run, result);
    } else {
      deepen_alternating(root, run, result);
    }
  }

  template <class Game = G>
  void deepen_alternating(const G& root, const Run& run,
                          SearchResult<Move>& result) requires(!HasChance<Game>) {
    // The full width is another search only where the game has a search of
    // its own (see Width); elsewhere it is not compiled twice.
    if constexpr (HasRuleStatus<G>) {
      if (!settings_.selective) {
        deepen_alternating_with<Width::kFull>(root, run, result);
        return;
      }
    }
    deepen_alternating_with<Width::kSelective>(root, run, result);
  }

  template <Width kWidth>
  void deepen_alternating_with(const G& root, const Run& run, SearchResult<Move>& result) {
    if (settings_.threads > 1) {
      ParallelSearch<G, kWidth> parallel(root, table_, run.abort, settings_.threads, memory_);
      parallel.restrict_root(run.only);
      parallel.report_root_moves(root_move_callback(run));
      deepen_with(parallel, root, run, result);
    } else {
      SearchWorker<G, LonePolicy, kWidth> worker(
          root, table_, run.abort, memory_ == nullptr ? nullptr : &memory_->thread(0));
      worker.restrict_root(run.only);
      worker.report_root_moves(root_move_callback(run));
      deepen_with(worker, root, run, result);
    }
  }

  // What the workers call as they start each root move: currmove, once a
  // second has passed since the search began.
  std::function<void(Move, int)> root_move_callback(const Run& run) {
    if (!root_move_reporter_) return {};
    return [this, &run](Move move, int number) {
      if (Clock::now() - run.start < std::chrono::seconds(1)) return;
      root_move_reporter_(CurrentMove<Move>{current_depth_, move, number});
    };
  }

  template <RootSearcher<Move> Searcher>
  void deepen_with(Searcher& worker, const G& root, const Run& run, SearchResult<Move>& result) {
    int ply_bound = kMaxPly;
    if constexpr (HasPlyBound<G>) ply_bound = std::max(1, root.max_plies_left());
    const int max_depth = std::clamp(depth_limit(run.limits), 1, kMaxPly);
    std::vector<Score> other_lines;  // the last scores of lines 2, 3, ... (MultiPV)

    assert(1 <= max_depth && max_depth <= kMaxPly && ply_bound >= 1);
    for (int depth = 1; depth <= max_depth && !run.abort.stop_requested(); ++depth) {
      assert(1 <= depth && depth <= kMaxPly);
      if (skips_iteration(settings_.helper, depth, max_depth)) continue;
      current_depth_ = depth;
      const auto previous_best = result.best_move;
      const Score previous_score = result.score;
      const Score score = search_with_aspiration(worker, depth, result.score);
      result.nodes = worker.nodes();
      // From here on the time and node limits may cut an iteration short.
      run.abort.arm_limits();
      if (worker.aborted()) break;

      std::vector<MultiPvLine> lines{
          MultiPvLine{score, worker.seldepth(), worker.principal_variation()}};
      bool cut_short = false;
      if (settings_.multipv > 1 && !lines.front().pv.empty()) {
        search_other_lines(worker, root, run, depth, lines, other_lines);
        result.nodes = worker.nodes();
        cut_short = worker.aborted();
      }
      // Best first, as GUIs expect of MultiPV: line k was searched apart from
      // the first k - 1 and can come out above them, and `bestmove` is the
      // first line's move.
      std::stable_sort(lines.begin(), lines.end(), [](const MultiPvLine& a, const MultiPvLine& b) {
        return a.score > b.score;
      });
      // No more lines than asked for, each from another root move.
      assert(lines.size() <= static_cast<std::size_t>(std::max(settings_.multipv, 1)));
      assert(distinct_first_moves(lines));
      const MultiPvLine& best = lines.front();
      if (!best.pv.empty()) result.best_move = best.pv[0];
      assert(result.best_move && plays_at_root(root, run.only, *result.best_move));
      result.ponder_move = best.pv.size() > 1 ? std::optional{best.pv[1]} : std::nullopt;
      result.score = best.score;
      result.depth = depth;
      result.exact =
          depth >= ply_bound || (is_decisive(best.score) && plies_to_end(best.score) <= depth);
      // Only a search that saw every game end calls its score exact: in a
      // game of outcomes alone that is a win, a loss or a draw. (A game with
      // no bound on its length ends its deepening at kMaxPly, called exact.)
      assert(!result.exact || !HasPlyBound<G> || proven_value(best.score));
      for (std::size_t k = 0; k < lines.size(); ++k) {
        publish(run, depth, lines[k].seldepth, lines[k].score, worker.nodes(), lines[k].pv,
                static_cast<int>(k) + 1);
      }
      if (cut_short) break;
      if (result.exact || mate_found(run.limits, result.score)) break;
      if (depth > 1 &&
          out_of_time(run, result.best_move != previous_best, result.score < previous_score))
        break;
    }
  }

  // One principal line of an iteration, as MultiPV reports it.
  struct MultiPvLine {
    Score score;
    int seldepth;
    std::vector<Move> pv;
  };

  // MultiPV's lines each start with another root move (and none is empty).
  static bool distinct_first_moves(const std::vector<MultiPvLine>& lines) {
    for (std::size_t k = 0; k < lines.size(); ++k) {
      if (lines[k].pv.empty() && lines.size() > 1) return false;
      for (std::size_t j = 0; j < k; ++j) {
        if (!lines[j].pv.empty() && !lines[k].pv.empty() && lines[j].pv[0] == lines[k].pv[0])
          return false;
      }
    }
    return true;
  }

  // A value a search to every game end can give: in a game of outcomes
  // alone, a win, a loss or a draw; any value in the others.
  static bool proven_value(Score score) {
    return !has_only_outcomes<G>() || score == 0 || is_decisive(score);
  }

  // MultiPV: line k is the best line among the root moves the first k - 1
  // lines did not start with, each searched to the iteration's depth and
  // appended to `lines` (which holds the first). Stops early when aborted.
  template <RootSearcher<Move> Searcher>
  void search_other_lines(Searcher& worker, const G& root, const Run& run, int depth,
                          std::vector<MultiPvLine>& lines, std::vector<Score>& scores) {
    MoveList<Move> legal;
    root.legal_moves(legal);
    assert(lines.size() == 1 && !lines.front().pv.empty());
    const Move best = lines.front().pv.front();
    std::vector<Move> remaining;
    for (const Move move : legal) {
      const bool allowed =
          run.only.empty() || std::find(run.only.begin(), run.only.end(), move) != run.only.end();
      if (allowed && move != best) remaining.push_back(move);
    }
    assert(remaining.size() < legal.size());  // the first line's move is left out
    scores.resize(static_cast<std::size_t>(std::max(settings_.multipv - 1, 0)), 0);
    for (int line = 2; line <= settings_.multipv && !remaining.empty(); ++line) {
      worker.restrict_root(remaining);
      Score& last = scores[static_cast<std::size_t>(line - 2)];
      const Score score = search_with_aspiration(worker, depth, last);
      if (worker.aborted()) break;
      lines.push_back(MultiPvLine{score, worker.seldepth(), worker.principal_variation()});
      if (lines.back().pv.empty()) {
        lines.pop_back();
        break;
      }
      last = score;
      std::erase(remaining, lines.back().pv.front());
    }
    worker.restrict_root(run.only);
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

  // The deepest iteration: the `depth` limit, or 2N plies for `mate N`
  // alone (a mate in N moves is 2N - 1 plies deep).
  static int depth_limit(const SearchLimits& limits) {
    if (limits.depth) return *limits.depth;
    const bool mate_alone = limits.mate && !limits.nodes && !limits.movetime && !limits.time[0] &&
                            !limits.time[1] && !limits.infinite;
    return mate_alone ? 2 * *limits.mate : kMaxPly;
  }

  // `go mate N`: a win in N moves or fewer is proven.
  static bool mate_found(const SearchLimits& limits, Score score) {
    return limits.mate && is_decisive(score) && score > 0 && mate_in_moves(score) <= *limits.mate;
  }

  template <RootSearcher<Move> Searcher>
  Score search_with_aspiration(Searcher& worker, int depth, Score previous) {
    AspirationWindow window(aspiration_width<G>());
    if (depth >= 3 && !is_decisive(previous)) window.centre_on(previous);
    while (true) {
      assert(window.alpha() < window.beta());
      const Score score = worker.search_root(depth, window.alpha(), window.beta());
      if (worker.aborted()) return score;
      if (!window.widen_around(score)) {
        // Inside the window: the iteration's value, exact.
        assert(window.alpha() < score && score < window.beta());
        return score;
      }
    }
  }

  TranspositionTable& table_;
  SearchSettings settings_;
  SearchMemory* memory_;
  RootMoveReporter root_move_reporter_;
  int current_depth_ = 0;  // the iteration running, for currmove
};

// Defined out of the class, so that it is not inline: the files that see
// an explicit instantiation declared (protocol/game_searches.hpp) then
// leave it to the one file that makes it.
template <Game G>
SearchResult<typename G::Move> Search<G>::run(const G& root, const SearchLimits& limits,
                                              const std::atomic<bool>& stop, const Reporter& report,
                                              SearchClock* clock,
                                              const std::vector<Move>& search_moves) {
  SearchClock own_clock;
  SearchClock& timer = clock != nullptr ? *clock : own_clock;
  table_.new_search();
  if (memory_ != nullptr)
    memory_->start_search(std::max(settings_.threads, 1), ordering_shape<G>());
  const auto budget = allocate_time(limits, root.side_to_move(), settings_.move_overhead);
  // Deepening arms the clock once its first iteration is done; solving,
  // which has no first iteration to finish, is timed from the start.
  const StopConditions abort(stop, limits.nodes,
                             budget ? std::optional{budget->maximum} : std::nullopt, &timer,
                             limits.solve, settings_.threads <= 1 ? settings_.cores : nullptr);
  SearchResult<Move> result;
  MoveList<Move> root_moves;
  const Status status = root.status();
  // A draw by a rule the players may leave unclaimed is still searched.
  if (plays_on<G>(status)) root.legal_moves(root_moves);
  const std::vector<Move> only = legal_subset(root_moves, search_moves);
  const Run run{limits, budget, abort, timer, Clock::now(), report, only};

  if (root_moves.empty()) {
    // A game with chance values its finished positions by evaluate() too.
    result.score =
        status == Status::kOngoing || HasChance<G> ? root.evaluate() : terminal_score(status, 0);
    result.exact = true;
    // The game is over: one report at depth 0 (`score mate 0` when mated,
    // `cp 0` when drawn), as Stockfish prints it, so a GUI can show the result.
    publish(run, 0, 0, result.score, 0, {});
  } else {
    // Something legal even if stopped at once.
    result.best_move = only.empty() ? root_moves[0] : only[0];
    bool solved = false;
    if constexpr (HasPlyBound<G>) {
      if (limits.solve) {
        solve_exactly(root, run, result);
        solved = true;
      }
    }
    if (!solved) deepen(root, run, result);
  }
  abort.leave_cores();
  while ((limits.infinite || timer.pondering()) && !stop.load(std::memory_order_relaxed)) {
    std::this_thread::sleep_for(Milliseconds{1});
  }
  return result;
}

}  // namespace brudno::engine
