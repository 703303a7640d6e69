#pragma once
// A chess match between two UCI engines: game pairs, each pair one opening
// played twice with colours reversed, on one or two games at once (each
// game on its own thread with its own engine processes); PGN of every game;
// wins, draws and losses with the Elo difference and its 95% pentanomial
// interval; optionally a sequential probability ratio test that ends the
// match when it decides.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tools/match/chess_game.hpp"
#include "tools/match/engine_spec.hpp"
#include "tools/match/openings.hpp"
#include "tools/match/statistics.hpp"

namespace brudno::tools::match {

struct ChessMatchSettings {
  EngineSpec engines[2];
  std::vector<EngineOption> each;
  GameSettings game;
  int games = 100;  // even: whole pairs
  int concurrency = 1;
  std::string openings_path;  // empty in Chess960: the 960 start positions
  bool chess960 = false;
  OpeningOrder opening_order = OpeningOrder::kRandom;
  std::uint64_t seed = 1;
  std::size_t opening_start = 0;  // 0-based
  std::string pgn_path;           // empty: no PGN
  std::string event = "brudno-match";
  std::optional<SprtSettings> sprt;
};

// Plays the match, printing as it goes to `out`. The exit status: 0, or 1 when
// an engine lost a game by a fault (time, illegal move, no move, disconnect),
// or 2 when the openings or an engine cannot be set up (the message says why).
int run_chess_match(const ChessMatchSettings& settings, std::ostream& out);

}  // namespace brudno::tools::match
