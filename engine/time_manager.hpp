#pragma once
// Turns the `go` limits into a time budget for one move.
//
// The rule (docs/protocol.md, "Time"): with a clock of T, an increment of I,
// a move overhead of O and M moves to the time control (`movestogo`, at most
// 50; 40 when the control is the whole game), the time for the M moves is
//   left = T + I x (M - 1) - O x (M + 1)
// and the move aims at an even share of it, optimum = left / M. It may run
// to maximum = min(S x optimum, T - O - (M - 1) x max(optimum / 2 - I, 0),
// 0.8 T - O), where S is 4 for a whole-game control and 1 + M / 4 (at most
// 4) with movestogo: a hard case earns more than its share, but every move
// still to play keeps at least half its share, counting the increment it gets
// first, and no move takes more than four fifths of the clock. Each is at
// least 1 ms. The search always finishes its first iteration, whatever the
// budget (see StopConditions).

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
// Moves assumed still to play when the clock is for the whole game.
inline constexpr int kWholeGameMoves = 40;
inline constexpr int kMaxMovesToGo = 50;

// No budget when the search has no movetime and the mover has no clock (the
// opponent's clock alone does not count; see SearchLimits::finite). Every
// input is clamped to [0, kMaxClock] first, so no input overflows.
std::optional<TimeBudget> allocate_time(const SearchLimits& limits, int side_to_move,
                                        Milliseconds move_overhead = kDefaultMoveOverhead);

}  // namespace brudno::engine
