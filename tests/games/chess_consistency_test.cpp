// Chess::is_consistent(): it holds at every node of perft trees from the
// standard, the published and the Chess960 positions (after each move, null
// move and take-back, and in agreement with a fresh read of the node's FEN),
// and it fails on each way a position can be corrupted.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "tests/games/chess_test_positions.hpp"
#include "tests/games/perft_cases.hpp"
#include "tests/sanitized_build.hpp"

namespace brudno::games {

// Corrupts a position one way at a time, past play() and the FEN reader, for
// the tests below to see is_consistent() catch it.
struct Chess::TestAccess {
  static void set_key(Chess& position, std::uint64_t key) { position.key_ = key; }
  // Into the board array alone, the bitboards left as they were.
  static void set_board_square(Chess& position, chess::Square square, chess::Piece piece) {
    position.board_[square] = piece;
  }
  // Into one type's bitboard alone.
  static void add_to_type_set(Chess& position, chess::PieceType type, chess::Square square) {
    position.by_type_[type] |= chess::square_bb(square);
  }
  // The ways below keep the board, its bitboards, the piece-square sum and
  // the key in agreement: only the rule they break is left to be caught.
  static void put_piece(Chess& position, chess::Piece piece, chess::Square square) {
    position.put_piece(piece, square);
    position.key_ = position.compute_key();
  }
  static void remove_piece(Chess& position, chess::Square square) {
    position.remove_piece(square);
    position.key_ = position.compute_key();
  }
  static void set_castling(Chess& position, std::uint8_t rights) {
    position.castling_ = rights;
    position.key_ = position.compute_key();
  }
  static void set_en_passant(Chess& position, chess::Square square) {
    position.en_passant_ = square;
    position.key_ = position.compute_key();
  }
  static void set_halfmove_clock(Chess& position, int clock) { position.halfmove_clock_ = clock; }
  static void set_fullmove_number(Chess& position, int number) {
    position.fullmove_number_ = number;
  }
  static void add_to_piece_square_sum(Chess& position, chess::eval::Pair pair) {
    position.piece_square_ += pair;
  }
};

namespace {

using chess::make_piece;
using chess::make_square;

// The sanitizer builds run several times slower: one ply less there.
constexpr int kTreeDepth = test_build::kSanitized ? 2 : 3;

// The tree below `position`, `depth` plies deep: every node consistent after
// its move and after each take-back, every inner node also after a null
// move and taken back, and each inner node's key and piece-square sum equal
// to those of its FEN read afresh. Keeps the first faults found. (Where
// assertions are compiled in, play() and undo() assert it too, on a sample.)
class TreeCheck {
 public:
  void walk(Chess& position, int depth) {
    ++nodes_;
    expect(position.is_consistent(), position, "after the move");
    if (depth == 0) return;
    expect_same_as_fresh_read(position);
    if (!position.in_check()) {
      position.play_null();
      expect(position.is_consistent(), position, "after a null move");
      position.undo_null();
      expect(position.is_consistent(), position, "after taking back a null move");
    }
    Chess::MoveList moves;
    position.legal_moves(moves);
    for (const Chess::Move move : moves) {
      position.play(move);
      walk(position, depth - 1);
      position.undo(move);
      expect(position.is_consistent(), position, "after " + Chess::move_text(move) + " taken back");
    }
  }

  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  [[nodiscard]] const std::vector<std::string>& faults() const { return faults_; }

 private:
  void expect_same_as_fresh_read(const Chess& position) {
    std::string error;
    const auto fresh = Chess::parse(position.to_text(), error, position.chess960());
    if (!fresh) {
      expect(false, position, "its FEN does not read back: " + error);
      return;
    }
    expect(
        fresh->key() == position.key() && fresh->piece_square_sum() == position.piece_square_sum(),
        position, "its key or piece-square sum differs from its FEN's");
  }

  void expect(bool holds, const Chess& position, const std::string& when) {
    if (holds || faults_.size() >= 5) return;
    faults_.push_back(position.to_text() + ": " + when);
  }

