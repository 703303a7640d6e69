#pragma once
// The parts every search worker is built from, written once: the alpha-beta
// worker (search_worker.hpp, which the solver runs, solver.hpp) and the
// chance worker (chance_worker.hpp) alike.
//
// - NodeTally: the node count, the share of a node limit, and the polling
//   of the stop flag and the clock;
// - keep_root_moves(): the root cut down to `go searchmoves`;
// - table_move_first() (move_ordering.hpp): the table's move put first;
// - prefetch_children(): the children's table lines asked for before any
//   child is searched;
// - line_is_legal(), table_move_is_legal(): what the workers assert of
//   their principal lines and of the table's moves.
// The principal line is the SearchStack's (search_stack.hpp), the table's
// cut-off table_cutoff() (node_bounds.hpp).

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/game.hpp"
#include "engine/move_list.hpp"
#include "engine/move_ordering.hpp"
#include "engine/score.hpp"
#include "engine/stop_conditions.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

// One worker's nodes and its reasons to give up: a node limit (taken from
// the search's NodeBudget a batch at a time, so that threads share it), the
// stop flag and the clock (polled every kPollInterval calls), or whatever
// the worker adds (give_up(): a team's cut-off).
class NodeTally {
 public:
  static constexpr std::uint64_t kPollInterval = 2048;
  static constexpr std::uint64_t kNodeBatch = 256;

  explicit NodeTally(const StopConditions& abort) : abort_(abort) {}

  // A node searched (the worker decides where it counts one).
  void count() { ++nodes_; }
  // The check every node makes on entry; true once the worker must give up.
  // Each call counts as one in calls().
  [[gnu::always_inline]] bool must_give_up() {
    if (aborted_) return true;
    if (nodes_ >= granted_) {
      granted_ += abort_.take_nodes(kNodeBatch);
      if (nodes_ >= granted_) return aborted_ = true;
    }
    if (++calls_ % kPollInterval == 0 && abort_.stop_requested(looks_)) return aborted_ = true;
    return false;
  }
  void give_up() { aborted_ = true; }
  // Ready for the next search after one was given up.
  void resume() { aborted_ = false; }

  [[nodiscard]] bool aborted() const { return aborted_; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  // The entry checks made so far: a clock for the checks the worker makes
  // every so many nodes.
  [[nodiscard]] std::uint64_t calls() const { return calls_; }

 private:
  const StopConditions& abort_;
  std::uint64_t nodes_ = 0;
  std::uint64_t granted_ = 0;  // nodes this worker may count (see NodeBudget)
  std::uint64_t calls_ = 0;
  ClockLooks looks_;  // this worker's looks at the search's clock
  bool aborted_ = false;
};

// The root's moves cut down to those of `go searchmoves` (`wanted`; empty:
// every move). When none of them is legal here the root keeps every move,
// as if none had been named: a search always has a move to play.
template <class Move>
void keep_root_moves(MoveList<Move>& moves, const std::vector<Move>& wanted) {
  if (wanted.empty()) return;
  std::size_t kept = 0;
  for (const Move move : moves) {
    if (std::find(wanted.begin(), wanted.end(), move) != wanted.end()) moves[kept++] = move;
  }
  if (kept > 0) moves.resize(kept);
}

// A probe that misses the cache costs more than a whole node: ask for the
// children's table lines now, so their loads overlap instead of queueing.
// `also(key)` is told each child's key (a team asks for its busy-table slot
// too). Games whose moves cost more to play than a miss opt out
// (prefetches_children()), and a lone move has nothing to overlap with.
template <Game G, class Also>
void prefetch_children(G& position, const MoveList<typename G::Move>& moves,
                       const TranspositionTable& table, Also also) {
  if constexpr (!prefetches_children<G>()) return;
  if (moves.size() < 2) return;
  for (const auto move : moves) {
    [[maybe_unused]] const std::uint64_t key = position.key();
    position.play(move);
    table.prefetch(position.key());
    also(position.key());
    position.undo(move);
    assert(position.key() == key);
  }
}

// Whether `line` is a line of legal moves from `position`: what every
// principal line must be (asserted where a search hands one out).
template <Game G>
bool line_is_legal(G position, const std::vector<typename G::Move>& line) {
  if (line.size() > static_cast<std::size_t>(kMaxPly) + 1) return false;
  for (const auto move : line) {
    MoveList<typename G::Move> moves;
    position.legal_moves(moves);
    if (!moves.contains(move)) return false;
    position.play(move);
  }
  return true;
}

// Whether the table's move (its bits) is one of the legal `moves`: the
// table's keys are whole (TranspositionTable::probe), so a move it gives for
// this position was found in this position.
template <Game G>
bool table_move_is_legal(const MoveList<typename G::Move>& moves,
                         std::optional<std::uint16_t> bits) {
  if (!bits) return true;
  for (const auto move : moves) {
    if (move_bits<G>(move) == *bits) return true;
  }
  return false;
}

}  // namespace brudno::engine
