#pragma once
// The reference for pattern databases: the placement-by-placement
// breadth-first search, whose tables the layered search must reproduce.

#include <atomic>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/single_agent/shared_loop.hpp"
#include "games/sliding_tile/pattern_database.hpp"

namespace brudno::games::reference {


// The breadth-first search that built the databases before
// pattern_breadth_first.hpp, kept as the oracle the new one must equal entry
// for entry: a direct search over placements, simple and slow. Its states are a placement of
// the pattern's tiles and the region of empty cells the blank is in (it moves
// within a region for free), named by the region's lowest cell; a cost is a
// move of a pattern tile into the blank's region. For each placement a mask
// marks the regions reached so far, one bit per empty cell (the bit of the
// region's lowest cell), and two more the regions of this layer and the next
// (they swap roles from layer to layer). The masks and the distance of a
// placement lie together, so that reaching a state costs one cache miss:
// the search is bound by those misses.
template <class Mask>
struct PatternEntry {
  Mask seen;
  Mask layers[2];
  std::uint8_t distance;
};

template <class Mask>
class PatternSearch {
 public:
  PatternSearch(int width, int height, const std::vector<int>& tiles)
      : width_(width),
        cells_(width * height),
        tiles_(static_cast<int>(tiles.size())),
        entries_(pattern_entries(cells_, tiles_)),
        full_((1u << cells_) - 1),
        entries_of_(entries_, PatternEntry<Mask>{0, {0, 0}, kUnreachedPlacement}) {
    for (int cell = 0; cell < cells_; ++cell) {
      const int row = cell / width;
      const int column = cell % width;
      std::uint32_t around = 0;
      if (row > 0) around |= 1u << (cell - width);
      if (column > 0) around |= 1u << (cell - 1);
      if (column < width - 1) around |= 1u << (cell + 1);
      if (row < height - 1) around |= 1u << (cell + width);
      neighbours_[cell] = around;
    }
    for (int j = 0; j < tiles_; ++j) radix_[j] = static_cast<std::uint64_t>(cells_ - j);
  }

  std::vector<std::uint8_t> run(const std::vector<int>& tiles, int threads) {
    std::uint8_t goal_cells[16];
    for (int j = 0; j < tiles_; ++j) goal_cells[j] = static_cast<std::uint8_t>(tiles[j]);
    std::uint32_t occupied = 0;
    for (int j = 0; j < tiles_; ++j) occupied |= 1u << tiles[j];
    const std::uint64_t goal = rank(goal_cells);
    const Mask start = slot_bit(full_ & ~occupied, region(0, full_ & ~occupied));
    entries_of_[goal] = PatternEntry<Mask>{start, {start, 0}, 0};
    for (int depth = 0;; ++depth) {
      std::atomic<std::uint64_t> fresh{0};
      engine::shared_loop(threads, entries_, 1 << 16, [&](std::uint64_t begin, std::uint64_t end) {
        fresh += expand_range(begin, end, depth);
      });
      if (fresh == 0) break;
    }
    std::vector<std::uint8_t> distances(entries_);
    for (std::uint64_t index = 0; index < entries_; ++index)
      distances[index] = entries_of_[index].distance;
    return distances;
  }

