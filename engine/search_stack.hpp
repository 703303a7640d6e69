#pragma once
// A search's state by ply, one entry per ply as Stockfish's Stack: what the
// node at each ply on the way from the root searches with (its frame), the
// move that led into it, the singular extension's excluded and extended
// moves, and the principal line from it. Kept together, a search of a node
// again at its own ply (a null move's verification, the look-ahead, a
// singular extension's exclusion search) saves the whole entry and puts it
// back (SamePlyResearch): the re-search enters the ply afresh, and what it
// leaves there is its own, not the node's.
//
// Killers and histories are not kept here but in the ordering memory
// (ordering_memory.hpp), which outlives one search: the histories are kept
// from one search to the next, the killers only within one. A node's static
// evaluation lives in its SearchNode, on the node's own call frame, where no
// re-search can reach it.

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/ply.hpp"
#include "engine/score.hpp"

namespace brudno::engine {

// No static value: the node was in check (or is not evaluated).
inline constexpr Score kNoStaticValue = -kInfinity;

// A node on the way from the root to the current one, as searched: what a
// team's settles_ancestor() judges it by and its table store asserts.
struct NodeFrame {
  std::uint64_t key = 0;
  int depth = 0;
  Score alpha = 0;
  Score beta = 0;
  // Whether the table's entry for `key` may settle the node: not on the
  // principal line, which must keep its line, nor in a search of some of
  // the node's moves only (a singular extension's), whose value the entry,
  // being the whole position's, does not give.
  bool settleable = false;

  bool operator==(const NodeFrame&) const = default;
};

// What a ply's node keeps while its moves are searched, the principal line
// aside: what a re-search of the same ply saves and restores.
struct PlyState {
  NodeFrame frame;
  // The history slot (history_slot()) of the move played into this ply,
  // plus one (0: none, or a null move), for the counter-move table.
  std::uint32_t move_into = 0;
  // Its piece-to slot (HasPieceToSlots) plus one (0: none, a null move, or
  // a game without them), for the continuation histories.
  std::uint32_t piece_to_into = 0;
  // The move into this ply was a null move: never two in a row.
  bool null_move_into = false;
  // The node's static value where the selective search evaluates it;
  // kNoStaticValue where it does not (in check). A node asks the one two
  // plies up whether its side's position is improving.
  Score static_eval = kNoStaticValue;
  // Singular extensions: the move this ply's exclusion search leaves out,
  // and the move its node searches one ply deeper.
  std::optional<std::uint16_t> excluded;
  std::optional<std::uint16_t> extended;
};

template <class Move>
struct PlyEntry : PlyState {
  // The principal line from this ply (a row of the triangular PV table).
  int pv_length = 0;
  std::array<Move, kMaxPly + 1> pv{};
};

template <class Move>
class SearchStack {
 public:
  // Plies 0..kMaxPly are nodes; kMaxPly + 1 is the child a node at kMaxPly
  // would name (move_into, null_move_into) before the child stops at once.
  static constexpr int kPlies = kMaxPly + 2;

  PlyEntry<Move>& operator[](int ply) {
    assert(0 <= ply && ply < kPlies);
    return entries_[static_cast<std::size_t>(ply)];
  }
  const PlyEntry<Move>& operator[](int ply) const {
    assert(0 <= ply && ply < kPlies);
    return entries_[static_cast<std::size_t>(ply)];
  }

  // The line from `ply`: `move`, then the child's line.
  void update_pv(int ply, Move move) {
    assert(0 <= ply && ply <= kMaxPly);
    PlyEntry<Move>& entry = (*this)[ply];
    entry.pv[0] = move;
    const int child_length = ply + 1 < kMaxPly ? (*this)[ply + 1].pv_length : 0;
    assert(0 <= child_length && child_length <= kMaxPly - ply);
    const auto& child = (*this)[ply + 1].pv;
    for (int i = 0; i < child_length; ++i) {
      entry.pv[static_cast<std::size_t>(i) + 1] = child[static_cast<std::size_t>(i)];
    }
    entry.pv_length = child_length + 1;
  }

  [[nodiscard]] std::vector<Move> line(int ply) const {
    const PlyEntry<Move>& entry = (*this)[ply];
    assert(0 <= entry.pv_length && entry.pv_length <= kMaxPly + 1 - ply);
    return {entry.pv.begin(), entry.pv.begin() + entry.pv_length};
  }

 private:
  std::array<PlyEntry<Move>, kPlies> entries_{};
};

// Saves a ply's state while the node searches itself again at its own ply,
// and puts it back when the re-search returns. The principal line is left
// to the caller, which clears it: the re-search's line is not the node's.
class SamePlyResearch {
 public:
  explicit SamePlyResearch(PlyState& state) : state_(state), saved_(state) {}
  ~SamePlyResearch() { state_ = saved_; }
  SamePlyResearch(const SamePlyResearch&) = delete;
  SamePlyResearch& operator=(const SamePlyResearch&) = delete;

 private:
  PlyState& state_;
  PlyState saved_;
};

}  // namespace brudno::engine
