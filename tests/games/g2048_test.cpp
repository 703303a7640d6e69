// 2048: the bitboard slides against a plain cell-by-cell implementation of
// the rules, play and undo, text, and the search against expectiminimax.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <random>
#include <vector>

#include "engine/chance_worker.hpp"
#include "engine/expectiminimax.hpp"
#include "games/g2048/g2048_search.hpp"

namespace brudno::games {
namespace {

using g2048::Board;
using g2048::Direction;
using Grid = std::array<std::array<int, 4>, 4>;  // ranks, [row][column]

Grid to_grid(Board board) {
  Grid grid{};
  for (int cell = 0; cell < 16; ++cell) grid[cell / 4][cell % 4] = g2048::rank_at(board, cell);
  return grid;
}

Board from_grid(const Grid& grid) {
  Board board = 0;
  for (int cell = 0; cell < 16; ++cell)
    board = g2048::with_rank(board, cell, grid[cell / 4][cell % 4]);
  return board;
}

// The rules cell by cell: each line is read from the edge the tiles move
// toward; gaps close, equal neighbours merge once, nearest the edge first.
Grid reference_slide(const Grid& grid, Direction direction, std::uint32_t& points) {
  Grid result{};
  for (int line = 0; line < 4; ++line) {
    std::vector<std::pair<int, int>> cells;  // (row, column) from the edge inward
    for (int i = 0; i < 4; ++i) {
      switch (direction) {
        case Direction::kLeft:
          cells.emplace_back(line, i);
          break;
        case Direction::kRight:
          cells.emplace_back(line, 3 - i);
          break;
        case Direction::kUp:
          cells.emplace_back(i, line);
          break;
        case Direction::kDown:
          cells.emplace_back(3 - i, line);
          break;
      }
    }
    std::vector<int> tiles;
    for (const auto& [r, c] : cells) {
      if (grid[r][c] != 0) tiles.push_back(grid[r][c]);
    }
    std::vector<int> merged;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      if (i + 1 < tiles.size() && tiles[i] == tiles[i + 1] && tiles[i] < 15) {
        merged.push_back(tiles[i] + 1);
        points += 1U << (tiles[i] + 1);
        ++i;
      } else {
        merged.push_back(tiles[i]);
      }
    }
    for (std::size_t i = 0; i < merged.size(); ++i) {
      result[cells[i].first][cells[i].second] = merged[i];
    }
  }
  return result;
}

Board random_board(std::mt19937_64& random, int max_rank) {
  Board board = 0;
  for (int cell = 0; cell < 16; ++cell) {
    const int rank = static_cast<int>(random() % static_cast<unsigned>(max_rank + 1));
    // About a third empty, as in play.
    board = g2048::with_rank(board, cell, random() % 3 == 0 ? 0 : rank);
  }
  return board;
}

TEST(Game2048, TransposeSwapsRowsAndColumns) {
  std::mt19937_64 random(1);
  for (int i = 0; i < 2000; ++i) {
    const Board board = random();
    const Board transposed = g2048::transpose(board);
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) {
        ASSERT_EQ(g2048::rank_at(transposed, 4 * c + r), g2048::rank_at(board, 4 * r + c));
      }
    }
  }
}

TEST(Game2048, SlidesFollowTheRules) {
  std::mt19937_64 random(2);
  for (int i = 0; i < 20000; ++i) {
    // Small ranks make many merges; all 16 values are seen too.
    const Board board = random_board(random, i % 2 == 0 ? 3 : 15);
    for (int d = 0; d < 4; ++d) {
      const auto direction = static_cast<Direction>(d);
      std::uint32_t points = 0;
      const Grid expected = reference_slide(to_grid(board), direction, points);
      ASSERT_EQ(g2048::slide(board, direction), from_grid(expected))
          << std::hex << board << " " << d;
      ASSERT_EQ(g2048::slide_score(board, direction), points) << std::hex << board << " " << d;
    }
  }
}

