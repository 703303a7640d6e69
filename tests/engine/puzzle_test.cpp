// Depth-first puzzle search on N queens, against a brute force over permutations.

#include "engine/puzzle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

namespace brudno::engine {
namespace {

// Queens placed row by row; a move is the column of the next row's queen.
class Queens {
 public:
  using Move = std::uint8_t;
  explicit Queens(int size) : size_(size) {}

  void successors(MoveList<Move>& moves) const {
    for (int column = 0; column < size_; ++column) moves.push_back(static_cast<Move>(column));
  }
  void play(Move column) { columns_.push_back(column); }
  void undo(Move) { columns_.pop_back(); }
  // The last queen attacks an earlier one.
  [[nodiscard]] bool is_dead_end() const {
    const int row = static_cast<int>(columns_.size()) - 1;
    for (int other = 0; other < row; ++other) {
      const int gap = std::abs(columns_[row] - columns_[other]);
      if (gap == 0 || gap == row - other) return true;
    }
    return false;
  }
  [[nodiscard]] bool is_goal() const { return static_cast<int>(columns_.size()) == size_; }
  [[nodiscard]] const std::vector<int>& columns() const { return columns_; }

 private:
  int size_;
  std::vector<int> columns_;
};

static_assert(Problem<Queens>);

bool peaceful(const std::vector<int>& columns) {
  for (std::size_t a = 0; a < columns.size(); ++a) {
    for (std::size_t b = a + 1; b < columns.size(); ++b) {
      if (std::abs(columns[a] - columns[b]) == static_cast<int>(b - a)) return false;
    }
  }
  return true;
}

std::size_t brute_force(int size) {
  std::vector<int> columns(static_cast<std::size_t>(size));
  std::iota(columns.begin(), columns.end(), 0);
  std::size_t count = 0;
  do {
    count += peaceful(columns) ? 1 : 0;
  } while (std::next_permutation(columns.begin(), columns.end()));
  return count;
}

TEST(PuzzleSearch, AllSolutionsOfNQueensMatchABruteForce) {
  for (int size = 1; size <= 8; ++size) {
    Queens queens(size);
    std::size_t valid = 0;
    const std::size_t found = search_all(queens, [&](const Queens& board) {
      valid +=
          peaceful(board.columns()) && board.columns().size() == static_cast<std::size_t>(size);
    });
    EXPECT_EQ(found, brute_force(size)) << size;
    EXPECT_EQ(valid, found);
    EXPECT_TRUE(queens.columns().empty());  // back where it started
  }
}

TEST(PuzzleSearch, FirstSolutionIsTheFirstInDepthFirstOrder) {
  Queens queens(8);
  std::vector<int> first;
  ASSERT_TRUE(search_first(queens, [&](const Queens& board) { first = board.columns(); }));
  EXPECT_EQ(first, (std::vector<int>{0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_TRUE(queens.columns().empty());
  Queens none(3);
  EXPECT_FALSE(search_first(none, [](const Queens&) {}));
}

TEST(PuzzleSearch, DeepPuzzlesNeedNoCallStack) {
  // 5000 levels with one move each: a recursive search would be this deep.
  struct Chain {
    using Move = std::uint8_t;
    int depth = 0;
    void successors(MoveList<Move>& moves) const { moves.push_back(0); }
    void play(Move) { ++depth; }
    void undo(Move) { --depth; }
    [[nodiscard]] bool is_dead_end() const { return false; }
    [[nodiscard]] bool is_goal() const { return depth == 5000; }
  } chain;
  EXPECT_EQ(search_all(chain, [](const Chain& end) { EXPECT_EQ(end.depth, 5000); }), 1u);
}

}  // namespace
}  // namespace brudno::engine
