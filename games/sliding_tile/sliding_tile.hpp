#pragma once
// The sliding-tile puzzles on a W x H board: the 8-puzzle (3 x 3) and the
// 15-puzzle (4 x 4). The goal is the blank in the top-left corner and tiles
// 1 .. N-1 in order after it, row by row (Korf's convention). A move is the
// direction the blank goes: up, left, right, down, tried in that order.
//
// The state keeps the tile on each cell, the cell of each tile, the Manhattan
// distance and a key of four bits a cell, all updated by play() and undo().

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/move_list.hpp"
#include "engine/problem.hpp"

namespace brudno::games {

enum class BlankMove : std::uint8_t { kUp = 0, kLeft = 1, kRight = 2, kDown = 3 };

template <int W, int H>
class SlidingTile {
 public:
  static constexpr int kWidth = W;
  static constexpr int kHeight = H;
  static constexpr int kCells = W * H;
  static_assert(kCells <= 16, "the key holds four bits a cell");
  using Move = BlankMove;
  using Tiles = std::array<std::uint8_t, kCells>;

  // The goal: blank first, then 1, 2, ..., N-1.
  SlidingTile() {
    Tiles tiles{};
    for (int cell = 0; cell < kCells; ++cell) tiles[cell] = static_cast<std::uint8_t>(cell);
    set(tiles);
  }

  // Tiles row by row, 0 the blank: a permutation of 0 .. N-1 that can reach
  // the goal, or a message saying why not.
  static std::variant<SlidingTile, std::string> from_tiles(const Tiles& tiles);
  // The tiles as numbers separated by spaces (or commas).
  static std::variant<SlidingTile, std::string> parse(std::string_view text);

  void successors(engine::MoveList<Move>& moves) const {
    const int row = blank_ / W;
    const int column = blank_ % W;
    if (row > 0) moves.push_back(Move::kUp);
    if (column > 0) moves.push_back(Move::kLeft);
    if (column < W - 1) moves.push_back(Move::kRight);
    if (row < H - 1) moves.push_back(Move::kDown);
  }
  void play(Move move) { slide(blank_ + offset(move)); }
  void undo(Move move) { slide(blank_ - offset(move)); }
  static Move inverse(Move move) { return static_cast<Move>(3 - static_cast<int>(move)); }
  [[nodiscard]] bool is_goal() const { return key_ == kGoalKey; }
  [[nodiscard]] std::uint64_t key() const { return key_; }

  [[nodiscard]] int manhattan() const { return manhattan_; }
  [[nodiscard]] int tile_at(int cell) const { return tiles_[cell]; }
  [[nodiscard]] int cell_of(int tile) const { return cells_[tile]; }
  [[nodiscard]] int blank() const { return blank_; }
  [[nodiscard]] const Tiles& tiles() const { return tiles_; }
  [[nodiscard]] std::string to_text() const;
  [[nodiscard]] std::string to_display() const;
  static std::string_view move_text(Move move) {
    constexpr std::string_view kNames[] = {"u", "l", "r", "d"};
    return kNames[static_cast<int>(move)];
  }
  // The board after the path, from this one.
  [[nodiscard]] SlidingTile after(const std::vector<Move>& path) const {
    SlidingTile board = *this;
    for (const Move move : path) board.play(move);
    return board;
  }

  // Moves of the tile between cells `from` and `to`: |row| + |column| apart.
  static constexpr int distance(int from, int to) {
    return std::abs(from / W - to / W) + std::abs(from % W - to % W);
  }

 private:
  static constexpr std::uint64_t goal_key() {
    std::uint64_t key = 0;
    for (int cell = 0; cell < kCells; ++cell) key |= std::uint64_t(cell) << (4 * cell);
    return key;
  }
  static constexpr std::uint64_t kGoalKey = goal_key();

  static constexpr int offset(Move move) {
    constexpr int kOffsets[] = {-W, -1, 1, W};
    return kOffsets[static_cast<int>(move)];
  }

  void set(const Tiles& tiles) {
    tiles_ = tiles;
    key_ = 0;
    manhattan_ = 0;
    for (int cell = 0; cell < kCells; ++cell) {
      cells_[tiles[cell]] = static_cast<std::uint8_t>(cell);
      key_ |= std::uint64_t(tiles[cell]) << (4 * cell);
      if (tiles[cell] != 0) manhattan_ += distance(tiles[cell], cell);
    }
    blank_ = cells_[0];
  }

  // The blank goes to `to`; the tile there comes to the blank's cell.
  void slide(int to) {
    const int from = blank_;
    const std::uint8_t tile = tiles_[to];
    manhattan_ += distance(tile, from) - distance(tile, to);
    tiles_[from] = tile;
    tiles_[to] = 0;
    cells_[tile] = static_cast<std::uint8_t>(from);
    cells_[0] = static_cast<std::uint8_t>(to);
    key_ ^= (std::uint64_t(tile) << (4 * to)) ^ (std::uint64_t(tile) << (4 * from));
    blank_ = to;
  }

  Tiles tiles_{};
  Tiles cells_{};
  std::uint64_t key_ = 0;
  int manhattan_ = 0;
  int blank_ = 0;
};

using EightPuzzle = SlidingTile<3, 3>;
using FifteenPuzzle = SlidingTile<4, 4>;

static_assert(engine::HasKey<EightPuzzle> && engine::HasInverseMoves<FifteenPuzzle>);

extern template class SlidingTile<3, 3>;
extern template class SlidingTile<4, 4>;

}  // namespace brudno::games
