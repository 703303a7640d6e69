#pragma once
// What can decide a node, or narrow its window, before any of its moves is
// searched: a table entry deep and tight enough, the distance to a mate
// already found, and how soon the game can end from here. Each narrows the
// window in place or returns the node's value when that alone decides it;
// none searches. Each is asked at every node, so each is inlined into it
// by force: GCC's own choice left them out of line in the team worker's
// larger negamax, whose alpha and beta then went through memory.

#include <algorithm>
#include <cassert>
#include <optional>

#include "engine/game.hpp"
#include "engine/score.hpp"
#include "engine/search_node.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

// The score a table entry gives a node searched to `depth` within (alpha,
// beta), when it is deep and tight enough to decide it without a search.
[[gnu::always_inline]] inline std::optional<Score> table_cutoff(const TableEntry& entry, int ply,
                                                                int depth, Score alpha,
                                                                Score beta) {
  assert(alpha < beta && 0 <= ply && ply <= kMaxPly);
  if (entry.depth < depth) return std::nullopt;
  const Score score = score_from_table(entry.score, ply);
  if (entry.bound == Bound::kExact || (entry.bound == Bound::kLower && score >= beta) ||
      (entry.bound == Bound::kUpper && score <= alpha)) {
    return score;
  }
  return std::nullopt;
}

// Mate-distance pruning: no line from a node at `ply` can beat a mate
// already found nearer the root, nor lose faster than being mated there.
[[gnu::always_inline]] inline std::optional<Score> bound_by_mate_distance(int ply, Score& alpha,
                                                                          Score& beta) {
  alpha = std::max(alpha, loss_in(ply));
  beta = std::min(beta, win_in(ply + 1));
  if (alpha >= beta) return alpha;
  return std::nullopt;
}

// Narrows the window by how soon the game can end from here (see
// OutcomeHorizon): no line from here ends sooner than the game allows, so
// no line can beat a win already found nearer the root.
template <NodeType kNode, Game G>
[[gnu::always_inline]] inline std::optional<Score> bound_by_horizon(const G& position, int ply,
                                                                    Score& alpha, Score& beta) {
  OutcomeHorizon horizon;
  if constexpr (HasOutcomeHorizon<G>) horizon = position.outcome_horizon();
  // Off the principal line a decided game needs no search; on it, the moves
  // are still played so that the line reaches the end of the game.
  if (horizon.decided != 0 && kNode != NodeType::kPv) {
    return horizon.decided > 0 ? win_in(ply + horizon.decided) : loss_in(ply - horizon.decided);
  }
  // On the principal line the bounds stay one point wide of what the game
  // allows: a value they would pin exactly must still be inside the window,
  // or its move would fail low and drop out of the line.
  const Score slack = kNode == NodeType::kPv ? 1 : 0;
  alpha = std::max(alpha, loss_in(ply + horizon.fastest_loss) - slack);
  beta = std::min(beta, win_in(ply + horizon.fastest_win) + slack);
  if (alpha >= beta) return alpha;
  return std::nullopt;
}

}  // namespace brudno::engine
