#pragma once
// The 2048 heuristic: a sum over the four rows and the four columns of a
// per-row value from a table, plus a bonus for being alive. All integers.
//
// Each line (a row, or a column read top down) of ranks r0..r3 scores
//   kLineShift
//   + kEmptyWeight * (empty cells)
//   + kMergeWeight * (pairs of equal neighbours that a slide would merge)
//   - kMonotonicityWeight * min(rise, fall)
//   - kRankSumWeight * sum(r_i^3)
// where rise sums r_{i+1}^4 - r_i^4 over the neighbours that grow from left
// to right and fall those that shrink: a line sorted either way pays
// nothing, so big tiles gather at an edge and, through both the rows and
// the columns, in a corner. The rank-sum term makes a board with fewer,
// bigger tiles worth more than one of many small ones. kLineShift is the
// largest penalty a line can pay, so every line scores at least 0 and the
// board's value lies in [kMinValue, kMaxValue], the bounds Star1 and Star2
// prune with. A lost board (no slide changes it) scores kLostValue, below
// every live board. The weights were set by hand and checked with
// `brudno play 2048` (docs/benchmarks.md).

#include <cstdint>

#include "engine/score.hpp"

namespace brudno::games::g2048 {

inline constexpr std::int64_t kEmptyWeight = 250;
inline constexpr std::int64_t kMergeWeight = 650;
inline constexpr std::int64_t kMonotonicityWeight = 45;
inline constexpr std::int64_t kRankSumWeight = 12;
inline constexpr std::int64_t kAliveBonus = 100'000;

inline constexpr std::int64_t kMaxRankPower4 = 15LL * 15 * 15 * 15;
inline constexpr std::int64_t kMaxRankPower3 = 15LL * 15 * 15;
inline constexpr std::int64_t kLineShift =
    kMonotonicityWeight * 3 * kMaxRankPower4 + kRankSumWeight * 4 * kMaxRankPower3;
inline constexpr std::int64_t kLineMax = kLineShift + kEmptyWeight * 4 + kMergeWeight * 3;

inline constexpr engine::Score kLostValue = 0;
inline constexpr engine::Score kMinValue = kLostValue;
inline constexpr engine::Score kMaxValue = static_cast<engine::Score>(kAliveBonus + 8 * kLineMax);
static_assert(kMaxValue < engine::kMaxHeuristic);

// The value of one line of four ranks (a row's 16 bits), in [0, kLineMax].
std::int32_t line_value(std::uint16_t line);

}  // namespace brudno::games::g2048
