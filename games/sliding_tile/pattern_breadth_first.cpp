#include "games/sliding_tile/pattern_breadth_first.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <stdexcept>

#include "engine/single_agent/shared_loop.hpp"
#include "games/sliding_tile/pattern_database.hpp"

namespace brudno::games {
namespace {

// A partial permutation's rank: digit j is value j counted among the values
// of [0, universe) that the earlier ones leave free (PatternDatabase::index).
std::uint64_t partial_rank(const std::uint8_t* values, int count, int universe) {
  std::uint32_t used = 0;
  std::uint64_t index = 0;
  for (int j = 0; j < count; ++j) {
    const std::uint32_t value = values[j];
    index = index * static_cast<std::uint64_t>(universe - j) + value -
            static_cast<std::uint64_t>(std::popcount(used & ((1u << value) - 1)));
    used |= 1u << value;
  }
  return index;
}

int nth_bit(std::uint32_t bits, int n) {
  for (; n > 0; --n) bits &= bits - 1;
  return std::countr_zero(bits);
}

// The k! orders of k tiles on k cells. Order p puts tile j on the cell of
// rank rank_of(p, j) among the covered cells (lowest first); orders are
// numbered by partial_rank of those ranks.
class TileOrders {
 public:
  TileOrders(int tiles, int cells) : tiles_(tiles) {
    count_ = 1;
    for (int j = 2; j <= tiles; ++j) count_ *= static_cast<std::uint32_t>(j);
    // The placement index's place values: tile j's digit counts
    // (cells - j - 1) * ... * (cells - tiles + 1).
    std::uint32_t stride[kMostPatternTiles];
    std::uint32_t product = 1;
    for (int j = tiles - 1; j >= 0; --j) {
      stride[j] = product;
      product *= static_cast<std::uint32_t>(cells - j);
    }
    ranks_.resize(std::size_t{count_} * tiles);
    weights_.resize(std::size_t{count_} * tiles);
    offsets_.resize(count_);
    for (std::uint32_t order = 0; order < count_; ++order) {
      std::uint8_t* rank = &ranks_[std::size_t{order} * tiles];
      std::uint32_t digits[kMostPatternTiles];
      std::uint32_t rest = order;
      for (int j = tiles - 1; j >= 0; --j) {
        digits[j] = rest % static_cast<std::uint32_t>(tiles - j);
        rest /= static_cast<std::uint32_t>(tiles - j);
      }
      std::uint32_t free = (1u << tiles) - 1;
      std::uint32_t offset = 0;
      for (int j = 0; j < tiles; ++j) {
        rank[j] = static_cast<std::uint8_t>(nth_bit(free, static_cast<int>(digits[j])));
        free &= ~(1u << rank[j]);
        // Tile j's digit is its cell less the earlier tiles on lower cells:
        // the cells are the covered ones, the count of those below is the order's.
        weights_[std::size_t{order} * tiles + rank[j]] = stride[j];
        offset += (rank[j] - digits[j]) * stride[j];
      }
      offsets_[order] = offset;
      assert(partial_rank(rank, tiles, tiles) == order);
    }
    moved_.resize(static_cast<std::size_t>(tiles * tiles));
    for (int from = 0; from < tiles; ++from) {
      for (int to = 0; to < tiles; ++to) {
        if (from != to) moved_[static_cast<std::size_t>(from * tiles + to)] = tabulate_move(from, to);
      }
    }
  }

  [[nodiscard]] std::uint32_t count() const { return count_; }

  // The order of tiles whose ranks are `rank`.
  [[nodiscard]] std::uint32_t order_of(const std::uint8_t* rank) const {
    return static_cast<std::uint32_t>(partial_rank(rank, tiles_, tiles_));
  }

  // The database index of the placement that lays order p on `cells`, the
  // covered cells lowest first: the sum of each tile's digit times its place value.
  [[nodiscard]] std::uint32_t placement(const std::uint8_t* cells, std::uint32_t order) const {
    const std::uint32_t* weight = &weights_[std::size_t{order} * tiles_];
    std::uint32_t index = 0;
    for (int m = 0; m < tiles_; ++m) index += cells[m] * weight[m];
    return index - offsets_[order];
  }

  // Order after order: the tile on rank `from` now on rank `to`, the tiles
  // ranked between them one step nearer `from` (a tile jumping over others).
  [[nodiscard]] const std::uint16_t* moved(int from, int to) const {
    return moved_[static_cast<std::size_t>(from * tiles_ + to)].data();
  }

