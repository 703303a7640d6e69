#pragma once
#include "engine/game.hpp"

namespace brudno::engine {

// The value of a finished game `ply` plies below the root, for the side to move.
constexpr Score terminal_score(Status status, int ply) {
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

}  // namespace brudno::engine
