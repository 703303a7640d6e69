#pragma once
// Exact solving for games with a bound on the plies left: one search to the
// end of the game, no heuristic cut-off, and null-window probes that narrow
// the value (the classic "narrow window, re-search if we miss"). Each probe
// asks one yes/no question, "is the value at least x?", which alpha-beta
// answers far faster than a full window; a handful of probes pins the value.
//
// The order of the questions: better than a draw? at least a draw? Then, for
// a decided game, a binary search over the distance to the end. Weak solving
// stops once the sign is known: win, draw or loss.

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <vector>

#include "engine/game.hpp"
#include "engine/root_state.hpp"
#include "engine/search_memory.hpp"
#include "engine/searchers.hpp"
#include "engine/stop_conditions.hpp"
#include "engine/terminal.hpp"
#include "engine/transposition_table.hpp"
#include "engine/worker_parts.hpp"

namespace brudno::engine {

template <Game G>
requires HasPlyBound<G>
class Solver {
 public:
  using Move = typename G::Move;

  struct Solution {
    Score score = 0;      // exact; for a weak solve win_in(1), 0 or loss_in(1) stand for the sign
    bool solved = false;  // false when stopped first
    std::uint64_t nodes = 0;
    std::vector<Move> pv;  // a line that attains the value (strong solves only)
  };

  // Out of the class, as solve() is: where an explicit instantiation is
  // declared (a game's *_search.hpp) they are left to the game's one file, and
  // the workers they hold need not be defined. `memory`, when given (readied
  // by SearchMemory::start_search(threads)), is the session's: the solver's
  // threads run in its arena and order moves with what earlier searches
  // learnt; without, the solver starts from nothing.
  Solver(TranspositionTable& table, const StopConditions& abort, int threads = 1,
         SearchMemory* memory = nullptr);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Whether solve() walks a principal line too.
  enum class LineRequest { kWanted, kNotWanted };

  // The value of `root`; with LineRequest::kWanted also a principal line,
  // which costs one more search. `only` restricts the root to those moves
  // (UCI `go searchmoves`; empty: all). Node counts are per call.
  Solution solve(const G& root, bool weak = false, LineRequest line = LineRequest::kWanted,
                 const std::vector<Move>& only = {});

 private:
  template <RootSearcher<Move> Searcher>
  Solution solve_with(Searcher& worker, const G& root, bool weak, bool want_line) {
    const std::uint64_t nodes_before = worker.nodes();
    const int depth = std::max(1, root.max_plies_left());
    // The value lies in [low, high]. Each probe asks "is it at least x?" with a
    // null window; its fail-soft answer s moves a bound to s itself, which is
    // often far past x.
    Score low = -kWin;
    Score high = kWin;
    Solution outcome;
    if constexpr (HasOnlyOutcomes<G>) {
      narrow_by_grades(worker, depth, weak, low, high);
    }
    while (low < high && !(weak && sign_known(low, high))) {
      const Score x = next_question(low, high);
      assert(low < x && x <= high);  // each question splits what is left
      const Score answer = worker.search_root(depth, x - 1, x);
      if (worker.aborted()) break;
      if (answer >= x) {
        low = std::max(low, answer);
      } else {
        high = std::min(high, answer);
      }
      assert(low <= high);  // fail-soft answers are bounds on one value
    }
    outcome.nodes = worker.nodes() - nodes_before;
    if (worker.aborted()) return outcome;
    outcome.solved = true;
    outcome.score = weak ? (low > 0 ? win_in(1) : high < 0 ? loss_in(1) : 0) : low;
    if (want_line) {
      // One search with a window just around the value walks the principal line.
      worker.search_root(depth, low - 1, low + 1);
      outcome.nodes = worker.nodes() - nodes_before;
      if (worker.aborted()) return outcome;
      outcome.pv = worker.principal_variation();
      assert(line_is_legal(root, outcome.pv));
    }
    assert(is_decisive(outcome.score) || std::abs(outcome.score) <= kMaxHeuristic);
    return outcome;
  }