 private:
  [[nodiscard]] std::vector<std::uint16_t> tabulate_move(int from, int to) const {
    std::vector<std::uint16_t> after(count_);
    std::uint8_t shifted[kMostPatternTiles];
    for (std::uint32_t order = 0; order < count_; ++order) {
      const std::uint8_t* rank = &ranks_[std::size_t{order} * tiles_];
      for (int j = 0; j < tiles_; ++j) {
        const int r = rank[j];
        int now = r;
        if (r == from) now = to;
        else if (from < to && r > from && r <= to) now = r - 1;
        else if (to < from && r >= to && r < from) now = r + 1;
        shifted[j] = static_cast<std::uint8_t>(now);
      }
      after[order] = static_cast<std::uint16_t>(order_of(shifted));
    }
    return after;
  }

  int tiles_;
  std::uint32_t count_;
  std::vector<std::uint8_t> ranks_;
  std::vector<std::uint32_t> weights_;  // per order, the place value of the tile on each rank
  std::vector<std::uint32_t> offsets_;  // per order, what the earlier-tiles-below counts take off
  std::vector<std::vector<std::uint16_t>> moved_;
};

// The sets of covered cells, the blank's regions in each (a block: one
// set and one region), and the moves between blocks.
class PatternGraph {
 public:
  // A move into a block: from the source block, the tile on rank `from`
  // of the source's set landing on rank `to` of the block's.
  struct Move {
    std::uint32_t source;
    std::uint8_t from;
    std::uint8_t to;
  };

  PatternGraph(int width, int height, int tiles) : cells_(width * height) {
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
    const std::uint32_t full = (1u << cells_) - 1;
    set_of_mask_.assign(std::size_t{full} + 1, 0);
    first_block_.push_back(0);
    for (std::uint32_t mask = 0; mask <= full; ++mask) {
      if (std::popcount(mask) != tiles) continue;
      set_of_mask_[mask] = static_cast<std::uint32_t>(masks_.size());
      masks_.push_back(mask);
      std::array<std::uint8_t, 16> covered{};
      int m = 0;
      for (std::uint32_t bits = mask; bits != 0; bits &= bits - 1)
        covered[static_cast<std::size_t>(m++)] = static_cast<std::uint8_t>(std::countr_zero(bits));
      covered_.push_back(covered);
      // Regions by their lowest cell, as every region is met scanning up.
      const std::uint32_t empty = full & ~mask;
      for (std::uint32_t left = empty; left != 0;) {
        const std::uint32_t region = region_of(std::countr_zero(left), empty);
        block_set_.push_back(set_of_mask_[mask]);
        block_region_.push_back(region);
        left &= ~region;
      }
      first_block_.push_back(static_cast<std::uint32_t>(block_set_.size()));
    }
    first_move_.push_back(0);
    for (std::uint32_t block = 0; block < blocks(); ++block) {
      // The moves that end in this block, found by playing them backwards:
      // the blank is on `from` (in the region), the moved tile on `to`.
      const std::uint32_t mask = masks_[block_set_[block]];
      for (std::uint32_t froms = block_region_[block]; froms != 0; froms &= froms - 1) {
        const int from = std::countr_zero(froms);
        for (std::uint32_t tos = neighbours_[from] & mask; tos != 0; tos &= tos - 1) {
          const int to = std::countr_zero(tos);
          const std::uint32_t before = (mask & ~(1u << to)) | (1u << from);
          moves_.push_back(Move{
              block_of(set_of_mask_[before], to),
              static_cast<std::uint8_t>(std::popcount(before & ((1u << from) - 1))),
              static_cast<std::uint8_t>(std::popcount(mask & ((1u << to) - 1))),
          });
        }
      }
      first_move_.push_back(static_cast<std::uint32_t>(moves_.size()));
    }
  }

  [[nodiscard]] std::uint32_t sets() const { return static_cast<std::uint32_t>(masks_.size()); }
  [[nodiscard]] std::uint32_t blocks() const {
    return static_cast<std::uint32_t>(block_set_.size());
  }
  [[nodiscard]] std::uint32_t first_block(std::uint32_t set) const { return first_block_[set]; }
  [[nodiscard]] std::uint32_t set_of_mask(std::uint32_t mask) const { return set_of_mask_[mask]; }
  // The set's covered cells, lowest first.
  [[nodiscard]] const std::uint8_t* covered(std::uint32_t set) const {
    return covered_[set].data();
  }
  [[nodiscard]] const Move* moves_begin(std::uint32_t block) const {
    return moves_.data() + first_move_[block];
  }
  [[nodiscard]] const Move* moves_end(std::uint32_t block) const {
    return moves_.data() + first_move_[block + 1];
  }

