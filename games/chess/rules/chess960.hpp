#pragma once
// The 960 start positions of Chess960 by their standard numbers (0..959,
// Scharnagl's numbering; 518 is standard chess): the light-squared bishop,
// then the dark-squared one, the queen and the knights are placed by the
// digits of the number, and the king between the two rooks on the three
// squares left. Black mirrors White.

#include <string>

namespace brudno::games::chess {

inline constexpr int kChess960Positions = 960;
inline constexpr int kStandardChess960Number = 518;

// White's back rank of start position `number`, as letters from the a-file
// ("RNBQKBNR" for 518). `number` must be in 0..959.
std::string chess960_back_rank(int number);

// The FEN of start position `number` with the castling field in X-FEN
// (KQkq: in a start position each side's two rooks are its outermost).
std::string chess960_start_fen(int number);

}  // namespace brudno::games::chess
