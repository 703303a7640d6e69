#include "games/connect4/connect4.hpp"

#include <gtest/gtest.h>

#include <array>
#include <random>

#include "engine/perft.hpp"

namespace brudno::games {
namespace {

using engine::Status;

ConnectFour moves(std::string_view sequence) {
  const auto position = ConnectFour::parse(sequence);
  EXPECT_TRUE(position) << sequence;
  return position.value_or(ConnectFour::start_position());
}

TEST(ConnectFour, FullColumnIsNotAMove) {
  const auto position = moves("444444");
  EXPECT_FALSE(position.parse_move("4"));
  EXPECT_TRUE(position.parse_move("3"));
  EXPECT_FALSE(ConnectFour::parse("4444444"));
  engine::MoveList<ConnectFour::Move> list;
  position.legal_moves(list);
  EXPECT_EQ(list.size(), 6u);
  EXPECT_FALSE(list.contains(3));
}

TEST(ConnectFour, DetectsEveryDirection) {
  EXPECT_EQ(moves("1212121").status(), Status::kLost);  // vertical
  EXPECT_EQ(moves("1122334").status(), Status::kLost);  // horizontal
  // Rising diagonal: x on 1a 2b 3c 4d, the stones under them o's and one x.
  EXPECT_EQ(moves("......./......./...x.../..xo.../.xox.../xooo..x").status(), Status::kLost);
  // Falling diagonal: the mirror image, x on 7a 6b 5c 4d.
  EXPECT_EQ(moves("......./......./...x.../...ox../...xox./x..ooox").status(), Status::kLost);
  // The same boards one diagonal stone short (4d missing, moved to 7b/1b) are no win.
  EXPECT_EQ(moves("......./......./......./..xo.../.xox..x/xooo..x").status(), Status::kOngoing);
  EXPECT_EQ(moves("......./......./......./...ox../x..xox./x..ooox").status(), Status::kOngoing);
  // Three in a row with a gap is no win.
  EXPECT_EQ(moves("1122445").status(), Status::kOngoing);
  // No wrap-around from the top of one column to the bottom of the next.
  EXPECT_EQ(moves("1111122222").status(), Status::kOngoing);
}

TEST(ConnectFour, NoMoveAfterAWin) {
  EXPECT_FALSE(ConnectFour::parse("12121212"));
  const auto won = moves("1212121");
  EXPECT_FALSE(won.parse_move("3"));
}

// The first seeded random playout whose end satisfies `wanted`.
template <class Predicate>
std::optional<std::string> random_game(Predicate wanted) {
  std::mt19937 random(7);
  for (int attempt = 0; attempt < 50000; ++attempt) {
    ConnectFour game;
    std::string sequence;
    while (game.status() == Status::kOngoing) {
      engine::MoveList<ConnectFour::Move> list;
      game.legal_moves(list);
      const auto move = list[random() % list.size()];
      sequence += ConnectFour::move_text(move);
      game.play(move);
    }
    if (wanted(game)) return sequence;
  }
  return std::nullopt;
}

TEST(ConnectFour, FullBoardWithoutFourIsADraw) {
  const auto sequence =
      random_game([](const ConnectFour& game) { return game.status() == Status::kDrawn; });
  ASSERT_TRUE(sequence);
  const auto position = moves(*sequence);
  EXPECT_EQ(position.stones(), 42);
  EXPECT_EQ(position.status(), Status::kDrawn);
  EXPECT_EQ(position.max_plies_left(), 0);
}

TEST(ConnectFour, WinOnTheLastCellIsAWinNotADraw) {
  const auto sequence = random_game([](const ConnectFour& game) {
    return game.stones() == 42 && game.status() == Status::kLost;
  });
  ASSERT_TRUE(sequence);
  auto position = moves(sequence->substr(0, 41));
  EXPECT_EQ(position.status(), Status::kOngoing);
  position.play(static_cast<ConnectFour::Move>(sequence->back() - '1'));
  EXPECT_EQ(position.status(), Status::kLost);  // the second player won with the last stone
  EXPECT_EQ(position.benchmark_score(engine::loss_in(0)), -1);
}

TEST(ConnectFour, UndoRestoresEverything) {
  std::mt19937 random(11);
  for (int game = 0; game < 200; ++game) {
    ConnectFour position;
    std::vector<ConnectFour::Move> played;
    std::vector<std::pair<std::uint64_t, std::string>> seen;
    while (position.status() == Status::kOngoing) {
      seen.emplace_back(position.key(), position.to_text());
      engine::MoveList<ConnectFour::Move> list;
      position.legal_moves(list);
      played.push_back(list[random() % list.size()]);
      position.play(played.back());
    }
    while (!played.empty()) {
      position.undo(played.back());
      played.pop_back();
      ASSERT_EQ(position.key(), seen.back().first);
      ASSERT_EQ(position.to_text(), seen.back().second);
      seen.pop_back();
    }
    EXPECT_EQ(position.key(), ConnectFour::start_position().key());
  }
}

TEST(ConnectFour, BoardTextRoundTrips) {
  for (const auto* sequence :
       {"", "4", "4453", "2252576253462244111563365343671351441", "1212121"}) {
    const auto position = moves(sequence);
    const auto again = ConnectFour::parse(position.to_text());
    ASSERT_TRUE(again) << position.to_text();
    EXPECT_EQ(again->to_text(), position.to_text());
    EXPECT_EQ(again->key(), position.key()) << sequence;
    EXPECT_EQ(again->side_to_move(), position.side_to_move());
  }
}

// Every position of a few hundred random games, won, drawn or under way,
// comes back from its board text: the board alone must be enough to find an
// order of moves that makes it.
TEST(ConnectFour, BoardTextOfEveryRandomGamePositionRoundTrips) {
  std::mt19937 random(4711);
  std::size_t positions = 0;
  std::size_t finished = 0;
  for (int game = 0; game < 300; ++game) {
    ConnectFour position;
    std::string played;
    while (true) {
      const auto again = ConnectFour::parse(position.to_text());
      ASSERT_TRUE(again) << position.to_text() << " after " << played;
      ASSERT_EQ(again->key(), position.key()) << played;
      ASSERT_EQ(again->to_text(), position.to_text()) << played;
      ASSERT_EQ(again->side_to_move(), position.side_to_move()) << played;
      ASSERT_EQ(again->status(), position.status()) << played;
      ++positions;
      if (position.status() != Status::kOngoing) break;
      engine::MoveList<ConnectFour::Move> legal;
      position.legal_moves(legal);
      const auto move =
          legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
      played += ConnectFour::move_text(move);
      position.play(move);
    }
    ++finished;
  }
  EXPECT_EQ(finished, 300u);
  EXPECT_GT(positions, 300u * 10);
}

// The board `d` prints after 4 4 3: x cannot have started in column 3, so an
// order that tries the first column with an x first must look further.
TEST(ConnectFour, BoardThatNeedsAnotherFirstMoveIsParsed) {
  const auto position = ConnectFour::parse("......./......./......./......./...o.../..xx...");
  ASSERT_TRUE(position);
  EXPECT_EQ(position->key(), moves("443").key());
  EXPECT_EQ(position->side_to_move(), 1);
  EXPECT_EQ(position->to_text(), "......./......./......./......./...o.../..xx...");
}

TEST(ConnectFour, RejectsBadText) {
  for (const auto* text :
       {"8", "40", "4a", "......./......./......./......./......./...x..",  // short row
        "......./......./......./......./...x.../.......",                  // floating
        "......./......./......./......./......./xx.....",                  // counts
        "......./......./......./......./o....../.......",                  // floating o
        "......./......./......./......./......./o......",                  // o alone
        "......./......./......./......./......./...z...",
        // x, the side to move, already has four
        "......./......./x....../x....../xoo..../xoo....",
        // x has moved last, but has two fours: one was there before its last stone
        "......./......./x.....x/x.....x/xoo.o.x/xoo.oox",
        // o has moved last, and x's four was already on the board
        "......./......./......./......./oooo.../xxxx...",
        // both have four: whichever came second was played after the game ended
        "......./......./o....../o....../o....../oxxxx.."}) {
    EXPECT_FALSE(ConnectFour::parse(text)) << text;
  }
  // A four made by the last stone is a finished game, and legal.
  const auto won = ConnectFour::parse("......./......./......./......./ooo..../xxxx...");
  ASSERT_TRUE(won);
  EXPECT_EQ(won->status(), Status::kLost);
  EXPECT_EQ(won->key(), moves("1122334").key());
  EXPECT_TRUE(ConnectFour::parse("......./......./......./......./......./...x..."));
}

TEST(ConnectFour, HintsKeepTheWinAloneAndTheForcedBlockAlone) {
  engine::MoveList<ConnectFour::Move> list;
  // x on 1a 1b 1c, o on 2a 2b 2c, x to move: the win at 1d alone, though o threatens 2d.
  auto position = moves("121212");
  position.legal_moves(list);
  position.keep_forced_moves(list);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0], 0);
  // x on 1a 2a 3a, o on 7a 6a, o to move: the block at 4a alone.
  list.clear();
  position = moves("17263");
  position.legal_moves(list);
  position.keep_forced_moves(list);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0], 3);
  EXPECT_EQ(position.outcome_horizon().fastest_win, 3);
  EXPECT_EQ(position.outcome_horizon().fastest_loss, 4);
  // x threatens both 4a and... 0a does not exist: x on 2a 3a 4a threatens 1a and 5a; two blocks
  // needed.
  position = moves("26364");
  EXPECT_EQ(position.outcome_horizon().fastest_loss, 2);
}

