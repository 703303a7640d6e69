#pragma once
// What every search of a root keeps, written once: the root's moves (`go
// searchmoves`), whom to tell of each root move as it starts, the node tally
// with its reasons to give up, the deepest ply reached, and the stack that
// holds the principal lines. The alpha-beta worker (search_worker.hpp) and
// the chance worker (chance_worker.hpp) are built on it; the team
// (parallel_search.hpp) hands the same calls to its workers.
//
// RootSearcher is what the drivers (search.hpp's deepening, solver.hpp's
// probes) ask of any of them: a fail-soft or fail-hard search of the root
// within a window, and what it found.

#include <algorithm>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/game.hpp"
#include "engine/score.hpp"
#include "engine/search_stack.hpp"
#include "engine/stop_conditions.hpp"
#include "engine/worker_parts.hpp"

namespace brudno::engine {

template <class S, class Move>
concept RootSearcher = requires(S& searcher, const S& done, int depth, Score alpha, Score beta,
                                const std::vector<Move>& moves) {
  // The root's value within (alpha, beta); meaningless once aborted().
  { searcher.search_root(depth, alpha, beta) } -> std::same_as<Score>;
  // Restricts the root to these moves (UCI `go searchmoves`); empty: all.
  { searcher.restrict_root(moves) } -> std::same_as<void>;
  { done.aborted() } -> std::same_as<bool>;
  { done.nodes() } -> std::same_as<std::uint64_t>;
  { done.seldepth() } -> std::same_as<int>;
  // The line of the last root search that ended inside its window.
  { done.principal_variation() } -> std::same_as<std::vector<Move>>;
};

template <Game G>
class RootState {
 public:
  using Move = typename G::Move;
  // Told of each root move as it is started, with its number from 1.
  using RootMoveCallback = std::function<void(Move, int)>;

  void restrict_root(const std::vector<Move>& moves) {
    root_moves_.assign(moves.begin(), moves.end());
  }
  void report_root_moves(RootMoveCallback callback) { on_root_move_ = std::move(callback); }
  // Ready for the next search after one was given up.
  void resume() { tally_.resume(); }
  void reset_seldepth() { seldepth_ = 0; }

  [[nodiscard]] bool aborted() const { return tally_.aborted(); }
  [[nodiscard]] std::uint64_t nodes() const { return tally_.nodes(); }
  [[nodiscard]] int seldepth() const { return seldepth_; }
  [[nodiscard]] std::vector<Move> principal_variation() const { return stack_.line(0); }

 protected:
  explicit RootState(const StopConditions& abort) : tally_(abort) {}
  ~RootState() = default;
  RootState(const RootState&) = delete;
  RootState& operator=(const RootState&) = delete;

  // What every node does first: it has no principal line yet, and it is
  // as deep as the search has reached.
  void enter_node(int ply) {
    assert(0 <= ply && ply <= kMaxPly);
    stack_[ply].pv_length = 0;
    seldepth_ = std::max(seldepth_, ply);
  }
  // The root is cut down to `go searchmoves`.
  [[nodiscard]] bool restricted_root() const { return !root_moves_.empty(); }
  void announce_root_move(Move move, int number) {
    assert(number >= 1);
    if (on_root_move_) on_root_move_(move, number);
  }

  NodeTally tally_;               // nodes, node limit, stop polling
  std::vector<Move> root_moves_;  // searchmoves; empty: every move
  RootMoveCallback on_root_move_;
  int seldepth_ = 0;
  // Everything the search keeps by ply, the principal lines among it
  // (see SearchStack).
  SearchStack<Move> stack_;
};

}  // namespace brudno::engine
