#include "games/g2048/board.hpp"

#include <algorithm>
#include <bit>

#include "games/g2048/evaluation.hpp"

namespace brudno::games::g2048 {
namespace {

Row reverse_row(Row row) {
  return static_cast<Row>((row >> 12) | ((row >> 4) & 0x00F0) | ((row << 4) & 0x0F00) |
                          (row << 12));
}

// Slides one row left by the rules: tiles move to the first cell, equal
// neighbours (after closing gaps) merge once, the leftmost pair first.
Row slide_left(Row row, std::uint32_t& points) {
  int ranks[4];
  int count = 0;
  for (int i = 0; i < 4; ++i) {
    const int rank = (row >> (4 * i)) & 0xF;
    if (rank != 0) ranks[count++] = rank;
  }
  int out[4] = {0, 0, 0, 0};
  int placed = 0;
  for (int i = 0; i < count; ++i) {
    if (i + 1 < count && ranks[i] == ranks[i + 1] && ranks[i] < kMaxRank) {
      out[placed++] = ranks[i] + 1;
      points += 1U << (ranks[i] + 1);
      ++i;
    } else {
      out[placed++] = ranks[i];
    }
  }
  Row result = 0;
  for (int i = 0; i < 4; ++i) result |= static_cast<Row>(out[i] << (4 * i));
  return result;
}

Board slide_rows(Board board, const std::array<Row, 65536>& table) {
  Board result = 0;
  for (int row = 0; row < 4; ++row) result |= Board{table[row_of(board, row)]} << (16 * row);
  return result;
}

}  // namespace

const RowTables& row_tables() {
  static const RowTables* tables = [] {
    auto* built = new RowTables;
    for (std::uint32_t row = 0; row < 65536; ++row) {
      std::uint32_t points = 0;
      built->left[row] = slide_left(static_cast<Row>(row), points);
      built->score[row] = points;
      std::uint32_t ignored = 0;
      built->right[row] = reverse_row(slide_left(reverse_row(static_cast<Row>(row)), ignored));
      built->heuristic[row] = line_value(static_cast<Row>(row));
    }
    return built;
  }();
  return *tables;
}

Board slide(Board board, Direction direction) {
  const RowTables& tables = row_tables();
  switch (direction) {
    case Direction::kLeft:
      return slide_rows(board, tables.left);
    case Direction::kRight:
      return slide_rows(board, tables.right);
    case Direction::kUp:
      return transpose(slide_rows(transpose(board), tables.left));
    case Direction::kDown:
      return transpose(slide_rows(transpose(board), tables.right));
  }
  return board;
}

std::uint32_t slide_score(Board board, Direction direction) {
  const RowTables& tables = row_tables();
  if (direction == Direction::kUp || direction == Direction::kDown) board = transpose(board);
  std::uint32_t points = 0;
  // Merges make the same points whichever way the line slides.
  for (int row = 0; row < 4; ++row) {
    const Row line = row_of(board, row);
    points += direction == Direction::kRight || direction == Direction::kDown
                  ? tables.score[reverse_row(line)]
                  : tables.score[line];
  }
  return points;
}

int empty_cells(Board board) {
  // A cell is empty when all four of its bits are clear.
  Board occupied = board | (board >> 1);
  occupied |= occupied >> 2;
  occupied &= 0x1111111111111111ULL;
  return kCells - std::popcount(occupied);
}

bool can_move(Board board) {
  if (empty_cells(board) > 0) return true;
  const RowTables& tables = row_tables();
  const Board columns = transpose(board);
  for (int row = 0; row < 4; ++row) {
    if (tables.left[row_of(board, row)] != row_of(board, row)) return true;
    if (tables.left[row_of(columns, row)] != row_of(columns, row)) return true;
  }
  return false;
}

int max_rank(Board board) {
  int best = 0;
  for (int cell = 0; cell < kCells; ++cell) best = std::max(best, rank_at(board, cell));
  return best;
}

}  // namespace brudno::games::g2048
