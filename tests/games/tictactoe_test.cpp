#include "games/tictactoe/tictactoe.hpp"

#include <gtest/gtest.h>

#include "engine/alphabeta.hpp"
#include "engine/minimax.hpp"
#include "games/tictactoe/tictactoe_search.hpp"

namespace brudno::games {
namespace {

using engine::Status;

TicTacToe position(std::string_view text) {
  const auto parsed = TicTacToe::parse(text);
  EXPECT_TRUE(parsed) << text;
  return parsed.value_or(TicTacToe::start_position());
}

engine::SearchResult<TicTacToe::Move> solve(const TicTacToe& root, int depth = 9) {
  engine::TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  engine::SearchLimits limits;
  limits.depth = depth;
  return engine::Search<TicTacToe>(table).run(root, limits, stop);
}

TEST(TicTacToe, ParsesAndPrintsPositions) {
  const auto board = position("XO./.X./..O");
  EXPECT_EQ(board.to_text(), "XO./.X./..O");
  EXPECT_EQ(board.side_to_move(), 0);
  EXPECT_EQ(position("x........").to_text(), "X../.../...");
  EXPECT_EQ(position("x........").side_to_move(), 1);
  EXPECT_FALSE(TicTacToe::parse("XX......."));    // O would have moved
  EXPECT_FALSE(TicTacToe::parse("O........"));    // X moves first
  EXPECT_FALSE(TicTacToe::parse("XO./..."));      // too short
  EXPECT_FALSE(TicTacToe::parse("XO.Z....."));    // unknown cell
  EXPECT_FALSE(TicTacToe::parse(".........."));   // too long
  EXPECT_FALSE(TicTacToe::parse("XXX/OOO/..."));  // X to move, but X already won
  EXPECT_TRUE(TicTacToe::parse("XXX/OO./..."));   // O to move and lost
  // Issue 13: rows split by `/` must be rows, not just nine cells.
  EXPECT_FALSE(TicTacToe::parse("X/../.../..."));
  EXPECT_FALSE(TicTacToe::parse("XO./.X.../O"));
  EXPECT_FALSE(TicTacToe::parse("XO./.X./..O/"));
  EXPECT_TRUE(TicTacToe::parse("XO. / .X. / ..O"));
}

TEST(TicTacToe, MovesAreSquaresOneToNine) {
  auto board = TicTacToe::start_position();
  EXPECT_EQ(board.parse_move("1"), 0);
  EXPECT_EQ(board.parse_move("9"), 8);
  EXPECT_FALSE(board.parse_move("0"));
  EXPECT_FALSE(board.parse_move("10"));
  EXPECT_FALSE(board.parse_move("a"));
  board.play(4);
  EXPECT_FALSE(board.parse_move("5"));  // taken
  EXPECT_EQ(TicTacToe::move_text(4), "5");
}

TEST(TicTacToe, DetectsWinsAndDraws) {
  EXPECT_EQ(position("XXX/OO./...").status(), Status::kLost);  // O to move, X has won
  EXPECT_EQ(position("X../.X./OO.").status(), Status::kOngoing);
  EXPECT_EQ(position("X.O/.XO/..X").status(), Status::kLost);
  EXPECT_EQ(position("XOX/XOO/OXX").status(), Status::kDrawn);
  auto board = position("XX./OO./...");
  board.play(2);
  EXPECT_EQ(board.status(), Status::kLost);
  board.undo(2);
  EXPECT_EQ(board.status(), Status::kOngoing);
}

TEST(TicTacToe, PlayAndUndoRestoreTheKey) {
  auto board = TicTacToe::start_position();
  const auto empty_key = board.key();
  board.play(4);
  board.play(0);
  const auto key = board.key();
  EXPECT_EQ(key, position("O../.X./...").key());
  board.undo(0);
  board.undo(4);
  EXPECT_EQ(board.key(), empty_key);
  EXPECT_NE(key, empty_key);
}

TEST(TicTacToe, ForcedMovesFollowTheClassicProgram) {
  engine::MoveList<TicTacToe::Move> moves;
  // A winning move alone: X completes the top row.
  auto board = position("XX./OO./...");
  board.legal_moves(moves);
  board.keep_forced_moves(moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], 2);
  // Else the forced block alone: O on 2 and 5 threatens 8; X has no win.
  moves.clear();
  board = position("XO./.O./..X");
  board.legal_moves(moves);
  board.keep_forced_moves(moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], 7);
  // Else a double threat alone: X on 1 and 5 plays 4 for threats on 6 and 7.
  moves.clear();
  board = position("XO./.X./..O");
  board.legal_moves(moves);
  board.keep_forced_moves(moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], 3);
  // Else every move stays, and the hint counts the threats a move makes.
  moves.clear();
  board = position("XO./.../...");
  board.legal_moves(moves);
  board.keep_forced_moves(moves);
  EXPECT_EQ(moves.size(), 7u);
  EXPECT_EQ(board.move_hint(3), 1);  // 1 and 4: threat on 7
  EXPECT_EQ(board.move_hint(4), 1);  // 1 and 5: threat on 9
  EXPECT_EQ(board.move_hint(5), 0);
}