TEST(ConnectFour, HintsDropAMoveUnderTheOpponentsWinningCell) {
  // o on 1b 2b 3b (and 3a) threatens 4b, x on 1a 2a 6a 7a, x to move: x must
  // not play 4a, under o's winning cell.
  auto position = moves("11227363");
  engine::MoveList<ConnectFour::Move> before;
  position.legal_moves(before);
  engine::MoveList<ConnectFour::Move> list;
  position.legal_moves(list);
  position.keep_forced_moves(list);
  EXPECT_EQ(before.size(), 7u);
  EXPECT_EQ(list.size(), 6u);
  EXPECT_FALSE(list.contains(3));
  // Every move kept does not let the opponent win at once.
  for (const auto move : list) {
    auto after = position;
    after.play(move);
    engine::MoveList<ConnectFour::Move> replies;
    after.legal_moves(replies);
    for (const auto reply : replies) {
      auto end = after;
      end.play(reply);
      EXPECT_NE(end.status(), Status::kLost) << "move " << int{move} << " reply " << int{reply};
    }
  }
}

// An independent, deliberately plain Connect Four: a 2-D array, no bitboards.
struct SimpleBoard {
  std::array<std::array<int, 6>, 7> cells{};  // [column][row], 0 empty, 1 first, 2 second
  std::array<int, 7> heights{};
  int turn = 1;