  // The block of the set whose region holds the empty `cell`.
  [[nodiscard]] std::uint32_t block_of(std::uint32_t set, int cell) const {
    std::uint32_t block = first_block_[set];
    while ((block_region_[block] & (1u << cell)) == 0) ++block;
    assert(block < first_block_[set + 1]);
    return block;
  }

 private:
  // The empty cells the blank reaches from `cell` without moving a tile.
  [[nodiscard]] std::uint32_t region_of(int cell, std::uint32_t empty) const {
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

  int cells_;
  std::uint32_t neighbours_[16] = {};
  std::vector<std::uint32_t> set_of_mask_;
  std::vector<std::uint32_t> masks_;
  std::vector<std::array<std::uint8_t, 16>> covered_;
  std::vector<std::uint32_t> first_block_;
  std::vector<std::uint32_t> block_set_;
  std::vector<std::uint32_t> block_region_;
  std::vector<std::uint32_t> first_move_;
  std::vector<Move> moves_;
};

// The layers of the search: per block, bitsets over the orders of the
// states seen and of this layer and the next (they swap from layer to
// layer), and a flag per block whether its layer bitset holds any.
class LayeredSearch {
 public:
  LayeredSearch(const PatternGraph& graph, const TileOrders& orders,
                std::vector<std::uint8_t>& distances)
      : graph_(graph),
        orders_(orders),
        distances_(distances),
        words_((orders.count() + 63) / 64),
        seen_(std::size_t{graph.blocks()} * words_, 0),
        layers_{std::vector<std::uint64_t>(seen_.size(), 0),
                std::vector<std::uint64_t>(seen_.size(), 0)},
        active_{std::vector<std::uint8_t>(graph.blocks(), 0),
                std::vector<std::uint8_t>(graph.blocks(), 0)} {}

  void start(std::uint32_t set, std::uint32_t block, std::uint32_t order) {
    seen_[std::size_t{block} * words_ + order / 64] |= std::uint64_t{1} << (order % 64);
    layers_[0][std::size_t{block} * words_ + order / 64] |= std::uint64_t{1} << (order % 64);
    active_[0][block] = 1;
    distances_[orders_.placement(graph_.covered(set), order)] = 0;
  }

  struct Reached {
    std::uint64_t states = 0;
    std::uint64_t placements = 0;
  };

  // Expands layer `depth` into the next, each thread filling the blocks of
  // the sets it takes (so nothing it writes is another's).
  Reached expand(int depth, int threads) {
    std::atomic<std::uint64_t> states{0};
    std::atomic<std::uint64_t> placements{0};
    engine::shared_loop(threads, graph_.sets(), 8, [&](std::uint64_t begin, std::uint64_t end) {
      std::vector<std::uint64_t> scratch(std::size_t{3} * words_);
      Reached reached;
      for (auto set = static_cast<std::uint32_t>(begin); set < end; ++set)
        expand_set(set, depth, scratch.data(), reached);
      states += reached.states;
      placements += reached.placements;
    });
    return {states.load(), placements.load()};
  }

