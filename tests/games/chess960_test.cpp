// Chess960: the start positions by number, castling with the king and rooks
// on any files, Shredder-FEN and X-FEN, the move text of each mode, and the
// published perft counts (tests/data/chess960/README.md names their source).

#include "games/chess/rules/chess960.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "tests/games/perft_cases.hpp"

namespace brudno::games {
namespace {

using Move = Chess::Move;

Chess chess960(const std::string& fen) {
  std::string error;
  auto position = Chess::parse(fen, error, true);
  EXPECT_TRUE(position) << fen << ": " << error;
  return position ? *position : Chess::start_position();
}

std::vector<std::string> castling_texts(const Chess& position) {
  Chess::MoveList moves;
  position.legal_moves(moves);
  std::vector<std::string> texts;
  for (const Move move : moves) {
    if (move.kind() == Move::kCastling) texts.push_back(position.write_move(move));
  }
  return texts;
}

TEST(Chess960Start, NumberingIsTheStandardOne) {
  EXPECT_EQ(chess::chess960_back_rank(518), "RNBQKBNR");
  EXPECT_EQ(chess::chess960_back_rank(0), "BBQNNRKR");
  EXPECT_EQ(chess::chess960_back_rank(959), "RKRNNQBB");
  EXPECT_EQ(chess::chess960_start_fen(518), std::string(Chess::kStartFen));
  std::set<std::string> ranks;
  for (int number = 0; number < chess::kChess960Positions; ++number) {
    const std::string rank = chess::chess960_back_rank(number);
    ranks.insert(rank);
    // Bishops on squares of both colours, the king between the rooks.
    const auto first_bishop = rank.find('B');
    const auto second_bishop = rank.rfind('B');
    EXPECT_NE(first_bishop % 2, second_bishop % 2) << number << ' ' << rank;
    EXPECT_LT(rank.find('R'), rank.find('K')) << number << ' ' << rank;
    EXPECT_GT(rank.rfind('R'), rank.find('K')) << number << ' ' << rank;
    std::string error;
    const auto position = Chess::parse(chess::chess960_start_fen(number), error, true);
    ASSERT_TRUE(position) << number << ": " << error;
    EXPECT_EQ(position->castling_rights(), chess::kAllCastling);
  }
  EXPECT_EQ(ranks.size(), 960u);
}

// Each castling field form read, and written back in the mode's form.
TEST(Chess960Fen, ShredderAndXFenRoundTrips) {
  const std::string board = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w ";
  const auto shredder = chess960(board + "HFhf - 2 9");
  EXPECT_EQ(shredder.to_text(), board + "HFhf - 2 9");
  EXPECT_EQ(shredder.to_text(Chess::CastlingField::kXFen), board + "KQkq - 2 9");
  // X-FEN's KQkq reads the outermost rooks; the same position either way.
  const auto xfen = chess960(board + "KQkq - 2 9");
  EXPECT_EQ(xfen.key(), shredder.key());
  EXPECT_EQ(xfen.to_text(), board + "HFhf - 2 9");

  // Two rooks on one side: X-FEN names the inner one by its file.
  const std::string two = "4k3/8/8/8/8/8/8/R1R1K2R w ";
  const auto inner = chess960(two + "CH - 0 1");
  EXPECT_EQ(inner.castling_rook_square(chess::castling_index(chess::kWhite, true)),
            chess::make_square(2, 0));
  EXPECT_EQ(inner.to_text(Chess::CastlingField::kXFen), two + "KC - 0 1");
  EXPECT_EQ(chess960(two + "KC - 0 1").key(), inner.key());
  const auto outer = chess960(two + "KQ - 0 1");
  EXPECT_EQ(outer.to_text(), two + "HA - 0 1");
  EXPECT_EQ(outer.to_text(Chess::CastlingField::kXFen), two + "KQ - 0 1");

  // Standard mode writes KQkq and reads file letters of the corner rooks.
  std::string error;
  const auto standard =
      Chess::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", error);
  ASSERT_TRUE(standard) << error;
  EXPECT_EQ(standard->to_text(), std::string(Chess::kStartFen));
  EXPECT_EQ(chess960(std::string(Chess::kStartFen)).to_text(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

TEST(Chess960Fen, FaultsAreNamed) {
  std::string error;
  // Standard mode refuses a right it cannot hold, and says where it belongs.
  EXPECT_FALSE(Chess::parse(chess::chess960_start_fen(0), error));
  EXPECT_NE(error.find("UCI_Chess960"), std::string::npos) << error;
  const struct {
    const char* fen;
    const char* fault;
  } cases[] = {
      {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "needs a white rook on the h-side"},
      {"4k3/8/8/8/8/8/8/4K3 w q - 0 1", "needs a black rook on the a-side"},
      {"4k3/8/8/8/8/8/8/4K2R w G - 0 1", "needs a white rook on g1"},
      {"4k3/8/8/8/8/8/4K3/7R w H - 0 1", "king on its first rank"},
      {"4k3/8/8/8/8/8/8/4K2R w HK - 0 1", "given twice"},
      {"4k3/8/8/8/8/8/8/4K2R w Z - 0 1", "unknown castling letter 'Z'"},
  };
  for (const auto& entry : cases) {
    EXPECT_FALSE(Chess::parse(entry.fen, error, true)) << entry.fen;
    EXPECT_NE(error.find(entry.fault), std::string::npos) << entry.fen << ": " << error;
  }
}

// Castling where king and rook stand anywhere: the pieces land on g/c and
// f/d, the key matches one computed afresh, undo restores everything.
TEST(Chess960Castling, KingAndRookLandOnTheirSquares) {
  const struct {
    const char* fen;
    const char* move;  // king takes rook
    const char* after;
  } cases[] = {
      // The king already on g1: only the rook moves.
      {"1r4k1/8/8/8/8/8/8/1R4KR w H - 0 1", "g1h1", "1r4k1/8/8/8/8/8/8/1R3RK1 b - - 1 1"},
      // A king on g1 with its rook on f1 castles long, g1 to c1.
      {"1rk5/8/8/8/8/8/8/1R3RK1 w F - 0 1", "g1f1", "1rk5/8/8/8/8/8/8/1RKR4 b - - 1 1"},
      // King b1, rook a1: the king moves right to castle long.
      {"2k5/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", "2k5/8/8/8/8/8/8/2KR4 b - - 1 1"},
      // The rook on the king's target square, and the king on the rook's.
      {"2k5/8/8/8/8/8/8/4K1R1 w G - 0 1", "e1g1", "2k5/8/8/8/8/8/8/5RK1 b - - 1 1"},
      {"2k5/8/8/8/8/8/8/1R1K3R w HB - 0 1", "d1b1", "2k5/8/8/8/8/8/8/2KR3R b - - 1 1"},
      // Black, from the h-side across the board.
      {"1rk4r/8/8/8/8/8/8/4K3 b hb - 0 1", "c8h8", "1r3rk1/8/8/8/8/8/8/4K3 w - - 1 2"},
  };
  for (const auto& entry : cases) {
    auto position = chess960(entry.fen);
    const std::string before = position.to_text();
    const std::uint64_t key = position.key();
    const auto move = position.parse_move(entry.move);
    ASSERT_TRUE(move) << entry.move << " in " << entry.fen;
    EXPECT_EQ(move->kind(), Move::kCastling);
    EXPECT_EQ(position.write_move(*move), entry.move);
    const bool checks = position.gives_check(*move);
    position.play(*move);
    EXPECT_EQ(position.to_text(), entry.after) << entry.fen;
    EXPECT_EQ(position.key(), position.compute_key()) << entry.fen;
    EXPECT_EQ(checks, position.in_check()) << entry.fen;
    position.undo(*move);
    EXPECT_EQ(position.to_text(), before);
    EXPECT_EQ(position.key(), key);
  }
}

TEST(Chess960Castling, BlockedAttackedAndShielded) {
  // A piece on the rook's path blocks; one on a square neither crosses does not.
  EXPECT_TRUE(castling_texts(chess960("4k3/8/8/8/8/8/8/1RN1K3 w B - 0 1")).empty());
  EXPECT_EQ(castling_texts(chess960("4k3/8/8/8/8/8/8/NR2K3 w B - 0 1")),
            std::vector<std::string>{"e1b1"});
  // An attack on a square only the rook crosses does not stop it; one on the king's path does.
  EXPECT_EQ(castling_texts(chess960("1r2k3/8/8/8/8/8/8/1R2K3 w B - 0 1")),
            std::vector<std::string>{"e1b1"});
  EXPECT_TRUE(castling_texts(chess960("3rk3/8/8/8/8/8/8/1R2K3 w B - 0 1")).empty());
  // The castling rook on b1 shields c1 from the queen on a1: castling would
  // put the king in check.
  EXPECT_TRUE(castling_texts(chess960("4k3/8/8/8/8/8/8/qRK5 w B - 0 1")).empty());
  // In check, no castling.
  EXPECT_TRUE(castling_texts(chess960("4k3/8/8/8/8/8/8/1R2K2r w B - 0 1")).empty());
}

// Moving the king or a castling rook, or taking that rook at home, clears
// the rights it carries; another rook's move does not.
TEST(Chess960Castling, RightsFollowTheirRooks) {
  auto position = chess960("rk2r3/8/8/8/8/8/8/RK2R2R w AEae - 0 1");
  const auto play = [&position](const char* text) {
    const auto move = position.parse_move(text);
    ASSERT_TRUE(move) << text << " in " << position.to_text();
    position.play(*move);
  };
  play("h1h2");
  EXPECT_EQ(position.to_text().substr(position.to_text().find(' ') + 3, 4), "EAea");
  play("e8e1");  // takes the white h-side castling rook at home
  EXPECT_EQ(position.castling_rights(), chess::kWhiteLong | chess::kBlackLong);
  EXPECT_EQ(position.key(), position.compute_key());
}

// Both modes: standard chess writes and reads e1g1 and refuses e1h1, as
// Stockfish does; Chess960 mode the other way round.
TEST(Chess960Moves, CastlingTextInEachMode) {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  std::string error;
  const auto standard = *Chess::parse(fen, error);
  const auto frc = *Chess::parse(fen, error, true);
  EXPECT_TRUE(standard.parse_move("e1g1"));
  EXPECT_TRUE(standard.parse_move("e1c1"));
  EXPECT_FALSE(standard.parse_move("e1h1"));
  EXPECT_FALSE(standard.parse_move("e1a1"));
  EXPECT_TRUE(frc.parse_move("e1h1"));
  EXPECT_TRUE(frc.parse_move("e1a1"));
  EXPECT_FALSE(frc.parse_move("e1g1"));
  EXPECT_FALSE(frc.parse_move("e1c1"));
  EXPECT_EQ(*standard.parse_move("e1g1"), *frc.parse_move("e1h1"));
  EXPECT_EQ(frc.write_move(*frc.parse_move("e1a1")), "e1a1");
  EXPECT_EQ(standard.write_move(*standard.parse_move("e1c1")), "e1c1");
  // The same position, the same rules: only the text differs.
  EXPECT_EQ(standard.key(), frc.key());
  auto a = standard;
  auto b = frc;
  EXPECT_EQ(perft(a, 3), perft(b, 3));

  // The mode switches on an existing position; standard mode refuses a
  // position it cannot castle in.
  auto switched = standard;
  EXPECT_TRUE(switched.set_chess960(true));
  EXPECT_TRUE(switched.parse_move("e1h1"));
  auto odd = *Chess::parse(chess::chess960_start_fen(0), error, true);
  EXPECT_FALSE(odd.set_chess960(false));
  EXPECT_TRUE(odd.chess960());
}

// Random games from start positions: every move's text reads back, gives_check
// agrees with playing it, keys stay right, undo restores, and FEN in both
// castling forms reads back to the same position.
TEST(Chess960Playouts, HooksTextAndKeysAgree) {
  std::mt19937 random(960);
  for (int game_number = 0; game_number < 60; ++game_number) {
    auto game = chess960(chess::chess960_start_fen(static_cast<int>(random() % 960)));
    std::vector<std::pair<Move, std::string>> played;
    for (int ply = 0; ply < 100; ++ply) {
      Chess::MoveList moves;
      game.legal_moves(moves);
      if (moves.empty()) break;
      for (const Move move : moves) {
        ASSERT_EQ(game.parse_move(game.write_move(move)), move) << game.write_move(move);
        const bool checks = game.gives_check(move);
        game.play(move);
        ASSERT_EQ(checks, game.in_check()) << game.write_move(move);
        ASSERT_EQ(game.key(), game.compute_key());
        game.undo(move);
      }
      for (const auto form : {Chess::CastlingField::kXFen, Chess::CastlingField::kShredder}) {
        const auto again = chess960(game.to_text(form));
        ASSERT_EQ(again.key(), game.key()) << game.to_text(form);
        ASSERT_EQ(again.to_text(), game.to_text());
      }
      const Move move = moves[random() % moves.size()];
      played.emplace_back(move, game.to_text());
      game.play(move);
    }
    while (!played.empty()) {
      game.undo(played.back().first);
      ASSERT_EQ(game.to_text(), played.back().second);
      played.pop_back();
    }
  }
}

// The published counts, each position its own case.
using testing_perft::PerftCase;

constexpr std::uint64_t kMaxChess960Leaves = testing_perft::leaf_budget(40'000'000);

std::vector<PerftCase> published() {
  return testing_perft::read_perft_cases(
      std::string(BRUDNO_TEST_DATA) + "/chess960/perft_cpw960.epd", "line");
}

TEST(Chess960Perft, DataFileIsThere) {
  EXPECT_EQ(published().size(), 19u) << "tests/data/chess960/perft_cpw960.epd";
}

class Chess960Perft : public testing::TestWithParam<PerftCase> {};

TEST_P(Chess960Perft, PublishedCountsMatch) {
  const PerftCase& entry = GetParam();
  auto position = chess960(entry.fen);
  EXPECT_EQ(position.to_text(), entry.fen.substr(0, entry.fen.find_last_not_of(' ') + 1));
  for (const auto& [depth, leaves] : entry.counts) {
    if (leaves >= kMaxChess960Leaves) continue;
    EXPECT_EQ(perft(position, depth), leaves) << entry.fen << " depth " << depth;
  }
}

INSTANTIATE_TEST_SUITE_P(Cpw, Chess960Perft, testing::ValuesIn(published()),
                         [](const testing::TestParamInfo<PerftCase>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace brudno::games
