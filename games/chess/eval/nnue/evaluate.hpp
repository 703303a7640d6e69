#pragma once
// The network's score of a chess position: its accumulators brought up to
// date in the position's cache (accumulator_cache.hpp), then the dense layers.

#include <cstdint>

#include "games/chess/chess.hpp"
#include "games/chess/eval/nnue/network.hpp"
#include "games/chess/eval/nnue/simd.hpp"

namespace brudno::games::chess::nnue {

// Both perspectives' accumulators of `position` built from its pieces
// (hidden_padded int16 each).
void build_accumulators(const Chess& position, const Network& network, SimdPath path,
                        std::int16_t* white, std::int16_t* black);

// Centipawns for the side to move from its accumulator and the other side's,
// through the dense stack of a position with `pieces` pieces: out *
// score_scale / (A << S), truncated toward zero (docs/nnue.md).
int score_from_accumulators(const Network& network, SimdPath path, int pieces,
                            const std::int16_t* own, const std::int16_t* other);

// The score of `position`, its accumulators updated in its cache.
int evaluate(const Chess& position, const Network& network, SimdPath path);

// The same, the accumulators built from the board without the cache.
int evaluate_from_scratch(const Chess& position, const Network& network, SimdPath path);

// Brings the cache's accumulators of the current ply up to date (as
// evaluate() does) and says whether they equal those built from the board.
bool cached_accumulators_match_board(const Chess& position, const Network& network);

}  // namespace brudno::games::chess::nnue
