#pragma once
// The match for the engine's other games, Connect Four and tic-tac-toe:
// random openings of a few plies, each played with both colours, the
// engines' clocks measured from outside, and every loss on time or illegal
// move counted. Its users measure losses on time (docs/benchmarks.md).

#include <string>

#include "tools/match/engine_spec.hpp"

namespace brudno::tools::match {

struct BoardGameSettings {
  EngineSpec engines[2];
  std::string game = "connect4";
  int games = 100;
  double base_ms = 1000;
  double increment_ms = 10;
  int threads = 1;
  int hash = 16;
  int opening_plies = 2;
  unsigned seed = 1;
};

// Prints the results; the exit status is 1 when a game was lost on time or
// by an illegal move, 2 for an unknown game.
int run_board_game_match(const BoardGameSettings& settings);

}  // namespace brudno::tools::match
