#pragma once
// Plain expectiminimax: the value of a decision node is the best of its
// children's for the side to move, the value of a chance node the weighted
// average of its children's. No pruning, no table, no ordering: the oracle
// that the searches with chance nodes (engine/chance_worker.hpp) are tested
// against.
//
// Averages are exact integer arithmetic: a chance node's value is
// floor(sum(weight * value) / total weight), the sum in 64 bits, so every
// search that keeps to this rule computes the same number to the last unit.

#include <cassert>
#include <cstdint>

#include "engine/game.hpp"

namespace brudno::engine {

// floor(numerator / denominator) for a positive denominator.
constexpr std::int64_t floor_div(std::int64_t numerator, std::int64_t denominator) {
  assert(denominator > 0);
  const std::int64_t quotient = numerator / denominator;
  return quotient * denominator > numerator ? quotient - 1 : quotient;
}

// ceil(numerator / denominator) for a positive denominator.
constexpr std::int64_t ceil_div(std::int64_t numerator, std::int64_t denominator) {
  return -floor_div(-numerator, denominator);
}

// A child's value as its parent's side counts it: the same when the same
// side moves in both, negated when the side changes.
constexpr Score for_parent(Score child_value, int parent_side, int child_side) {
  return parent_side == child_side ? child_value : -child_value;
}

// The bounds on every leaf value, for `side` (see HasChance).
template <HasChance G>
constexpr Score min_value_for(int side) {
  return side == 0 ? Score{G::kMinValue} : -Score{G::kMaxValue};
}
template <HasChance G>
constexpr Score max_value_for(int side) {
  return side == 0 ? Score{G::kMaxValue} : -Score{G::kMinValue};
}

struct ExpectiCounters {
  std::uint64_t nodes = 0;
};

// Searches `depth` decision plies; chance nodes take no depth, so a depth of
// d sees d moves and the random events after each but the last. Finished
// games and the horizon are valued by evaluate() (HasChance).
template <HasChance G>
Score expectiminimax(G& position, int depth, ExpectiCounters& counters) {
  ++counters.nodes;
  if (position.status() != Status::kOngoing || depth <= 0) return position.evaluate();
  MoveList<typename G::Move> moves;
  position.legal_moves(moves);
  if (moves.empty()) return position.evaluate();
  const int side = position.side_to_move();
  [[maybe_unused]] const std::uint64_t key = position.key();
  if (position.is_chance_node()) {
    std::int64_t sum = 0;
    std::int64_t total = 0;
    for (const auto move : moves) {
      const std::int64_t weight = position.chance_weight(move);
      position.play(move);
      sum += weight *
             for_parent(expectiminimax(position, depth, counters), side, position.side_to_move());
      position.undo(move);
      assert(position.key() == key);  // the board is as it was before the event
      total += weight;
    }
    assert(total > 0 && total <= kMaxChanceWeight);  // the game's promise (HasChance)
    return static_cast<Score>(floor_div(sum, total));
  }
  Score best = -kInfinity;
  for (const auto move : moves) {
    position.play(move);
    const Score value =
        for_parent(expectiminimax(position, depth - 1, counters), side, position.side_to_move());
    position.undo(move);
    assert(position.key() == key);  // the board is as it was before the move
    if (value > best) best = value;
  }
  return best;
}

template <HasChance G>
Score expectiminimax(G& position, int depth) {
  ExpectiCounters counters;
  return expectiminimax(position, depth, counters);
}

}  // namespace brudno::engine