  bool four_at(int column, int row) const {
    const int who = cells[column][row];
    for (const auto& [dc, dr] : {std::pair{1, 0}, {0, 1}, {1, 1}, {1, -1}}) {
      int run = 1;
      for (const int sign : {1, -1}) {
        int c = column + sign * dc;
        int r = row + sign * dr;
        while (c >= 0 && c < 7 && r >= 0 && r < 6 && cells[c][r] == who) {
          ++run;
          c += sign * dc;
          r += sign * dr;
        }
      }
      if (run >= 4) return true;
    }
    return false;
  }
};

// Leaves at `depth`, not expanding won positions.
std::uint64_t simple_perft(SimpleBoard& board, int depth) {
  if (depth == 0) return 1;
  std::uint64_t total = 0;
  for (int column = 0; column < 7; ++column) {
    if (board.heights[column] == 6) continue;
    const int row = board.heights[column]++;
    board.cells[column][row] = board.turn;
    board.turn = 3 - board.turn;
    if (board.four_at(column, row)) {
      total += 1;  // a finished game is a leaf
    } else {
      total += simple_perft(board, depth - 1);
    }
    board.turn = 3 - board.turn;
    board.cells[column][row] = 0;
    --board.heights[column];
  }
  return total;
}

TEST(ConnectFour, PerftToDepthEightMatchesAPlainImplementation) {
  std::uint64_t expected_7 = 0;
  for (int depth = 1; depth <= 8; ++depth) {
    SimpleBoard board;
    ConnectFour position;
    const std::uint64_t expected = simple_perft(board, depth);
    EXPECT_EQ(engine::perft(position, depth), expected) << "depth " << depth;
    if (depth == 7) expected_7 = expected;
  }
  // No game ends before the 7th stone, so depth 7 is every sequence of seven
  // columns but the seven that put all seven stones in one column.
  EXPECT_EQ(expected_7, 823543u - 7u);
}

}  // namespace
}  // namespace brudno::games
