#pragma once
// Standard algebraic notation (PGN's SAN) of a legal chess move: "Nbd7",
// "exd6", "e8=Q+", "O-O-O", "Rd8#". The piece letter, the least
// disambiguation (file, else rank, else both), "x" for a capture, the
// promotion, then "+" for check or "#" for mate.

#include <string>

#include "games/chess/chess.hpp"

namespace brudno::games {

// `move` must be legal in `position`.
std::string san(const games::Chess& position, games::Chess::Move move);

}  // namespace brudno::games
