#pragma once
#include <cassert>

#include "engine/game.hpp"

namespace brudno::engine {

// The value of a finished game `ply` plies below the root, for the side to move.
constexpr Score terminal_score(Status status, int ply) {
  assert(ply >= 0);
  switch (status) {
    case Status::kWon:
      return win_in(ply);
    case Status::kLost:
      return loss_in(ply);
    case Status::kDrawn:
    case Status::kOngoing:
      break;
  }
  return 0;
}

// Whether a position with `status` is still played: a game going on, or
// one drawn by a rule that its players claim or not (repetition, the
// fifty-move rule), where the game tells those from the end of the game.
template <Game G>
constexpr bool plays_on(Status status) {
  if constexpr (HasRuleStatus<G>) {
    if (status == Status::kDrawn) return true;
  }
  return status == Status::kOngoing;
}

}  // namespace brudno::engine