  // For games whose values are only wins, losses and draws: the outcome as a
  // grade, B + 1 - k for a win in k plies, 0 for a draw, -(B + 1 - k) for a
  // loss, with B the plies left at the root. Questions near the extremes ("a
  // win this fast?") are cheap to answer, so, as the classic Connect Four
  // solver does, each question is pulled halfway towards the extreme of its
  // side before it is asked. Leaves [low, high] pinned to the value.
  template <RootSearcher<Move> Searcher>
  static void narrow_by_grades(Searcher& worker, int depth, bool weak, Score& low, Score& high) {
    const int bound = depth;
    const auto score_of = [bound](int grade) {
      return grade > 0 ? win_in(bound + 1 - grade) : grade < 0 ? loss_in(bound + 1 + grade) : 0;
    };
    const auto grade_of = [bound](Score score) {
      if (!is_decisive(score)) return (score > 0) - (score < 0);
      const int distance = std::min(plies_to_end(score), bound + 1);
      return score > 0 ? bound + 1 - distance : -(bound + 1 - distance);
    };
    int lowest = weak ? -1 : -bound;
    int highest = weak ? 1 : bound;
    while (lowest < highest) {
      int middle = lowest + (highest - lowest) / 2;
      if (middle <= 0 && lowest / 2 < middle) {
        middle = lowest / 2;
      } else if (middle >= 0 && highest / 2 > middle) {
        middle = highest / 2;
      }
      // Is the grade above `middle`?
      assert(lowest <= middle && middle < highest);
      const Score x = score_of(middle + 1);
      const Score answer = worker.search_root(depth, x - 1, x);
      if (worker.aborted()) return;
      if (answer >= x) {
        lowest = std::max(lowest, std::min(grade_of(answer), highest));
      } else {
        highest = std::min(highest, std::max(grade_of(answer), lowest));
      }
    }
    low = high = score_of(lowest);
    if (weak) {
      low = lowest > 0 ? win_in(bound) : lowest < 0 ? loss_in(bound) : 0;
      high = low;
    }
  }

  static bool sign_known(Score low, Score high) {
    return low > 0 || high < 0 || (low == 0 && high == 0);
  }

  // The x in (low, high] to ask about next: better than a draw? at least a
  // draw? Then, for a decided game, the middle distance to the end, so a win
  // is placed in a handful of probes, not the thirty that bisecting the score
  // range would take; for static values (finite trees), the middle value.
  static Score next_question(Score low, Score high) {
    if (low < 1 && 1 <= high) return 1;
    if (low < 0 && 0 <= high) return 0;
    if (low > 0) {
      if (high > kMaxHeuristic && low <= kMaxHeuristic) return kMaxHeuristic + 1;
      if (high > kMaxHeuristic) return win_in((plies_to_end(low) + plies_to_end(high)) / 2);
    } else {
      if (low < -kMaxHeuristic && high >= -kMaxHeuristic) return -kMaxHeuristic;
      if (low < -kMaxHeuristic) return loss_in((plies_to_end(low) + plies_to_end(high) + 1) / 2);
    }
    return low + (high - low + 1) / 2;
  }

  TranspositionTable& table_;
  const StopConditions& abort_;
  int threads_;
  SearchMemory* memory_;
  std::unique_ptr<SearchWorker<G>> worker_;
  std::unique_ptr<ParallelSearch<G>> parallel_;
};

template <Game G>
requires HasPlyBound<G> Solver<G>::Solver(TranspositionTable& table, const StopConditions& abort,
                                          int threads, SearchMemory* memory)
    : table_(table), abort_(abort), threads_(threads), memory_(memory) {
  assert(threads >= 1);
}

template <Game G>
requires HasPlyBound<G> Solver<G>::~Solver() = default;

template <Game G>
requires HasPlyBound<G>
typename Solver<G>::Solution Solver<G>::solve(const G& root, bool weak, LineRequest line,
                                              const std::vector<Move>& only) {
  if (const Status status = root.status(); status != Status::kOngoing) {
    // Over already: nothing to search, and no grade for a game that ended 0 plies away.
    return Solution{terminal_score(status, 0), true, 0, {}};
  }
  const bool want_line = line == LineRequest::kWanted && !weak;
  // One worker (or team) serves every position: its tables are large to set
  // up and its move-ordering statistics carry over usefully.
  if (threads_ > 1) {
    if (parallel_) {
      parallel_->set_root(root);
    } else {
      parallel_ = std::make_unique<ParallelSearch<G>>(root, table_, abort_, threads_, memory_);
    }
    parallel_->restrict_root(only);
    return solve_with(*parallel_, root, weak, want_line);
  }
  if (worker_) {
    worker_->set_root(root);
  } else {
    worker_ = std::make_unique<SearchWorker<G>>(root, table_, abort_,
                                                memory_ == nullptr ? nullptr : &memory_->thread(0));
  }
  worker_->restrict_root(only);
  return solve_with(*worker_, root, weak, want_line);
}

}  // namespace brudno::engine
