// Chess rules: Polyglot keys, FEN in and out, play/undo, the end of the game,
// the search's hooks and move text.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "tests/games/chess_test_positions.hpp"

namespace brudno::games {
namespace {

using chess_test::position;
using engine::Status;
using Move = Chess::Move;

void play(Chess& game, std::string_view moves) {
  std::size_t at = 0;
  while (at < moves.size()) {
    std::size_t end = moves.find(' ', at);
    if (end == std::string_view::npos) end = moves.size();
    const auto move = game.parse_move(moves.substr(at, end - at));
    ASSERT_TRUE(move) << moves.substr(at, end - at) << " in " << game.to_text();
    game.play(*move);
    at = end + 1;
  }
}

// The published examples of the Polyglot book format: the keys after each
// line of moves, and the FEN of the position they reach.
TEST(ChessKeys, PolyglotExamples) {
  struct Example {
    const char* moves;
    const char* fen;
    std::uint64_t key;
  };
  const Example examples[] = {
      {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
      {"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
      {"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
       0x0756b94461c50fb0},
      {"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
       0x662fafb965db29d4},
      {"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
       0x22a48b5a8e47ff78},
      {"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
       0x652a607ca3f242c1},
      {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
       0x00fdd303c946bdd9},
      {"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
       0x3c8123ea7b067637},
      {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
       "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560},
  };
  for (const Example& example : examples) {
    auto game = Chess::start_position();
    play(game, example.moves);
    EXPECT_EQ(game.key(), example.key) << example.moves;
    EXPECT_EQ(position(example.fen).key(), example.key) << example.fen;
    EXPECT_EQ(game.compute_key(), example.key) << example.moves;
  }
}

TEST(ChessKeys, TranspositionsMeet) {
  auto one = Chess::start_position();
  auto other = Chess::start_position();
  play(one, "g1f3 g8f6 b1c3 b8c6");
  play(other, "b1c3 b8c6 g1f3 g8f6");
  EXPECT_EQ(one.key(), other.key());
  EXPECT_EQ(one.to_text(), other.to_text());
}

TEST(ChessFen, RoundTrips) {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
           "4k3/8/8/8/8/8/8/4K2R b K - 37 112",
           "r3k3/8/8/8/8/8/8/4K3 w q - 0 1",
       }) {
    EXPECT_EQ(position(fen).to_text(), fen);
  }
  // Four fields are enough: the counters default to 0 and 1.
  EXPECT_EQ(position("4k3/8/8/8/8/8/8/4K3 b - -").to_text(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  // FENs as real files carry them, read as Stockfish reads them: the move
  // number missing (5 fields) or 0 (puzzle collections end in "1 0"), a
  // halfmove clock past the 75-move rule read as 150.
  EXPECT_EQ(position("4k3/8/8/8/8/8/8/4K3 b - - 7").to_text(), "4k3/8/8/8/8/8/8/4K3 b - - 7 1");
  EXPECT_EQ(position("r1b3kr/3pR1p1/ppq4p/5P2/4Q3/B7/P5PP/5RK1 w - - 1 0").to_text(),
            "r1b3kr/3pR1p1/ppq4p/5P2/4Q3/B7/P5PP/5RK1 w - - 1 1");
  EXPECT_EQ(position("4k3/8/8/8/8/8/8/4K3 w - - 151 60").to_text(),
            "4k3/8/8/8/8/8/8/4K3 w - - 150 60");
  EXPECT_EQ(position("4k3/8/8/8/8/8/8/4K3 w - - 9999 60").to_text(),
            "4k3/8/8/8/8/8/8/4K3 w - - 150 60");
  // Counters played past those limits are written within them, so that the
  // text reads back to itself.
  for (const char* fen : {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 150 100000",
                          "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 9999 999999"}) {
    Chess played = position(fen);
    played.play(*played.parse_move("e8c8"));
    EXPECT_EQ(played.halfmove_clock(), 151);
    EXPECT_EQ(played.fullmove_number(), 100001);
    EXPECT_EQ(played.to_text(), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 150 100000");
    EXPECT_EQ(position(played.to_text()).to_text(), played.to_text());
  }
  // An en-passant square no pawn can take on is not part of the position.
  EXPECT_EQ(position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").to_text(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(ChessFen, FaultsAreNamed) {
  const std::pair<const char*, const char*> faults[] = {
      {"", "6 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "6 fields"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 7", "6 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
      {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter '9'"},
      {"rnbqkbnr/pppppppp/72/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has more than 8"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "rank 1 has more than 8"},
      {"rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter 'x'"},
      {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has no king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBKR w kq - 0 1", "white has 2 kings"},
      {"4k3/8/8/8/8/8/8/4K2P w - - 0 1", "first or last rank (h1)"},
      {"p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank (a8)"},
      {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "the side not to move (black) is in check"},
      {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
      {"4k3/8/8/8/8/8/8/4K2R w Q - 0 1",
       "castling right 'Q' needs the white king on e1 and a rook on a1"},
      {"4k3/8/8/8/8/8/8/3K3R w K - 0 1", "castling right 'K' needs the white king on e1"},
      {"4k2r/8/8/8/8/8/8/4K3 w KQ - 0 1", "castling right 'K'"},
      {"r3k3/8/8/8/8/8/8/4K3 w k - 0 1",
       "castling right 'k' needs the black king on e8 and a rook on h8"},
      {"4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "given twice"},
      {"4k3/8/8/8/8/8/8/4K2R w X - 0 1", "unknown castling letter 'X'"},
      {"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "is not a square"},
      {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en-passant square e6"},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", "en-passant square d3"},
      {"4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 1", "en-passant square d6"},
      {"4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1", "en-passant square d6"},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 1", "must be 0"},
      {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock '-1'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove clock 'x'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 1.5 1", "halfmove clock '1.5'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 -1", "move number '-1'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1x", "move number '1x'"},
      {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "black has more than 8 pawns"},
      {"QQQQk3/8/8/8/8/8/PPPPPP2/QQQK4 w - - 0 1", "white has more pieces"},
  };
  for (const auto& [fen, words] : faults) {
    std::string error;
    EXPECT_FALSE(Chess::parse(fen, error)) << fen;
    EXPECT_NE(error.find(words), std::string::npos) << fen << ": got '" << error << "'";
    EXPECT_FALSE(Chess::parse(fen)) << fen;
  }
}

TEST(ChessFen, DisplayShowsBoardFenAndKey) {
  const auto game = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  const std::string display = game.to_display();
  EXPECT_NE(display.find(" | r | n | b | q | k | b | n | r | 8\n"), std::string::npos);
  EXPECT_NE(display.find(" |   |   |   |   | P |   |   |   | 4\n"), std::string::npos);
  EXPECT_NE(display.find("   a   b   c   d   e   f   g   h\n"), std::string::npos);
  EXPECT_NE(display.find("\nFen: " + game.to_text() + "\n"), std::string::npos);
  EXPECT_NE(display.find("\nKey: 823C9B50FD114196\n"), std::string::npos);
  EXPECT_EQ(display.back(), '\n');
  EXPECT_NE(position("4k3/8/8/8/8/8/8/4K2r w - - 0 1").to_display().find("Checkers: h1\n"),
            std::string::npos);
}

// Random playouts from positions rich in castling, en passant and
// promotions: play() keeps the key equal to one computed from scratch, and
// undo() restores board, rights, clocks and key exactly.
TEST(ChessPlayUndo, RandomPlayoutsRestoreEverything) {
  std::mt19937 random(11);
  for (const char* fen : chess_test::kPerftPositions) {
    for (int game_number = 0; game_number < 12; ++game_number) {
      auto game = position(fen);
      std::vector<std::pair<Move, std::string>> played;
      for (int ply = 0; ply < 120; ++ply) {
        Chess::MoveList moves;
        game.legal_moves(moves);
        if (moves.empty()) break;
        const Move move = moves[random() % moves.size()];
        played.emplace_back(move, game.to_text() + " " + std::to_string(game.key()));
        game.play(move);
        ASSERT_EQ(game.key(), game.compute_key()) << game.to_text();
        ASSERT_EQ(position(game.to_text()).key(), game.key()) << game.to_text();
      }
      while (!played.empty()) {
        game.undo(played.back().first);
        ASSERT_EQ(game.to_text() + " " + std::to_string(game.key()), played.back().second);
        played.pop_back();
      }
    }
  }
}

TEST(ChessStatus, MateAndStalemate) {
  // Fool's mate.
  const auto mated = position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_TRUE(mated.in_check());
  EXPECT_EQ(mated.status(), Status::kLost);
  const auto stalemate = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_FALSE(stalemate.in_check());
  EXPECT_EQ(stalemate.status(), Status::kDrawn);
  EXPECT_EQ(stalemate.rule_status(), Status::kOngoing);
  EXPECT_EQ(Chess::start_position().status(), Status::kOngoing);
  EXPECT_EQ(Chess().to_text(), Chess::kStartFen);  // a default Chess is the start position
}

TEST(ChessStatus, FiftyMoveRule) {
  EXPECT_EQ(position("8/8/8/8/8/4k3/8/R3K3 w - - 99 80").status(), Status::kOngoing);
  EXPECT_EQ(position("8/8/8/8/8/4k3/8/R3K3 w - - 100 80").status(), Status::kDrawn);
  EXPECT_TRUE(position("8/8/8/8/8/4k3/8/R3K3 w - - 100 80").is_draw(0));
  auto game = position("8/8/8/8/8/4k3/8/R3K3 w - - 99 80");
  play(game, "a1a2");
  EXPECT_EQ(game.halfmove_clock(), 100);
  EXPECT_EQ(game.status(), Status::kDrawn);
  // A pawn move or a capture resets the clock.
  auto pawn = position("8/8/8/8/8/4k3/P7/4K3 w - - 99 80");
  play(pawn, "a2a3");
  EXPECT_EQ(pawn.halfmove_clock(), 0);
  // Mate on the hundredth ply stands.
  auto mate = position("6k1/8/6K1/8/8/8/8/R7 w - - 99 80");
  play(mate, "a1a8");
  EXPECT_EQ(mate.halfmove_clock(), 100);
  EXPECT_EQ(mate.status(), Status::kLost);
  EXPECT_EQ(mate.rule_status(), Status::kOngoing);
  EXPECT_FALSE(mate.is_draw(1));
}

TEST(ChessStatus, ThreefoldRepetition) {
  auto game = Chess::start_position();
  play(game, "g1f3 g8f6 f3g1 f6g8");
  EXPECT_EQ(game.status(), Status::kOngoing);  // twice
  play(game, "g1f3 g8f6 f3g1 f6g8");
  EXPECT_EQ(game.status(), Status::kDrawn);  // three times
  EXPECT_EQ(game.rule_status(), Status::kDrawn);
  // A position first seen before the root needs the third occurrence; one
  // repeated within the search's own plies is a draw at once.
  auto twice = Chess::start_position();
  play(twice, "g1f3 g8f6 f3g1 f6g8");
  EXPECT_TRUE(twice.is_draw(4));
  EXPECT_FALSE(twice.is_draw(3));
  EXPECT_TRUE(game.is_draw(0));
  // The same placement with other castling rights is another position.
  auto rights = Chess::start_position();
  play(rights, "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8");
  EXPECT_EQ(rights.status(), Status::kOngoing);
  play(rights, "e1e2 e8e7 e2e1 e7e8");
  EXPECT_EQ(rights.status(), Status::kDrawn);
}

TEST(ChessStatus, InsufficientMaterial) {
  for (const char* fen : {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
                          "4k3/8/8/8/8/8/8/4KB2 b - - 0 1", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
                          "4k3/8/8/8/2b5/1b6/8/1B1BK3 w - - 0 1"}) {
    EXPECT_EQ(position(fen).status(), Status::kDrawn) << fen;
    EXPECT_TRUE(position(fen).is_draw(0)) << fen;
  }
  for (const char* fen : {"4kb2/8/8/8/8/8/8/3BK3 w - - 0 1", "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
                          "4kn2/8/8/8/8/8/8/3BK3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
                          "4k3/8/8/8/8/8/8/4KR2 w - - 0 1"}) {
    EXPECT_EQ(position(fen).status(), Status::kOngoing) << fen;
  }
}

TEST(ChessHooks, InCheck) {
  EXPECT_FALSE(Chess::start_position().in_check());
  EXPECT_TRUE(position("4k3/8/8/8/8/8/8/4K2r w - - 0 1").in_check());
  EXPECT_TRUE(position("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1").in_check());
  EXPECT_TRUE(position("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").in_check());
  EXPECT_FALSE(position("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1").in_check());
  EXPECT_FALSE(position("4k3/8/8/8/8/8/8/r2NK3 w - - 0 1").in_check());
}

Move legal(const Chess& game, std::string_view text) {
  const auto parsed = game.parse_move(text);
  EXPECT_TRUE(parsed) << text << " in " << game.to_text();
  return parsed.value_or(Move{});
}

TEST(ChessHooks, StaticExchange) {
  // A free pawn.
  const auto free = position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(free.see_ge(legal(free, "e4d5"), 100));
  EXPECT_FALSE(free.see_ge(legal(free, "e4d5"), 101));
  // Pawn for pawn.
  const auto even = position("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(even.see_ge(legal(even, "e4d5"), 0));
  EXPECT_FALSE(even.see_ge(legal(even, "e4d5"), 1));
  // The queen for a pawn.
  const auto bad = position("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1");
  EXPECT_TRUE(bad.see_ge(legal(bad, "d2d5"), -800));
  EXPECT_FALSE(bad.see_ge(legal(bad, "d2d5"), -799));
  // Doubled rooks: the second one takes back through the first (an x-ray).
  const auto battery = position("3r2k1/3r4/8/8/8/8/3R4/3RK3 w - - 0 1");
  EXPECT_TRUE(battery.see_ge(legal(battery, "d2d7"), 500));
  EXPECT_FALSE(battery.see_ge(legal(battery, "d2d7"), 501));
  // The knight that guards d5 is pinned to its king.
  const auto pinned = position("8/k1n4R/8/3p4/8/8/8/3RK3 w - - 0 1");
  EXPECT_TRUE(pinned.see_ge(legal(pinned, "d1d5"), 100));
  // The king takes back only an unguarded piece.
  const auto guarded = position("8/8/8/3pk3/2P5/8/3R4/4K3 w - - 0 1");
  EXPECT_TRUE(guarded.see_ge(legal(guarded, "d2d5"), 100));
  const auto alone = position("8/8/8/3pk3/8/8/3R4/4K3 w - - 0 1");
  EXPECT_FALSE(alone.see_ge(legal(alone, "d2d5"), 0));
  EXPECT_TRUE(alone.see_ge(legal(alone, "d2d5"), -400));
  // A quiet move onto a square the opponent's pawn guards loses the piece.
  const auto hanging = position("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1");
  EXPECT_FALSE(hanging.see_ge(legal(hanging, "c3d5"), 0));
  EXPECT_TRUE(hanging.see_ge(legal(hanging, "c3b5"), 0));
}

TEST(ChessHooks, NullMove) {
  auto game = position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  const std::string fen = game.to_text();
  const std::uint64_t key = game.key();
  game.play_null();
  EXPECT_EQ(game.side_to_move(), 1);
  EXPECT_EQ(game.en_passant_square(), chess::kNoSquare);
  EXPECT_EQ(game.key(), game.compute_key());
  EXPECT_NE(game.key(), key);
  // The position with black to move and no en-passant square, the clock one ply on.
  const auto passed = position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3");
  EXPECT_EQ(game.to_text(), passed.to_text());
  EXPECT_EQ(game.key(), passed.key());
  game.undo_null();
  EXPECT_EQ(game.to_text(), fen);
  EXPECT_EQ(game.key(), key);
  // A null move breaks repetitions: positions before it are not counted.
  // (Knight out, black passes, knight back, black passes: the start position
  // again, but reached through null moves.)
  auto cycle = Chess::start_position();
  play(cycle, "g1f3");
  cycle.play_null();
  play(cycle, "f3g1");
  cycle.play_null();
  EXPECT_EQ(cycle.key(), Chess::start_position().key());
  EXPECT_FALSE(cycle.is_draw(10));
}

// Over random playouts: noisy_moves() is exactly the captures and promotions
// of legal_moves(), gives_check() says what playing the move shows, parse_move
// reads back every move's text, and captures outrank quiet moves.
TEST(ChessHooks, AgreeWithTheLegalMoves) {
  chess_test::for_each_playout_position(5, 6, 80, [](Chess& game) {
    Chess::MoveList moves;
    Chess::MoveList noisy;
    game.legal_moves(moves);
    game.noisy_moves(noisy);
    std::size_t expected_noisy = 0;
    for (const Move candidate : moves) {
      const bool is_noisy = game.is_capture(candidate) || Chess::is_promotion(candidate);
      expected_noisy += is_noisy;
      EXPECT_EQ(noisy.contains(candidate), is_noisy) << Chess::move_text(candidate);
      EXPECT_EQ(game.parse_move(Chess::move_text(candidate)), candidate);
      if (game.is_capture(candidate)) {
        EXPECT_GT(game.move_hint(candidate), 0);
      }
      if (!is_noisy) {
        EXPECT_EQ(game.move_hint(candidate), 0);
      }
      const bool checks = game.gives_check(candidate);
      game.play(candidate);
      EXPECT_EQ(checks, game.in_check()) << Chess::move_text(candidate);
      game.undo(candidate);
    }
    EXPECT_EQ(noisy.size(), expected_noisy) << game.to_text();
  });
}

// checking_moves() is the checks of legal_moves() in their order, the
// CheckInfo form of gives_check() agrees with the plain one, and
// has_legal_move() with the move list; the playouts reach discovered checks.
TEST(ChessHooks, CheckingMovesAreTheChecksOfTheLegalMoves) {
  int discovered = 0;
  const auto visit = [&](Chess& game) {
    Chess::MoveList moves;
    Chess::MoveList checking;
    game.legal_moves(moves);
    game.checking_moves(checking);
    EXPECT_EQ(game.has_legal_move(), !moves.empty()) << game.to_text();
    const Chess::CheckInfo info = game.check_info();
    Chess::MoveList expected;
    for (const Move candidate : moves) {
      const bool checks = game.gives_check(candidate);
      EXPECT_EQ(game.gives_check(candidate, info), checks)
          << game.to_text() << " " << Chess::move_text(candidate);
      if (!checks) continue;
      expected.push_back(candidate);
      discovered += (info.discoverers & chess::square_bb(candidate.from())) != 0;
    }
    ASSERT_EQ(checking.size(), expected.size()) << game.to_text();
    for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(checking[i], expected[i]);
  };
  chess_test::for_each_playout_position(7, 6, 80, visit);
  // Discovered checks by a knight, a pawn (pushed and taking), the king and
  // castling; a promotion and an en-passant capture that check.
  for (const char* fen :
       {"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "4k3/8/3n4/4P3/8/8/8/4R1K1 w - - 0 1",
        "7k/8/8/8/8/8/1K6/B7 w - - 0 1", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 2"}) {
    auto game = chess_test::position(fen);
    visit(game);
  }
  EXPECT_GT(discovered, 0);
}

// is_legal_plain() over every from-to pair: exactly the legal moves that
// are not castling, en passant or a promotion.
TEST(ChessHooks, IsLegalPlainKnowsEveryPlainMove) {
  chess_test::for_each_playout_position(9, 2, 60, [](Chess& game) {
    Chess::MoveList moves;
    game.legal_moves(moves);
    for (int from = 0; from < 64; ++from) {
      for (int to = 0; to < 64; ++to) {
        const Move plain(static_cast<chess::Square>(from), static_cast<chess::Square>(to));
        EXPECT_EQ(game.is_legal_plain(plain), moves.contains(plain))
            << game.to_text() << " " << Chess::move_text(plain);
      }
    }
    for (const Move move : moves) {
      if (move.kind() != Move::kNormal) {
        EXPECT_FALSE(game.is_legal_plain(move));
      }
    }
  });
}

TEST(ChessMoves, TextRoundTripsAndRefusals) {
  const auto start = Chess::start_position();
  EXPECT_EQ(Chess::move_text(legal(start, "e2e4")), "e2e4");
  EXPECT_EQ(Chess::move_text(legal(start, "g1f3")), "g1f3");
  for (const char* illegal :
       {"e2e5", "e7e5", "e1g1", "e2e4q", "zz", "", "e2e4e4", "a1a1", "i2i4", "e2", "E2E4"}) {
    EXPECT_FALSE(start.parse_move(illegal)) << illegal;
  }
  const auto promotion = position("8/P3k3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_FALSE(promotion.parse_move("a7a8"));
  for (const char* text : {"a7a8q", "a7a8r", "a7a8b", "a7a8n"}) {
    const Move parsed = legal(promotion, text);
    EXPECT_TRUE(Chess::is_promotion(parsed));
    EXPECT_EQ(Chess::move_text(parsed), text);
  }
  EXPECT_FALSE(promotion.parse_move("a7a8k"));
  // The promotion letter in either case, as Stockfish reads it.
  EXPECT_EQ(promotion.parse_move("a7a8Q"), promotion.parse_move("a7a8q"));
  EXPECT_EQ(promotion.parse_move("a7a8N"), promotion.parse_move("a7a8n"));
  EXPECT_FALSE(promotion.parse_move("a7a8K"));
  EXPECT_GT(promotion.move_hint(legal(promotion, "a7a8q")), 64);
  EXPECT_LT(promotion.move_hint(legal(promotion, "a7a8n")), 0);
  // Castling is the king's move to its destination.
  auto castle = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move short_castle = legal(castle, "e1g1");
  EXPECT_EQ(short_castle.kind(), Move::kCastling);
  castle.play(short_castle);
  EXPECT_EQ(castle.to_text(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  castle.play(legal(castle, "e8c8"));
  EXPECT_EQ(castle.to_text(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
  // En passant.
  auto passant = position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  const Move take = legal(passant, "e5f6");
  EXPECT_EQ(take.kind(), Move::kEnPassant);
  EXPECT_TRUE(passant.is_capture(take));
  passant.play(take);
  EXPECT_EQ(passant.to_text(), "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
}

// En passant that would uncover a rank check on the own king is illegal.
TEST(ChessMoves, EnPassantPinnedAlongTheRank) {
  const auto game = position("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
  EXPECT_FALSE(game.parse_move("e5d6"));
  EXPECT_TRUE(game.parse_move("e5e6"));
}

}  // namespace
}  // namespace brudno::games
