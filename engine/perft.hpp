#pragma once
// Perft: the number of move sequences of a given length from a position,
// stopping at finished games. It exercises move generation, play, undo and
// the game's end detection, and nothing of the search.

#include <atomic>
#include <cassert>
#include <cstdint>

#include "engine/game.hpp"

namespace brudno::engine {

// Whether a count of `depth` plies gives up, its caller gone: asked only
// this far from the leaves, where a look is a rounding error of the count's
// time, and often enough that a deep count ends within milliseconds.
inline bool perft_abandoned(const std::atomic<bool>* abandoned, int depth) {
  constexpr int kLookFromDepth = 3;
  return abandoned != nullptr && depth >= kLookFromDepth &&
         abandoned->load(std::memory_order_relaxed);
}

// With `abandoned` set, the count stops early and means nothing.
template <Game G>
std::uint64_t perft(G& position, int depth, const std::atomic<bool>* abandoned = nullptr) {
  assert(depth >= 0);
  if (depth == 0 || position.status() != Status::kOngoing) return 1;
  if (perft_abandoned(abandoned, depth)) return 0;
  MoveList<typename G::Move> moves;
  position.legal_moves(moves);
  std::uint64_t total = 0;
#ifndef NDEBUG
  const std::uint64_t key = position.key();
#endif
  for (const auto move : moves) {
    position.play(move);
    total += perft(position, depth - 1, abandoned);
    position.undo(move);
    assert(position.key() == key);  // the board is as it was before the move
  }
  return total;
}

}  // namespace brudno::engine
