#pragma once
// What the caller allows one search: the UCI `go` limits, game independent.

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>

namespace brudno::engine {

using Milliseconds = std::chrono::milliseconds;

// The longest clock, increment or movetime a search takes in: about 11.6
// days. Longer ones are read as this, so that the time arithmetic (a share
// of the clock plus increments for up to 50 moves) stays far from overflow.
inline constexpr Milliseconds kMaxClock{1'000'000'000};

struct SearchLimits {
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  std::optional<Milliseconds> movetime;
  bool infinite = false;
  // Search to the end of the game: stop only when the value is proven.
  bool solve = false;
  // UCI `go ponder`: search on the opponent's time; the clock limits apply
  // only after `ponderhit` (see SearchClock).
  bool ponder = false;
  // Clock per side, indexed by Game::side_to_move(): 0 moves first (white, X, ...).
  std::array<std::optional<Milliseconds>, 2> time;
  std::array<Milliseconds, 2> increment{};
  std::optional<int> moves_to_go;
  // UCI `go mate N`: stop once a win in N moves or fewer (N of the mover's
  // own moves) is proven. Alone it searches at most 2N plies deep.
  std::optional<int> mate;

  // True when the search ends by itself, without a stop. Only the mover's own
  // clock limits it (as in allocate_time): a `go` with the opponent's clock
  // alone gives no deadline, and UCI engines search as with no clock at all.
  [[nodiscard]] bool finite(int side_to_move) const {
    return !infinite && (solve || depth || nodes || movetime || mate || time[side_to_move & 1]);
  }
};

}  // namespace brudno::engine
