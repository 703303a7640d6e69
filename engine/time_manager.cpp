#include "engine/time_manager.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>

namespace brudno::engine {
namespace {

// Milliseconds as a plain count in [0, kMaxClock]: with at most 50 moves to
// the control, every product below stays under 2^40.
std::int64_t bounded(Milliseconds time) {
  return std::clamp<std::int64_t>(time.count(), 0, kMaxClock.count());
}

}  // namespace

std::optional<TimeBudget> allocate_time(const SearchLimits& limits, int side_to_move,
                                        Milliseconds move_overhead) {
  if (limits.infinite) return std::nullopt;
  if (limits.movetime) {
    const Milliseconds time{std::max<std::int64_t>(bounded(*limits.movetime), 1)};
    assert(Milliseconds{1} <= time && time <= kMaxClock);
    return TimeBudget{time, time};
  }
  const auto& clock = limits.time[side_to_move & 1];
  if (!clock) return std::nullopt;

  const std::int64_t time = bounded(*clock);
  const std::int64_t increment = bounded(limits.increment[side_to_move & 1]);
  const std::int64_t overhead = bounded(move_overhead);
  const std::int64_t moves =
      limits.moves_to_go ? std::clamp(*limits.moves_to_go, 1, kMaxMovesToGo) : kWholeGameMoves;
  assert(1 <= moves && moves <= kMaxMovesToGo);  // the divisor, and the bound on the products

  const std::int64_t left = increment * (moves - 1) + time - overhead * (moves + 1);
  const std::int64_t optimum = std::max<std::int64_t>(left / moves, 1);
  // S x optimum, S = min(1 + M / 4, 4) with movestogo, 4 without.
  const std::int64_t stretched =
      limits.moves_to_go ? std::min(optimum * (4 + moves) / 4, 4 * optimum) : 4 * optimum;
  // Each later move gets its increment before it starts, so the clock needs
  // to hold back only what half a share exceeds an increment by: without
  // that, a clock under M x I left nothing to search with (a 1 ms move
  // at every clock below about 3.4 s at 10+0.1).
  const std::int64_t keep_for_the_rest =
      (moves - 1) * std::max<std::int64_t>(optimum / 2 - increment, 0);
  const std::int64_t maximum =
      std::min({stretched, time - overhead - keep_for_the_rest, time * 4 / 5 - overhead});
  const std::int64_t at_most = std::max<std::int64_t>(maximum, 1);
  const TimeBudget budget{Milliseconds{std::min(optimum, at_most)}, Milliseconds{at_most}};
  // Both at least 1 ms, the optimum never past the maximum, and the maximum
  // within four fifths of the clock (or the 1 ms floor).
  assert(Milliseconds{1} <= budget.optimum && budget.optimum <= budget.maximum);
  assert(budget.maximum.count() <= std::max<std::int64_t>(time * 4 / 5, 1));
  return budget;
}

}  // namespace brudno::engine