TEST(TicTacToe, EmptyBoardIsADraw) {
  auto board = TicTacToe::start_position();
  EXPECT_EQ(engine::minimax(board, 9), 0);
  const auto result = solve(board);
  EXPECT_EQ(result.score, 0);
  EXPECT_TRUE(result.exact);
}

// The two classic positions: O on 1 and X on 2 with X to move is a draw; O on 1
// and X on 3 with X to move is won by X with its third move from there.
TEST(TicTacToe, ClassicPositionOneTwoIsADraw) {
  auto board = position("OX./.../...");
  EXPECT_EQ(engine::minimax(board, 9), 0);
  EXPECT_EQ(solve(board).score, 0);
}

TEST(TicTacToe, ClassicPositionOneThreeIsAWinInFivePlies) {
  auto board = position("O.X/.../...");
  EXPECT_EQ(engine::minimax(board, 9), engine::win_in(5));
  const auto result = solve(board);
  EXPECT_EQ(result.score, engine::win_in(5));
  EXPECT_TRUE(result.exact);
  // The classic program scores a win 10 - level, level being the stones on the
  // board when it ends: 2 now + 5 plies = 7, so 3.
  EXPECT_EQ(10 - (2 + engine::plies_to_end(result.score)), 3);
  EXPECT_EQ(engine::mate_in_moves(result.score), 3);
}

TEST(TicTacToe, ProductionSearchEqualsMinimaxAtEveryDepth) {
  for (const auto* text : {".../.../...", "OX./.../...", "O.X/.../...", "X../.O./...",
                           "XO./.X./...", "X.O/.O./..X", "XOX/.O./..."}) {
    auto board = position(text);
    for (int depth = 1; depth <= board.max_plies_left(); ++depth) {
      EXPECT_EQ(solve(board, depth).score, engine::minimax(board, depth))
          << text << " depth " << depth;
      EXPECT_EQ(engine::alphabeta(board, depth, -engine::kInfinity, engine::kInfinity),
                engine::minimax(board, depth));
    }
  }
}

TEST(TicTacToe, PrincipalVariationOfTheWinEndsInAWin) {
  auto board = position("O.X/.../...");
  engine::TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  std::vector<TicTacToe::Move> pv;
  const auto result = engine::Search<TicTacToe>(table).run(
      board, engine::SearchLimits{}, stop, [&pv](const auto& report) { pv = report.pv; });
  ASSERT_EQ(pv.size(), 5u);
  for (const auto move : pv) {
    ASSERT_EQ(board.status(), Status::kOngoing);
    board.play(move);
  }
  EXPECT_EQ(board.status(), Status::kLost);  // O to move, X has three in a row
  EXPECT_EQ(board.side_to_move(), 1);
  EXPECT_EQ(result.score, engine::win_in(5));
}

}  // namespace
}  // namespace brudno::games
