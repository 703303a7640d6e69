#pragma once
// A proof tree, the classic treemax: a strategy for one side that guarantees a
// bound on the value whatever the other side does. At the prover's positions it
// names exactly one move, at the opponent's every legal move, and every leaf is
// a finished game. Positions that repeat are shared, so the tree is stored as a
// DAG: a list of nodes, each mapping move text to a child node.

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/score.hpp"

namespace brudno::engine {

enum class ProofClaim {
  kAtLeast,  // the side to move at the root gets at least `bound`: it is the prover
  kAtMost,   // it gets at most `bound`: the opponent is the prover
};

struct ProofNode {
  // Move text and the index of the node it leads to; empty at a leaf.
  std::vector<std::pair<std::string, int>> moves;
  // At a leaf: the value of the finished game for the root side, as the prover
  // states it. The checker recomputes it from the rules.
  std::optional<Score> leaf_value;
};

struct Proof {
  ProofClaim claim = ProofClaim::kAtLeast;
  // The value for the side to move at the root, counted from the root: a win
  // k plies from the root is win_in(k), as everywhere in the engine.
  Score bound = 0;
  int root = 0;
  std::vector<ProofNode> nodes;

  [[nodiscard]] std::size_t positions() const { return nodes.size(); }
  [[nodiscard]] std::size_t moves_written() const {
    std::size_t total = 0;
    for (const auto& node : nodes) total += node.moves.size();
    return total;
  }
};

// Is the root side the one that picks the move at this ply?
constexpr bool prover_moves(ProofClaim claim, int ply) {
  assert(ply >= 0);  // plies count from the root
  return (claim == ProofClaim::kAtLeast) == (ply % 2 == 0);
}

// Does a leaf whose value for the root side is `value` meet the claim?
constexpr bool meets_claim(ProofClaim claim, Score bound, Score value) {
  return claim == ProofClaim::kAtLeast ? value >= bound : value <= bound;
}

}  // namespace brudno::engine
