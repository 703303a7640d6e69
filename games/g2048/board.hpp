#pragma once
// The 2048 board as one 64-bit word: 16 cells of 4 bits, cell i (numbered
// row by row from the top left, from 0) in bits 4i..4i+3, holding the
// tile's exponent (1 for a 2, 2 for a 4, ..., 15 for 32768; 0 for empty).
// A row is then 16 bits with its leftmost cell lowest, and a slide is four
// lookups in tables indexed by whole rows; up and down slide the transposed
// board's rows.

#include <array>
#include <cstdint>

namespace brudno::games::g2048 {

using Board = std::uint64_t;
using Row = std::uint16_t;

inline constexpr int kCells = 16;
// The largest exponent a cell holds: two 32768 tiles do not merge.
inline constexpr int kMaxRank = 15;

enum class Direction : std::uint8_t { kUp, kDown, kLeft, kRight };

constexpr int rank_at(Board board, int cell) {
  return static_cast<int>((board >> (4 * cell)) & 0xF);
}
constexpr Board with_rank(Board board, int cell, int rank) {
  return (board & ~(Board{0xF} << (4 * cell))) | (Board(rank) << (4 * cell));
}
constexpr Row row_of(Board board, int row) {
  return static_cast<Row>(board >> (16 * row));
}

// Rows become columns: cell (r, c) goes to (c, r).
constexpr Board transpose(Board x) {
  const Board a1 = x & 0xF0F00F0FF0F00F0FULL;
  const Board a2 = x & 0x0000F0F00000F0F0ULL;
  const Board a3 = x & 0x0F0F00000F0F0000ULL;
  const Board a = a1 | (a2 << 12) | (a3 >> 12);
  const Board b1 = a & 0xFF00FF0000FF00FFULL;
  const Board b2 = a & 0x00FF00FF00000000ULL;
  const Board b3 = a & 0x00000000FF00FF00ULL;
  return b1 | (b2 >> 24) | (b3 << 24);
}

// The per-row tables, built once.
struct RowTables {
  std::array<Row, 65536> left;                // the row slid left (toward its first cell)
  std::array<Row, 65536> right;               // the row slid right
  std::array<std::uint32_t, 65536> score;     // points the slide makes (either way)
  std::array<std::int32_t, 65536> heuristic;  // see evaluation.hpp
};
const RowTables& row_tables();

// The board after a slide; unchanged when the move is not legal.
Board slide(Board board, Direction direction);
// The points a slide makes: the sum of the tiles its merges create.
std::uint32_t slide_score(Board board, Direction direction);
int empty_cells(Board board);
// Whether any slide changes the board.
bool can_move(Board board);
int max_rank(Board board);

}  // namespace brudno::games::g2048
