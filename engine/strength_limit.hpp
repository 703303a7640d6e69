#pragma once
// UCI_LimitStrength: a weaker opponent on purpose, for people who play
// against the engine. Two levers, both tied to one level from 0 (weakest) to
// 20 (the full search): the search stops at a shallow depth, and the move is
// drawn among the best few lines (MultiPV) with a bias toward the best.
//
// The draw favours small errors: the chance of picking a line falls with its
// distance below the best, and a line more than largest_loss(weakness) below
// it is never picked, so a strong setting never gives its queen away. The
// weaker the level, the shallower the search and the larger the errors it may
// make. The Elo each level plays at is measured, not assumed (calibration in
// docs/benchmarks.md, "Strength limit").

#include <cstddef>
#include <random>
#include <span>

#include "engine/score.hpp"

namespace brudno::engine {

struct WeakerPlay {
  int depth = 1;     // the deepest iteration searched
  int weakness = 1;  // 1 to 127: the higher, the larger the errors it may pick
  int lines = 4;     // the principal lines the move is drawn among
};

// The level's search depth and weakness: level 0 is depth 1 at weakness 120.
WeakerPlay weaker_play_at_level(double level);

// The largest loss, in centipawns against the best line, that a pick at this
// weakness can make (see pick_weaker_line).
Score largest_loss(int weakness);

// The index of the line played, given the lines' scores best first: each line
// gets its score plus a push of (weakness * (best - score) + spread * r) / 128,
// r uniform in [0, weakness), spread the scores' range capped at a pawn; the
// highest total wins. Decisive scores count as 100 pawns.
std::size_t pick_weaker_line(std::span<const Score> scores_best_first, int weakness,
                             std::mt19937_64& random);

}  // namespace brudno::engine