TEST(Game2048, KnownSlides) {
  // 2 2 2 2 left: 4 4 0 0, 8 points; 32768 32768 do not merge.
  const auto position = Game2048::parse("2 2 2 2 0 0 0 0 0 0 0 0 32768 32768 0 0");
  ASSERT_TRUE(position);
  const Board left = g2048::slide(position->board(), Direction::kLeft);
  EXPECT_EQ(Game2048(left).to_text(), "4 4 0 0 0 0 0 0 0 0 0 0 32768 32768 0 0");
  EXPECT_EQ(g2048::slide_score(position->board(), Direction::kLeft), 8U);
}

TEST(Game2048, MovesChangeTheBoardAndUndoRestoresIt) {
  std::mt19937_64 random(3);
  for (int game = 0; game < 20; ++game) {
    Game2048 position = Game2048::start_position();
    std::vector<std::pair<Game2048::Move, std::uint64_t>> played;
    // Random slides until the game is lost, then undo the last stretch.
    for (int ply = 0; ply < 2000; ++ply) {
      engine::MoveList<Game2048::Move> moves;
      position.legal_moves(moves);
      if (moves.empty()) {
        ASSERT_EQ(position.status(), engine::Status::kLost);
        ASSERT_EQ(position.evaluate(), g2048::kLostValue);
        break;
      }
      const auto move = moves[random() % moves.size()];
      const Board before = position.board();
      const std::uint64_t key = position.key();
      position.play(move);
      if (!Game2048::is_spawn(move)) {
        ASSERT_NE(position.board(), before);
      }
      ASSERT_NE(position.key(), key);
      played.emplace_back(move, key);
    }
    const std::size_t back = std::min<std::size_t>(played.size(), 250);
    for (std::size_t i = 0; i < back; ++i) {
      const auto [move, key] = played.back();
      played.pop_back();
      position.undo(move);
      ASSERT_EQ(position.key(), key);
    }
  }
}

TEST(Game2048, ChanceWeightsAreTheRules) {
  const auto position = Game2048::parse("2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4 spawn");
  ASSERT_TRUE(position);
  engine::MoveList<Game2048::Move> outcomes;
  position->legal_moves(outcomes);
  ASSERT_EQ(outcomes.size(), 28U);  // 14 empty cells, a 2 or a 4
  std::uint32_t twos = 0;
  std::uint32_t fours = 0;
  for (const auto outcome : outcomes) {
    const std::string text = Game2048::move_text(outcome);
    (text[0] == '2' ? twos : fours) += position->chance_weight(outcome);
  }
  EXPECT_EQ(twos, 9 * 14U);
  EXPECT_EQ(fours, 14U);
}

TEST(Game2048, TextRoundTrips) {
  const Game2048 start = Game2048::start_position();
  EXPECT_EQ(start.to_text(), "0 0 0 0 0 2 0 0 0 0 0 0 0 0 2 0");
  std::mt19937_64 random(4);
  for (int i = 0; i < 500; ++i) {
    const Game2048 position(random_board(random, 15), i % 2 == 1);
    if (position.is_chance_node() && g2048::empty_cells(position.board()) == 0) continue;
    const auto parsed = Game2048::parse(position.to_text());
    ASSERT_TRUE(parsed) << position.to_text();
    EXPECT_EQ(parsed->key(), position.key());
    engine::MoveList<Game2048::Move> moves;
    position.legal_moves(moves);
    for (const auto move : moves) {
      EXPECT_EQ(position.parse_move(Game2048::move_text(move)), move);
    }
  }
}

TEST(Game2048, BadTextIsRefused) {
  for (const char* text :
       {"", "2 0 0 0 0 0 0 0 0 0 0 0 0 0 0", "3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "65536 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", "2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "-2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", "2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 spawned",
        "2 4 2 4 4 2 4 2 2 4 2 4 4 2 4 2 spawn"}) {
    EXPECT_FALSE(Game2048::parse(text)) << text;
  }
  // u changes nothing when every tile is on the top row.
  const auto top = Game2048::parse("2 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0");
  ASSERT_TRUE(top);
  EXPECT_FALSE(top->parse_move("u"));
  EXPECT_TRUE(top->parse_move("d"));
  EXPECT_FALSE(top->parse_move("2@3"));  // no tile is due before a slide
  EXPECT_FALSE(top->parse_move("x"));
  Game2048 after = *top;
  after.play(*after.parse_move("d"));
  EXPECT_FALSE(after.parse_move("2@13"));  // the 2 landed there
  EXPECT_FALSE(after.parse_move("8@1"));
  EXPECT_FALSE(after.parse_move("2@17"));
  EXPECT_FALSE(after.parse_move("2@0"));
  EXPECT_FALSE(after.parse_move("u"));
  EXPECT_TRUE(after.parse_move("4@1"));
}

