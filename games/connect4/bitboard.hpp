#pragma once
// Connect Four bitboards: 7 columns of 7 bits each (6 cells and a sentinel on
// top), column-major from the bottom left, so a cell is bit 7 * column + row.
// The sentinel row keeps shifts from wrapping a line into the next column.

#include <cstdint>

namespace brudno::games::connect4 {

inline constexpr int kWidth = 7;
inline constexpr int kHeight = 6;
inline constexpr int kCells = kWidth * kHeight;

using Bitboard = std::uint64_t;

constexpr Bitboard bottom_cell(int column) {
  return Bitboard{1} << (column * (kHeight + 1));
}
constexpr Bitboard column_cells(int column) {
  return ((Bitboard{1} << kHeight) - 1) << (column * (kHeight + 1));
}
constexpr Bitboard cell(int column, int row) {
  return bottom_cell(column) << row;
}

constexpr Bitboard all_bottom_cells() {
  Bitboard cells = 0;
  for (int column = 0; column < kWidth; ++column) cells |= bottom_cell(column);
  return cells;
}
inline constexpr Bitboard kBottom = all_bottom_cells();
inline constexpr Bitboard kBoard = kBottom * ((Bitboard{1} << kHeight) - 1);

// Does `stones` hold four in a line?
constexpr bool has_four(Bitboard stones) {
  for (const int step : {1, kHeight, kHeight + 1, kHeight + 2}) {
    const Bitboard pairs = stones & (stones >> step);
    if (pairs & (pairs >> (2 * step))) return true;
  }
  return false;
}

// The empty cells (playable now or later) that would complete a four of `stones`.
[[gnu::always_inline]] constexpr Bitboard winning_cells(Bitboard stones, Bitboard occupied) {
  // Vertical: three stones below the cell.
  Bitboard cells = (stones << 1) & (stones << 2) & (stones << 3);
  for (const int step : {kHeight, kHeight + 1, kHeight + 2}) {  // the three other directions
    Bitboard pair = (stones << step) & (stones << (2 * step));
    cells |= pair & (stones << (3 * step));  // _XXX
    cells |= pair & (stones >> step);        // X_XX
    pair = (stones >> step) & (stones >> (2 * step));
    cells |= pair & (stones << step);        // XX_X
    cells |= pair & (stones >> (3 * step));  // XXX_
  }
  return cells & (kBoard ^ occupied);
}

}  // namespace brudno::games::connect4
