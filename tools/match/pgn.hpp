#pragma once
// A played game as PGN (the export format): the seven standard tags, then
// Variant "Chess960" for a Chess960 game, SetUp and FEN for the opening
// position (always in Chess960), TimeControl, Termination and
// PlyCount; SAN moves numbered from the opening's move number, each with a
// comment of the engine's score, depth and time ("{+0.35/12 0.021s}"), the
// reason the game ended, and the result. Lines are at most 80 characters.

#include <string>

#include "tools/match/chess_game.hpp"

namespace brudno::tools::match {

struct PgnTags {
  std::string event = "brudno-match";
  std::string site = "?";
  std::string date = "????.??.??";
  std::string round = "?";
  std::string white;
  std::string black;
  std::string time_control;  // TimeControl::text()
};

std::string pgn_text(const PgnTags& tags, const GameRecord& game);

// Today's date as PGN writes it: "2026.11.24".
std::string pgn_date_today();

}  // namespace brudno::tools::match
