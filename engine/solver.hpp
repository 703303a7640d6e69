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
    // The value lies in [low, high]. Each probe asks "is it at least x?" with a
    // null window; its fail-soft answer s moves a bound to s itself, which is
    // often far past x.
    Score low = -kWin;
    Score high = kWin;
    Outcome outcome;
    while (low < high && !(weak && sign_known(low, high))) {
      const Score x = next_question(low, high);
      const Score answer = worker.search_root(depth, x - 1, x);
      if (worker.aborted()) break;
      if (answer >= x) {
        low = std::max(low, answer);
      } else {
        high = std::min(high, answer);
      }
    }
    outcome.nodes = worker.nodes();
    if (worker.aborted()) return outcome;
    outcome.solved = true;
    outcome.score = weak ? (low > 0 ? win_in(1) : high < 0 ? loss_in(1) : 0) : low;
    if (!weak) {
      // One search with a window just around the value walks the principal line.
      worker.search_root(depth, low - 1, low + 1);
      outcome.nodes = worker.nodes();
      if (worker.aborted()) return outcome;
      outcome.pv = worker.principal_variation();
    }
    return outcome;
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
  const AbortPolicy& abort_;
  int threads_;
};

}  // namespace brudno::engine
