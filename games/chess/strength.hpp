#pragma once
// UCI_Elo for chess: the strength-limit level (engine/strength_limit.hpp)
// that plays at a given Elo. The table is the calibration measured against
// Stockfish 15.1 at its own UCI_Elo (docs/benchmarks.md, "Strength limit");
// levels between its points are interpolated.

#include <algorithm>
#include <array>

namespace brudno::games::chess {

// Stockfish 15.1's own UCI_Elo starts at 1350. brudno's full search plays
// at about 2050 on that scale at 2+0.02 (docs/benchmarks.md, "Strength
// limit"), and the strongest level as strong: the option stops at 2000.
inline constexpr int kLimitedEloMin = 1350;
inline constexpr int kLimitedEloMax = 2000;

struct EloLevel {
  int elo;
  double level;
};

// The Elo measured at four levels, against Stockfish 15.1 at its UCI_Elo,
// 2+0.02: level 0 (40 games), 5.46 (100), 10.82 (100) and 19.04 (100).
// Between them the level is read off the line joining them.
inline constexpr std::array<EloLevel, 4> kEloLevels = {
    {{970, 0.0}, {1651, 5.46}, {1865, 10.82}, {2037, 19.04}}};

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
