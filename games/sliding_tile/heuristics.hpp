#pragma once
// Admissible heuristics for the sliding-tile puzzles, weakest first. The
// pattern databases, the strongest, are in pattern_database.hpp.

#include <algorithm>
#include <array>

#include "games/sliding_tile/sliding_tile.hpp"

namespace brudno::games {

// Tiles not on their goal cell.
struct MisplacedTiles {
  template <int W, int H>
  int operator()(const SlidingTile<W, H>& board) const {
    int misplaced = 0;
    for (int cell = 1; cell < W * H; ++cell) misplaced += board.tile_at(cell) != cell ? 1 : 0;
    // The blank is not a tile: with every tile home it is home too.
    return misplaced;
  }
};

// The sum of every tile's distance to its goal cell, kept by the board itself.
struct Manhattan {
  template <int W, int H>
  int operator()(const SlidingTile<W, H>& board) const {
    return board.manhattan();
  }
};

// Manhattan distance plus two moves for each tile that must leave its goal
// row (or column) to let the others in it pass (Hansson, Mayer and Yung
// 1992): of the tiles already in their goal line, those outside a longest
// run in goal order must step aside and back.
struct LinearConflict {
  template <int W, int H>
  int operator()(const SlidingTile<W, H>& board) const {
    int extra = 0;
    for (int row = 0; row < H; ++row) {
      std::array<int, W> goals{};
      int count = 0;
      for (int column = 0; column < W; ++column) {
        const int tile = board.tile_at(row * W + column);
        if (tile != 0 && tile / W == row) goals[count++] = tile % W;
      }
      extra += count - longest_increasing(goals.data(), count);
    }
    for (int column = 0; column < W; ++column) {
      std::array<int, H> goals{};
      int count = 0;
      for (int row = 0; row < H; ++row) {
        const int tile = board.tile_at(row * W + column);
        if (tile != 0 && tile % W == column) goals[count++] = tile / W;
      }
      extra += count - longest_increasing(goals.data(), count);
    }
    return board.manhattan() + 2 * extra;
  }

 private:
  // Length of the longest strictly increasing subsequence of a few numbers.
  static int longest_increasing(const int* values, int count) {
    std::array<int, 16> best{};
    int longest = 0;
    for (int i = 0; i < count; ++i) {
      best[i] = 1;
      for (int j = 0; j < i; ++j) {
        if (values[j] < values[i]) best[i] = std::max(best[i], best[j] + 1);
      }
      longest = std::max(longest, best[i]);
    }
    return longest;
  }
};

}  // namespace brudno::games
