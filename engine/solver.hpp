#pragma once
// Exact solving for games with a bound on the plies left: one search to the
// end of the game, no heuristic cut-off, and null-window probes that narrow
// the value (the classic "narrow window, re-search if we miss"). Each probe
// asks one yes/no question, "is the value at least x?", which alpha-beta
// answers far faster than a full window; a handful of probes pins the value.
//
// The order of the questions: better than a draw? worse? Then, for a decided
// game, a binary search over the distance to the end. Weak solving stops after
// the first questions: win, draw or loss.

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/game.hpp"
#include "engine/parallel_root.hpp"
#include "engine/search_worker.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

template <Game G>
requires HasPlyBound<G>
class Solver {
 public:
  using Move = typename G::Move;

  struct Outcome {
    Score score = 0;      // exact; for a weak solve win_in(1), 0 or loss_in(1) stand for the sign
    bool solved = false;  // false when stopped first
    std::uint64_t nodes = 0;
    std::vector<Move> pv;  // a line that attains the value (strong solves only)
  };

  Solver(TranspositionTable& table, const AbortPolicy& abort, int threads = 1)
      : table_(table), abort_(abort), threads_(threads) {}

  Outcome solve(const G& root, bool weak = false) {
    if (threads_ > 1) {
      ParallelRoot<G> parallel(root, table_, abort_, threads_);
      return solve_with(parallel, root, weak);
    }
    SearchWorker<G> worker(root, table_, abort_);
    return solve_with(worker, root, weak);
  }

 private:
  // `worker` is a SearchWorker or a ParallelRoot: both search the root.
  template <class RootSearch>
  Outcome solve_with(RootSearch& worker, const G& root, bool weak) {
    const int depth = std::max(1, root.max_plies_left());
    const auto at_least = [&](Score x) { return worker.search_root(depth, x - 1, x) >= x; };
    Outcome outcome;

    Score value = 0;
    if (at_least(1)) {
      value = weak ? win_in(1) : highest_true(at_least, 1, kWin);
    } else if (!at_least(0)) {
      value = weak ? loss_in(1) : highest_true(at_least, -kWin, -1);
    }
    outcome.nodes = worker.nodes();
    if (worker.aborted()) return outcome;
    outcome.score = value;
    outcome.solved = true;
    if (!weak) {
      // One search with a window just around the value walks the principal line.
      worker.search_root(depth, value - 1, value + 1);
      outcome.nodes = worker.nodes();
      if (worker.aborted()) return outcome;
      outcome.pv = worker.principal_variation();
    }
    return outcome;
  }

  // The largest x in [low, high] with at_least(x), given at_least(low). Decided
  // values are searched as distances to the end, so a win takes a handful of
  // probes, not the thirty a plain bisection of the score range would.
  template <class Probe>
  static Score highest_true(const Probe& at_least, Score low, Score high) {
    if (low > 0) {
      // A win: is it decisive, and how many plies away?
      if (!at_least(kMaxHeuristic + 1)) return bisect(at_least, low, kMaxHeuristic);
      int fastest = 1;
      int slowest = kMaxPly;  // value = win_in(k): at_least(win_in(j)) holds for j >= k
      while (fastest < slowest) {
        const int middle = fastest + (slowest - fastest) / 2;
        if (at_least(win_in(middle))) {
          slowest = middle;
        } else {
          fastest = middle + 1;
        }
      }
      return win_in(fastest);
    }
    // A loss or a negative static value.
    if (at_least(-kMaxHeuristic)) return bisect(at_least, -kMaxHeuristic, high);
    int soonest = 0;  // value = loss_in(k): at_least(loss_in(j)) holds for j <= k
    int latest = kMaxPly;
    while (soonest < latest) {
      const int middle = soonest + (latest - soonest + 1) / 2;
      if (at_least(loss_in(middle))) {
        soonest = middle;
      } else {
        latest = middle - 1;
      }
    }
    return loss_in(soonest);
  }

  // The largest x in [low, high] with at_least(x), given at_least(low).
  template <class Probe>
  static Score bisect(const Probe& at_least, Score low, Score high) {
    while (low < high) {
      const Score middle = low + (high - low + 1) / 2;
      if (at_least(middle)) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return low;
  }

  TranspositionTable& table_;
  const AbortPolicy& abort_;
  int threads_;
};

}  // namespace brudno::engine
