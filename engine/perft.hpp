#pragma once
// Perft: the number of move sequences of a given length from a position,
// stopping at finished games. It exercises move generation, play, undo and
// the game's end detection, and nothing of the search.

#include <cstdint>

#include "engine/game.hpp"

namespace brudno::engine {

template <Game G>
std::uint64_t perft(G& position, int depth) {
  if (depth == 0 || position.status() != Status::kOngoing) return 1;
  MoveList<typename G::Move> moves;
  position.legal_moves(moves);
  std::uint64_t total = 0;
  for (const auto move : moves) {
    position.play(move);
    total += perft(position, depth - 1);
    position.undo(move);
  }
  return total;
}

}  // namespace brudno::engine
