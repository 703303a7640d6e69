#pragma once
// Turns the `go` limits into a time budget for one move.

#include <optional>

#include "engine/search_limits.hpp"

namespace brudno::engine {

struct TimeBudget {
  // Do not start another iteration once this much time has passed...
  Milliseconds optimum{0};
  // ...and abort the running one at this point.
  Milliseconds maximum{0};
};

inline constexpr Milliseconds kDefaultMoveOverhead{10};

// No budget when the search has no movetime and the mover has no clock (the
// opponent's clock alone does not count; see SearchLimits::finite).
std::optional<TimeBudget> allocate_time(const SearchLimits& limits, int side_to_move,
                                        Milliseconds move_overhead = kDefaultMoveOverhead);

}  // namespace brudno::engine