 private:
  // Expands every state of the layer with an index in [begin, end); returns
  // how many new states it found.
  std::uint64_t expand_range(std::uint64_t begin, std::uint64_t end, int depth) {
    std::uint64_t fresh = 0;
    std::uint8_t cells[16];
    const int now = depth & 1;
    for (std::uint64_t index = begin; index < end; ++index) {
      // Read and cleared at once: the mask is the next layer's after the next.
      const Mask regions = entries_of_[index].layers[now];
      if (regions == 0) continue;
      std::atomic_ref<Mask>(entries_of_[index].layers[now]).store(0, std::memory_order_relaxed);
      unrank(index, cells);
      std::uint32_t occupied = 0;
      for (int j = 0; j < tiles_; ++j) occupied |= 1u << cells[j];
      const std::uint32_t empty = full_ & ~occupied;
      for (Mask left = regions; left != 0; left &= static_cast<Mask>(left - 1)) {
        const int slot = std::countr_zero(static_cast<unsigned>(left));
        const std::uint32_t reach = region(nth_cell(empty, slot), empty);
        for (int j = 0; j < tiles_; ++j) {
          const int from = cells[j];
          for (std::uint32_t to_bits = neighbours_[from] & reach; to_bits != 0;
               to_bits &= to_bits - 1) {
            const int to = std::countr_zero(to_bits);
            cells[j] = static_cast<std::uint8_t>(to);
            // The blank is where the tile was.
            const std::uint32_t after = empty ^ (1u << to) ^ (1u << from);
            const Mask bit = slot_bit(after, region(from, after));
            const std::uint64_t next = rank(cells);
            cells[j] = static_cast<std::uint8_t>(from);
            auto& entry = entries_of_[next];
            if ((std::atomic_ref<Mask>(entry.seen).load(std::memory_order_relaxed) & bit) != 0)
              continue;
            const Mask before =
                std::atomic_ref<Mask>(entry.seen).fetch_or(bit, std::memory_order_relaxed);
            if ((before & bit) != 0) continue;
            std::atomic_ref<Mask>(entry.layers[1 - now]).fetch_or(bit, std::memory_order_relaxed);
            if (before == 0) entry.distance = static_cast<std::uint8_t>(depth + 1);
            ++fresh;
          }
        }
      }
    }
    return fresh;
  }

  // The empty cells the blank reaches from `cell` without moving a tile.
  [[nodiscard]] std::uint32_t region(int cell, std::uint32_t empty) const {
    std::uint32_t reach = 1u << cell;
    for (std::uint32_t frontier = reach; frontier != 0;) {
      std::uint32_t grown = 0;
      for (std::uint32_t bits = frontier; bits != 0; bits &= bits - 1)
        grown |= neighbours_[std::countr_zero(bits)];
      frontier = grown & empty & ~reach;
      reach |= frontier;
    }
    return reach;
  }

  // The bit of a region: its lowest cell's rank among the empty cells.
  static Mask slot_bit(std::uint32_t empty, std::uint32_t region) {
    const std::uint32_t lowest = region & (~region + 1);
    return static_cast<Mask>(1u << std::popcount(empty & (lowest - 1)));
  }

  static int nth_cell(std::uint32_t bits, int n) {
    for (; n > 0; --n) bits &= bits - 1;
    return std::countr_zero(bits);
  }

  [[nodiscard]] std::uint64_t rank(const std::uint8_t* cells) const {
    std::uint32_t occupied = 0;
    std::uint64_t index = 0;
    for (int j = 0; j < tiles_; ++j) {
      const std::uint32_t cell = cells[j];
      index = index * radix_[j] + cell - std::popcount(occupied & ((1u << cell) - 1));
      occupied |= 1u << cell;
    }
    return index;
  }

  void unrank(std::uint64_t index, std::uint8_t* cells) const {
    std::uint32_t digits[16];
    for (int j = tiles_ - 1; j >= 0; --j) {
      digits[j] = static_cast<std::uint32_t>(index % radix_[j]);
      index /= radix_[j];
    }
    std::uint32_t free = full_;
    for (int j = 0; j < tiles_; ++j) {
      const int cell = nth_cell(free, static_cast<int>(digits[j]));
      cells[j] = static_cast<std::uint8_t>(cell);
      free &= ~(1u << cell);
    }
  }

  int width_;
  int cells_;
  int tiles_;
  std::uint64_t entries_;
  std::uint32_t full_;
  std::uint32_t neighbours_[16] = {};
  std::uint64_t radix_[16] = {};
  std::vector<PatternEntry<Mask>> entries_of_;
};

// The reference table for `tiles` on a width x height board.
inline std::vector<std::uint8_t> pattern_distances(int width, int height,
                                                   const std::vector<int>& tiles, int threads) {
  if (width * height - static_cast<int>(tiles.size()) <= 8)
    return PatternSearch<std::uint8_t>(width, height, tiles).run(tiles, threads);
  return PatternSearch<std::uint16_t>(width, height, tiles).run(tiles, threads);
}

}  // namespace brudno::games::reference
