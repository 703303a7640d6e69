#pragma once
// Chess games read back from PGN, as brudno-match writes them or any export
// PGN: the start position (the FEN tag, else the standard start), the moves
// the comment after each move, and the result. Move numbers, NAGs,
// variations and other comments are skipped;
// moves may be SAN or UCI.

#include <istream>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"

namespace brudno::tools::tune {

struct PgnGame {
  games::Chess start;
  std::vector<games::Chess::Move> moves;
  // The comment after each move, without its braces, or "" (brudno-match
  // writes the mover's score, depth and time there: "+0.08/9 0.075s").
  std::vector<std::string> comments;
  std::string result;  // "1-0", "0-1", "1/2-1/2" or "*"
};

// White's score, 1, 0.5 or 0; negative for an unfinished game ("*").
double white_score(const std::string& result);

// Every game of `in` that can be read. A game with a bad FEN or a move that
// is not legal is left out, and `errors` gets a line naming it and why.
std::vector<PgnGame> read_pgn(std::istream& in, std::vector<std::string>& errors);

}  // namespace brudno::tools::tune
