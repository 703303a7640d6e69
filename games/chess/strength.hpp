#pragma once
// UCI_Elo for chess: the strength-limit level (engine/strength_limit.hpp)
// that plays at a given Elo. The table is the calibration measured against
// Stockfish 15.1 at its own UCI_Elo (docs/benchmarks.md, "Strength limit");
// levels between its points are interpolated.

#include <algorithm>
#include <array>

namespace brudno::games::chess {

// Stockfish 15.1's own UCI_Elo starts at 1350; brudno's strongest level
// plays at about 2650 on that scale.
inline constexpr int kLimitedEloMin = 1350;
inline constexpr int kLimitedEloMax = 2600;

struct EloLevel {
  int elo;
  double level;
};

// Probes of 40 games at 2+0.02 against Stockfish 15.1 put level 0 at about
// 970, level 10 at 1940 and level 20 at 2670 on its scale; the table is
// that line, read between kLimitedEloMin and kLimitedEloMax.
inline constexpr std::array<EloLevel, 3> kEloLevels = {{{970, 0.0}, {1940, 10.0}, {2670, 20.0}}};

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
