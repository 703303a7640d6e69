#pragma once
// UCI_Elo for chess: the strength-limit level (engine/strength_limit.hpp)
// that plays at a given Elo. The table is the calibration measured against
// Stockfish 15.1 at its own UCI_Elo (docs/benchmarks.md, "Strength limit");
// levels between its points are interpolated.

#include <algorithm>
#include <array>

namespace brudno::games::chess {

// Stockfish 15.1's own UCI_Elo starts at 1350. brudno's full search plays
// at about 2050 on that scale at 2+0.02, and its strongest levels as
// strong: the option stops at 2000.
inline constexpr int kLimitedEloMin = 1350;
inline constexpr int kLimitedEloMax = 2000;

struct EloLevel {
  int elo;
  double level;
};

// The Elo measured at each level, against Stockfish 15.1 at its UCI_Elo,
// 2+0.02, 100 games each (level 0: 40); between them the level is read off
// the line joining them. A second level at about 2040 (19.04) is left out:
// the strongest levels play alike, level 14.88 as well as brudno's full
// search. docs/log/benchmarks-chess.md, "Strength limit", has the runs.
inline constexpr std::array<EloLevel, 6> kEloLevels = {
    {{970, 0.0}, {1407, 3.45}, {1651, 5.46}, {1789, 6.69}, {1865, 10.82}, {2042, 14.88}}};

// The level for an Elo, clamped to the option's range.
constexpr double level_for_elo(int elo) {
  elo = std::clamp(elo, kLimitedEloMin, kLimitedEloMax);
  for (std::size_t i = 1; i < kEloLevels.size(); ++i) {
    const auto& low = kEloLevels[i - 1];
    const auto& high = kEloLevels[i];
    if (elo <= high.elo) {
      return low.level + (high.level - low.level) * (elo - low.elo) / (high.elo - low.elo);
    }
  }
  return kEloLevels.back().level;
}

}  // namespace brudno::games::chess
