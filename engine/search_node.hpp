#pragma once
// The nodes of the alpha-beta search (search_worker.hpp): what each node is
// expected to be, fixed when it is compiled, and what it searches with.
//
// The contract of a node searched within (alpha, beta), asserted on entry
// (node_window_holds()):
// - alpha < beta, both within [-kInfinity, kInfinity], and the node's ply is
//   within [0, kMaxPly];
// - a kPv node has an open window, beta - alpha > 1 (one called with a null
//   window is searched as a kCut node); a kCut or kAll node has a null
//   window, beta - alpha == 1;
// - its value is fail-soft: at or below alpha an upper bound on the true
//   value, at or above beta a lower bound, in between the value itself.

#include <array>
#include <cstdint>
#include <optional>

#include "engine/game.hpp"
#include "engine/score.hpp"

namespace brudno::engine {

// Knuth and Moore's node types. Only a team of workers uses the guess
// between cut and all, to choose which moves a thread shares.
enum class NodeType : std::uint8_t {
  kPv,   // on the principal line: an exact value is wanted
  kCut,  // one move is expected to refute the opponent's last
  kAll,  // every move is expected to fail low
};

// The eldest brother of a cut-node is expected to be an all-node and the
// other way round; on the principal line it continues the line.
constexpr NodeType eldest_child_type(NodeType type) {
  switch (type) {
    case NodeType::kPv:
      return NodeType::kPv;
    case NodeType::kCut:
      return NodeType::kAll;
    case NodeType::kAll:
      break;
  }
  return NodeType::kCut;
}

// The child of an all-node, or of a cut-node whose eldest brother failed to
// refute, is expected to be a cut-node: every younger brother is searched as
// one (and re-searched as a kPv node where the principal line needs it).
inline constexpr NodeType kYoungerChildType = NodeType::kCut;

constexpr bool node_window_holds(NodeType type, int ply, Score alpha, Score beta) {
  return alpha < beta && -kInfinity <= alpha && beta <= kInfinity && 0 <= ply && ply <= kMaxPly &&
         (type == NodeType::kPv ? beta - alpha > 1 : beta - alpha == 1);
}

constexpr bool score_holds(Score score) {
  return -kInfinity <= score && score <= kInfinity;
}

// What a node searches with, once the checks on entry have passed.
template <NodeType kType>
struct SearchNode {
  static constexpr NodeType kNodeType = kType;
  static constexpr bool kPv = kType == NodeType::kPv;

  int depth;
  int ply;
  Score alpha;
  Score beta;
  std::uint64_t key;
  bool in_check = false;
  // The static value of the selective search's nodes out of check, as
  // corrected by the correction history and then refined by the table:
  // the table's value where its bound says the position is worth more (a
  // lower bound above it) or less (an upper bound below it). What the
  // rules read; -kInfinity elsewhere.
  Score static_eval = -kInfinity;
  // The static value as corrected, before the table refines it: what the
  // correction history and the improving flag compare.
  Score corrected_eval = -kInfinity;
  // The game's own value before the correction, and the key it was
  // corrected by (HasCorrectionKey).
  Score raw_eval = -kInfinity;
  std::uint64_t correction_key = 0;
  // The side to move stands better than it did two plies up (four, where
  // it was in check then; true where neither is known): the rules prune
  // less and reduce less where the position improves.
  bool improving = true;
  // The plies `depth` was reduced by after entry (internal iterative
  // reduction); the node's frame keeps the depth it was entered with.
  int reduced = 0;
};

// The state of one node's move loop.
template <Game G>
struct MoveLoop {
  using Move = typename G::Move;

  Score alpha = 0;     // the node's alpha, raised by each move that beats it
  bool share = false;  // the moves are shared out with the other workers
  Score best = -kInfinity;
  std::optional<Move> best_move;
  bool first = true;  // no move searched yet
  int searched = 0;   // moves searched so far
  // The table's move, searched first, captures: the position is likely
  // decided by material, and the quiet moves after it matter less
  // (SelectiveRules::reduction()).
  bool table_move_captures = false;
  // The quiet moves searched so far that did not cut (the selective
  // search's history takes a malus from them when another move cuts).
  // Games without a selective search leave it empty: every node carries
  // a loop, and its size costs the small-noded games speed.
  std::array<std::uint16_t, HasSelectiveSearch<G> ? 64 : 0> quiets{};
  // Their piece-to slots, for the continuation histories' malus.
  std::array<std::uint16_t, HasSelectiveSearch<G> && HasPieceToSlots<G> ? 64 : 0> quiet_piece_tos{};
  int quiet_count = 0;
  // The captures searched so far that did not cut, by capture slot (the
  // capture history takes a malus from them when another move cuts).
  std::array<std::uint16_t, HasSelectiveSearch<G> && HasCaptureSlots<G> ? 32 : 0> captures{};
  int capture_count = 0;
};

}  // namespace brudno::engine