TEST(Game2048, EvaluationIsWithinItsBounds) {
  std::mt19937_64 random(5);
  for (int i = 0; i < 20000; ++i) {
    const Game2048 position(random_board(random, 15), false);
    const auto value = position.evaluate();
    ASSERT_GE(value, Game2048::kMinValue);
    ASSERT_LE(value, Game2048::kMaxValue);
    if (g2048::can_move(position.board())) {
      ASSERT_GT(value, g2048::kLostValue);
    }
  }
  for (std::uint32_t line = 0; line < 65536; ++line) {
    ASSERT_GE(g2048::line_value(static_cast<std::uint16_t>(line)), 0);
    ASSERT_LE(g2048::line_value(static_cast<std::uint16_t>(line)), g2048::kLineMax);
  }
}

// Star2 with a table equals plain expectiminimax on 2048 boards.
TEST(Game2048, SearchIsExpectiminimax) {
  std::mt19937_64 random(6);
  engine::TranspositionTable table(4);
  const std::atomic<bool> stop{false};
  for (int i = 0; i < 40; ++i) {
    // Few empty cells keep depth 2 small.
    Board board = random_board(random, 6);
    for (int cell = 0; cell < 16 && g2048::empty_cells(board) > 5; ++cell) {
      if (g2048::rank_at(board, cell) == 0) board = g2048::with_rank(board, cell, 1 + cell % 5);
    }
    const Game2048 root(board, false);
    for (const int depth : {1, 2}) {
      Game2048 copy = root;
      const auto expected = engine::expectiminimax(copy, depth);
      for (const auto pruning : {engine::ChancePruning::kNone, engine::ChancePruning::kStar1,
                                 engine::ChancePruning::kStar2}) {
        table.clear();
        const engine::StopConditions abort(stop, std::nullopt);
        engine::ChanceWorker<Game2048> worker(root, &table, abort, pruning);
        ASSERT_EQ(worker.search_root(depth, -engine::kInfinity, engine::kInfinity), expected)
            << root.to_text() << " depth " << depth;
      }
    }
  }
}

}  // namespace
}  // namespace brudno::games

namespace brudno::games {
namespace {

// A table kept over the moves of a game knows the root from the last
// search, deeper: the search must still choose its move by searching.
TEST(Game2048, ARootTheTableKnowsIsStillSearched) {
  const auto root = Game2048::parse("4 0 0 0 4 0 0 0 0 0 0 0 0 0 0 2");
  ASSERT_TRUE(root);
  engine::TranspositionTable table(4);
  engine::SearchLimits limits;
  limits.depth = 3;
  const std::atomic<bool> stop{false};
  const auto first = engine::Search<Game2048>(table).run(*root, limits, stop);
  ASSERT_TRUE(first.best_move);
  // Not the first legal move, which is what a search without a line answers.
  engine::MoveList<Game2048::Move> moves;
  root->legal_moves(moves);
  ASSERT_NE(*first.best_move, moves[0]);
  std::vector<std::size_t> line_lengths;
  const auto again = engine::Search<Game2048>(table).run(
      *root, limits, stop, [&](const engine::IterationReport<Game2048::Move>& report) {
        line_lengths.push_back(report.pv.size());
      });
  ASSERT_TRUE(again.best_move);
  // Every iteration searched its moves: each has a principal line.
  ASSERT_EQ(line_lengths.size(), 3U);
  for (const auto length : line_lengths) EXPECT_GT(length, 0U);
  EXPECT_EQ(*again.best_move, *first.best_move);
  EXPECT_EQ(again.score, first.score);
}

}  // namespace
}  // namespace brudno::games
