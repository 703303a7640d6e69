#pragma once
// What the chess tests share: reading a FEN that must be valid, the standard
// perft positions, and seeded random playouts from them.

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <string_view>

#include "games/chess/chess.hpp"

namespace brudno::games::chess_test {

inline Chess position(std::string_view fen) {
  std::string error;
  auto parsed = Chess::parse(fen, error);
  EXPECT_TRUE(parsed) << fen << ": " << error;
  return parsed.value_or(Chess::start_position());
}

// The six standard perft positions: castling, en passant, promotions, pins.
inline constexpr std::array<const char*, 6> kPerftPositions = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};

// `games` random games of at most `plies` plies from each perft position;
// `visit(game)` sees every position reached, before its move is chosen.
template <class Visit>
void for_each_playout_position(unsigned seed, int games, int plies, Visit visit) {
  std::mt19937 random(seed);
  for (const char* fen : kPerftPositions) {
    for (int game_number = 0; game_number < games; ++game_number) {
      auto game = position(fen);
      for (int ply = 0; ply <= plies; ++ply) {
        visit(game);
        Chess::MoveList moves;
        game.legal_moves(moves);
        if (moves.empty() || ply == plies) break;
        game.play(moves[random() % moves.size()]);
      }
    }
  }
}

}  // namespace brudno::games::chess_test
