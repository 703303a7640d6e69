#pragma once
// Plain minimax, the classic vmax/vmin written once in negamax form: the value
// for the side to move is the maximum over its moves of minus the value for the
// opponent. No pruning, no table, no ordering: the oracle that every faster
// search is tested against.

#include <cassert>

#include "engine/game.hpp"
#include "engine/terminal.hpp"

namespace brudno::engine {

template <Game G>
Score minimax(G& position, int depth, int ply = 0) {
  assert(ply >= 0);
  const Status status = position.status();
  if (status != Status::kOngoing) return terminal_score(status, ply);
  if (depth <= 0) return position.evaluate();
  MoveList<typename G::Move> moves;
  position.legal_moves(moves);
  if (moves.empty()) return position.evaluate();
  [[maybe_unused]] const std::uint64_t key = position.key();
  Score best = -kInfinity;
  for (const auto move : moves) {
    position.play(move);
    const Score score = -minimax(position, depth - 1, ply + 1);
    position.undo(move);
    assert(position.key() == key);  // the board is as it was before the move
    if (score > best) best = score;
  }
  // Every child's value is a score, never the infinity it started from.
  assert(-kInfinity < best && best < kInfinity);
  return best;
}

}  // namespace brudno::engine
