#pragma once
// Chess games read back from PGN, as brudno-match writes them or any export
// PGN: the start position (the FEN tag, else the standard start), the moves
// and the result. Move numbers, comments, NAGs and variations are skipped;
// moves may be SAN or UCI.

#include <istream>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"

namespace brudno::tools::tune {

struct PgnGame {
  games::Chess start;
  std::vector<games::Chess::Move> moves;
  std::string result;  // "1-0", "0-1", "1/2-1/2" or "*"
};

// White's score, 1, 0.5 or 0; negative for an unfinished game ("*").
double white_score(const std::string& result);

// Every game of `in` that can be read. A game with a bad FEN or a move that
// is not legal is left out, and `errors` gets a line naming it and why.
std::vector<PgnGame> read_pgn(std::istream& in, std::vector<std::string>& errors);

}  // namespace brudno::tools::tune
