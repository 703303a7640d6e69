#pragma once
// Scores are negamax values from the side to move's point of view.
//
// A win k plies away scores kWin - k, a loss k plies away -(kWin - k), so the
// search prefers faster wins and slower losses (the classic "10 - level").
// Heuristic evaluations must stay strictly inside (-kMaxHeuristic, kMaxHeuristic).

#include <cassert>
#include <cstdint>
#include <cstdlib>

#include "engine/ply.hpp"

namespace brudno::engine {

using Score = std::int32_t;
// Wide enough for games with large static values (synthetic trees), narrow
// enough that kInfinity plus a window never overflows.
inline constexpr Score kWin = 1'000'000'000;
inline constexpr Score kInfinity = kWin + 1000;
inline constexpr Score kMaxHeuristic = kWin - kMaxPly - 1;

constexpr Score win_in(int plies) {
  return kWin - plies;
}
constexpr Score loss_in(int plies) {
  return -kWin + plies;
}

// True for scores that mean a forced win or loss within kMaxPly plies.
constexpr bool is_decisive(Score score) {
  return std::abs(score) > kMaxHeuristic;
}

// Plies to the end for a decisive score.
constexpr int plies_to_end(Score score) {
  return kWin - std::abs(score);
}

// A decisive score as UCI's "mate N": full moves, negative when the side to move loses.
constexpr int mate_in_moves(Score score) {
  assert(is_decisive(score));
  const int plies = plies_to_end(score);
  return score > 0 ? (plies + 1) / 2 : -(plies / 2);
}

// Tables store decisive scores relative to the node, the search relative to the root.
constexpr Score score_from_table(Score score, int ply) {
  assert(ply >= 0);
  if (score > kMaxHeuristic) return score - ply;
  if (score < -kMaxHeuristic) return score + ply;
  return score;
}
constexpr Score score_to_table(Score score, int ply) {
  assert(ply >= 0);
  // Moving a decisive score away from zero keeps it decisive, so reading it
  // back at the same ply gives the score stored.
  const Score stored = score > kMaxHeuristic    ? score + ply
                       : score < -kMaxHeuristic ? score - ply
                                                : score;
  assert(score_from_table(stored, ply) == score);
  return stored;
}

}  // namespace brudno::engine
