#include "engine/time_manager.hpp"

#include <algorithm>

namespace brudno::engine {

std::optional<TimeBudget> allocate_time(const SearchLimits& limits, int side_to_move,
                                        Milliseconds move_overhead) {
  if (limits.infinite) return std::nullopt;
  if (limits.movetime) {
    const Milliseconds time = std::max(Milliseconds{1}, *limits.movetime);
    return TimeBudget{time, time};
  }
  const auto& clock = limits.time[side_to_move & 1];
  if (!clock) return std::nullopt;

  // Spread the clock over the moves still to play (30 when the GUI does not say),
  // spend most of the increment, and never plan past what is left on the clock.
  const Milliseconds increment = limits.increment[side_to_move & 1];
  const Milliseconds usable = std::max(Milliseconds{1}, *clock - move_overhead);
  const int moves_left = std::clamp(limits.moves_to_go.value_or(30), 1, 50);
  const Milliseconds optimum = std::min(usable, usable / moves_left + increment * 3 / 4);
  const Milliseconds maximum = std::min(usable, optimum * 4);
  return TimeBudget{std::max(Milliseconds{1}, optimum), std::max(Milliseconds{1}, maximum)};
}

}  // namespace brudno::engine