  std::uint64_t nodes_ = 0;
  std::vector<std::string> faults_;
};

void expect_consistent_tree(const std::string& fen, bool chess960, int depth) {
  std::string error;
  auto position = Chess::parse(fen, error, chess960);
  ASSERT_TRUE(position) << fen << ": " << error;
  const std::string before = position->to_text();
  TreeCheck check;
  check.walk(*position, depth);
  EXPECT_GT(check.nodes(), 1u) << fen;
  for (const std::string& fault : check.faults()) ADD_FAILURE() << fen << ": " << fault;
  EXPECT_EQ(position->to_text(), before);
}

TEST(ChessConsistency, HoldsAlongTheStandardPerftTrees) {
  for (const char* fen : chess_test::kPerftPositions)
    expect_consistent_tree(fen, false, kTreeDepth);
}

TEST(ChessConsistency, HoldsAlongThePublishedPerftSuite) {
  const auto cases = testing_perft::read_perft_cases(
      std::string(BRUDNO_SHARED_DATA) + "/chess/perftsuite.epd", "suite");
  if (cases.front().fen.empty()) GTEST_SKIP() << "no perft data at " << cases.front().path;
  for (const auto& entry : cases) expect_consistent_tree(entry.fen, false, 2);
}

TEST(ChessConsistency, HoldsAlongChess960PerftTrees) {
  const auto cases = testing_perft::read_perft_cases(
      std::string(BRUDNO_TEST_DATA) + "/chess960/perft_cpw960.epd", "chess960");
  ASSERT_FALSE(cases.front().fen.empty()) << "no perft data at " << cases.front().path;
  constexpr std::size_t kPositions = 40;
  for (std::size_t i = 0; i < cases.size() && i < kPositions; ++i)
    expect_consistent_tree(cases[i].fen, true, 2);
}

// Each corruption of a consistent position, one at a time.
class ChessCorruption : public testing::Test {
 protected:
  static Chess consistent(std::string_view fen) {
    Chess position = chess_test::position(fen);
    EXPECT_TRUE(position.is_consistent()) << fen;
    return position;
  }
  using Access = Chess::TestAccess;
};

TEST_F(ChessCorruption, WrongKey) {
  Chess position = consistent(Chess::kStartFen);
  Access::set_key(position, position.key() ^ 1);
  EXPECT_FALSE(position.is_consistent());
}

TEST_F(ChessCorruption, BoardArrayAndBitboardsDisagree) {
  Chess position = consistent(Chess::kStartFen);
  Access::set_board_square(position, make_square(4, 3), make_piece(chess::kWhite, chess::kKnight));
  EXPECT_FALSE(position.is_consistent()) << "a knight in the array alone";

  position = consistent(Chess::kStartFen);
  Access::add_to_type_set(position, chess::kKnight, make_square(4, 1));
  EXPECT_FALSE(position.is_consistent()) << "e2 in the knights' set and the pawns'";
}

TEST_F(ChessCorruption, KingsOnePerSide) {
  Chess position = consistent(Chess::kStartFen);
  Access::put_piece(position, make_piece(chess::kWhite, chess::kKing), make_square(4, 3));
  EXPECT_FALSE(position.is_consistent()) << "two white kings";

  position = consistent("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
  Access::remove_piece(position, make_square(4, 7));
  EXPECT_FALSE(position.is_consistent()) << "no black king";
}

TEST_F(ChessCorruption, PawnOnTheLastRank) {
  Chess position = consistent("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  Access::put_piece(position, make_piece(chess::kWhite, chess::kPawn), make_square(0, 7));
  EXPECT_FALSE(position.is_consistent());
}

TEST_F(ChessCorruption, SideNotToMoveInCheck) {
  Chess position = consistent("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  Access::put_piece(position, make_piece(chess::kWhite, chess::kRook), make_square(4, 4));
  EXPECT_FALSE(position.is_consistent());
}

TEST_F(ChessCorruption, CastlingWithoutItsRookOrKing) {
  Chess position = consistent("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Access::remove_piece(position, make_square(7, 0));
  EXPECT_FALSE(position.is_consistent()) << "K with no rook on h1";

  position = consistent("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Access::remove_piece(position, make_square(4, 0));
  Access::put_piece(position, make_piece(chess::kWhite, chess::kKing), make_square(5, 0));
  EXPECT_FALSE(position.is_consistent()) << "K and Q with the king on f1";

  position = consistent("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
  Access::set_castling(position, chess::kWhiteShort);
  EXPECT_FALSE(position.is_consistent()) << "a right the FEN reader never set up";
}

TEST_F(ChessCorruption, ImplausibleEnPassant) {
  Chess position = consistent(Chess::kStartFen);
  Access::set_en_passant(position, make_square(4, 2));
  EXPECT_FALSE(position.is_consistent()) << "e3 with white to move";

  // After 1. e4 d5 2. e5 f5 the square f6 is kept; with the f-pawn gone, not.
  position = consistent("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  ASSERT_EQ(position.en_passant_square(), make_square(5, 5));
  Access::remove_piece(position, make_square(5, 4));
  EXPECT_FALSE(position.is_consistent()) << "f6 with no pawn on f5";
}

TEST_F(ChessCorruption, ClocksOutOfRange) {
  Chess position = consistent(Chess::kStartFen);
  Access::set_halfmove_clock(position, -1);
  EXPECT_FALSE(position.is_consistent()) << "halfmove clock -1";

  position = consistent(Chess::kStartFen);
  Access::set_halfmove_clock(position, 151);
  EXPECT_FALSE(position.is_consistent()) << "halfmove clock 151 with no move played";

  position = consistent(Chess::kStartFen);
  Access::set_fullmove_number(position, 0);
  EXPECT_FALSE(position.is_consistent()) << "move number 0";
}

TEST_F(ChessCorruption, PieceSquareSumOff) {
  Chess position = consistent(Chess::kStartFen);
  Access::add_to_piece_square_sum(position, {1, 0});
  EXPECT_FALSE(position.is_consistent());
}

}  // namespace
}  // namespace brudno::games
