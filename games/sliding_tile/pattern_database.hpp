#pragma once
// Additive pattern databases for the sliding-tile puzzles (Korf and Felner
// 2002; Felner, Korf and Hanan 2004). A pattern is a set of tiles; its
// database holds, for every placement of those tiles, the fewest moves *of
// those tiles* that bring them home, the blank and the other tiles moving
// for free. Because each move moves one tile, the values of disjoint
// patterns add up to an admissible heuristic. Looking up the board's mirror
// image in the main diagonal as well, and taking the larger sum, costs a
// second lookup and saves many nodes.
//
// A placement's index is its rank as a partial permutation: digit j is the
// cell of the pattern's j-th tile counted among the cells its earlier tiles
// leave free, so N!/(N-k)! entries of one byte for k tiles on N cells.

#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "games/sliding_tile/pattern_breadth_first.hpp"
#include "games/sliding_tile/sliding_tile.hpp"

namespace brudno::games {

class PatternDatabase {
 public:
  // The distances for `tiles` (each 1 .. cells-1, at most kMostPatternTiles)
  // on a width x height board, by breadth-first search back from the goal
  // (pattern_breadth_first.hpp); `threads` share the work, `report` hears of
  // each layer.
  static PatternDatabase build(int width, int height, std::vector<int> tiles, int threads = 1,
                               const PatternLayerReport& report = {});

  [[nodiscard]] int width() const { return width_; }
  [[nodiscard]] int height() const { return height_; }
  [[nodiscard]] const std::vector<int>& tiles() const { return tiles_; }
  [[nodiscard]] std::size_t size() const { return distances_.size(); }
  [[nodiscard]] const std::vector<std::uint8_t>& distances() const { return distances_; }
  [[nodiscard]] int deepest() const;

  // The index of the placement with the pattern's j-th tile on cells[j].
  [[nodiscard]] std::uint64_t index(const std::uint8_t* cells) const {
    std::uint32_t occupied = 0;
    std::uint64_t index = 0;
    for (std::size_t j = 0; j < tiles_.size(); ++j) {
      const std::uint32_t cell = cells[j];
      const auto below = static_cast<std::uint32_t>(std::popcount(occupied & ((1u << cell) - 1)));
      index = index * (cells_ - j) + (cell - below);
      occupied |= 1u << cell;
    }
    return index;
  }
  [[nodiscard]] int distance(std::uint64_t index) const { return distances_[index]; }

  // A database read from disk, or nothing with the reason (see pattern_cache.hpp).
  static PatternDatabase from_parts(int width, int height, std::vector<int> tiles,
                                    std::vector<std::uint8_t> distances);

 private:
  PatternDatabase(int width, int height, std::vector<int> tiles)
      : width_(width), height_(height), cells_(width * height), tiles_(std::move(tiles)) {}

  int width_;
  int height_;
  std::size_t cells_;
  std::vector<int> tiles_;
  std::vector<std::uint8_t> distances_;
};

// Entries of a database of k tiles on n cells: n! / (n - k)!.
std::uint64_t pattern_entries(int cells, int tiles);

// Disjoint patterns whose values add up, with the mirror-image lookup on
// square boards. Shared by every copy of a search (read only).
class AdditivePatterns {
 public:
  AdditivePatterns(std::vector<std::shared_ptr<const PatternDatabase>> parts, bool reflect);

  template <int W, int H>
  int operator()(const SlidingTile<W, H>& board) const {
    int direct = 0;
    int mirrored = 0;
    std::uint8_t cells[16];
    for (const Part& part : parts_) {
      for (std::size_t j = 0; j < part.tiles.size(); ++j) cells[j] = board.cell_of(part.tiles[j]);
      direct += part.database->distance(part.database->index(cells));
    }
    if (!reflect_) return direct;
    if constexpr (W == H) {
      for (const Part& part : parts_) {
        for (std::size_t j = 0; j < part.tiles.size(); ++j)
          cells[j] = kTransposed<W>[board.cell_of(kTransposed<W>[part.tiles[j]])];
        mirrored += part.database->distance(part.database->index(cells));
      }
    }
    return direct > mirrored ? direct : mirrored;
  }

  [[nodiscard]] const std::vector<std::shared_ptr<const PatternDatabase>>& databases() const {
    return databases_;
  }
  [[nodiscard]] std::uint64_t bytes() const;

 private:
  struct Part {
    std::vector<std::uint8_t> tiles;
    const PatternDatabase* database;
  };
  // A cell's mirror image in the main diagonal (a tile's too: tile t's home is cell t).
  template <int W>
  static constexpr auto kTransposed = [] {
    std::array<std::uint8_t, W * W> mirror{};
    for (int cell = 0; cell < W * W; ++cell)
      mirror[cell] = static_cast<std::uint8_t>(cell % W * W + cell / W);
    return mirror;
  }();

  std::vector<std::shared_ptr<const PatternDatabase>> databases_;
  std::vector<Part> parts_;
  bool reflect_;
};

}  // namespace brudno::games