 private:
  void expand_set(std::uint32_t set, int depth, std::uint64_t* scratch, Reached& reached) {
    const int now = depth & 1;
    const int next = 1 - now;
    std::uint64_t* placed_before = scratch;
    std::uint64_t* placed_now = scratch + words_;
    std::uint64_t* candidates = scratch + 2 * words_;
    const std::uint32_t first = graph_.first_block(set);
    const std::uint32_t last = graph_.first_block(set + 1);
    bool any = false;
    for (std::uint32_t block = first; block < last; ++block) {
      if (!gather(block, now, candidates)) {
        active_[next][block] = 0;
        continue;
      }
      if (!any) {
        // The placements of the set reached before this layer, in any region.
        std::fill(placed_before, placed_before + words_, 0);
        std::fill(placed_now, placed_now + words_, 0);
        for (std::uint32_t other = first; other < last; ++other) {
          const std::uint64_t* seen = &seen_[std::size_t{other} * words_];
          for (std::uint32_t w = 0; w < words_; ++w) placed_before[w] |= seen[w];
        }
        any = true;
      }
      std::uint64_t* seen = &seen_[std::size_t{block} * words_];
      std::uint64_t* layer = &layers_[next][std::size_t{block} * words_];
      std::uint64_t fresh = 0;
      for (std::uint32_t w = 0; w < words_; ++w) {
        const std::uint64_t bits = candidates[w] & ~seen[w];
        seen[w] |= bits;
        layer[w] = bits;
        placed_now[w] |= bits;
        fresh += static_cast<std::uint64_t>(std::popcount(bits));
      }
      active_[next][block] = fresh != 0 ? 1 : 0;
      reached.states += fresh;
    }
    if (!any) return;
    const std::uint8_t* covered = graph_.covered(set);
    const auto distance = static_cast<std::uint8_t>(depth + 1);
    for (std::uint32_t w = 0; w < words_; ++w) {
      for (std::uint64_t bits = placed_now[w] & ~placed_before[w]; bits != 0; bits &= bits - 1) {
        const auto order = static_cast<std::uint32_t>(w * 64 + std::countr_zero(bits));
        std::uint8_t& entry = distances_[orders_.placement(covered, order)];
        assert(entry == kUnreachedPlacement);
        entry = distance;
        ++reached.placements;
      }
    }
  }

  // The orders the moves into `block` reach from this layer; false when
  // no move comes from a block with states in it.
  bool gather(std::uint32_t block, int now, std::uint64_t* candidates) const {
    bool any = false;
    for (const auto* move = graph_.moves_begin(block); move != graph_.moves_end(block); ++move) {
      if (active_[now][move->source] == 0) continue;
      if (!any) std::fill(candidates, candidates + words_, 0);
      any = true;
      const std::uint64_t* layer = &layers_[now][std::size_t{move->source} * words_];
      if (move->from == move->to) {
        for (std::uint32_t w = 0; w < words_; ++w) candidates[w] |= layer[w];
        continue;
      }
      const std::uint16_t* after = orders_.moved(move->from, move->to);
      for (std::uint32_t w = 0; w < words_; ++w) {
        for (std::uint64_t bits = layer[w]; bits != 0; bits &= bits - 1) {
          const std::uint32_t order = after[w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits))];
          candidates[order / 64] |= std::uint64_t{1} << (order % 64);
        }
      }
    }
    return any;
  }

  const PatternGraph& graph_;
  const TileOrders& orders_;
  std::vector<std::uint8_t>& distances_;
  std::uint32_t words_;
  std::vector<std::uint64_t> seen_;
  std::vector<std::uint64_t> layers_[2];
  std::vector<std::uint8_t> active_[2];
};

}  // namespace

std::vector<std::uint8_t> pattern_distances(int width, int height, const std::vector<int>& tiles,
                                            int threads, const PatternLayerReport& report) {
  const int cells = width * height;
  const int count = static_cast<int>(tiles.size());
  if (count < 1 || count > kMostPatternTiles || count + 1 > cells || cells > 16)
    throw std::invalid_argument("a pattern has 1 to 8 tiles and leaves the blank a cell, on a "
                                "board of 16 cells at most");
  std::uint32_t goal = 0;
  for (const int tile : tiles) {
    if (tile < 1 || tile >= cells || (goal & (1u << tile)) != 0)
      throw std::invalid_argument("a pattern's tiles are distinct, each 1 to cells - 1");
    goal |= 1u << tile;
  }
  const TileOrders orders(count, cells);
  const PatternGraph graph(width, height, count);
  std::vector<std::uint8_t> distances(pattern_entries(cells, count), kUnreachedPlacement);
  LayeredSearch search(graph, orders, distances);
  std::uint8_t goal_ranks[kMostPatternTiles];
  for (int j = 0; j < count; ++j)
    goal_ranks[j] = static_cast<std::uint8_t>(std::popcount(goal & ((1u << tiles[j]) - 1)));
  const std::uint32_t goal_set = graph.set_of_mask(goal);
  search.start(goal_set, graph.block_of(goal_set, 0), orders.order_of(goal_ranks));
  for (int depth = 0;; ++depth) {
    const auto reached = search.expand(depth, threads);
    if (reached.states == 0) break;
    if (report) report(depth + 1, reached.states, reached.placements);
  }
  return distances;
}

}  // namespace brudno::games
