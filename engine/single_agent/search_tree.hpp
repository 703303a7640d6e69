#pragma once
// The stored part of a graph search (breadth-first, uniform-cost, A*): every
// state reached, with the move and the parent that reached it, so that a
// solution's path is read back from its last state. States are copies of the
// problem (small: a board, a city), made once when they are first reached.
// Nodes are kept in blocks, each twice the one before, and never moved:
// growing costs one block's allocation (its pages are made as nodes fill
// them), not a copy of everything held, so a search told to stop is never
// caught in the middle of one (a vector of 100 MB doubling took a second
// under load), and the blocks are let go a few dozen at most.

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/problem.hpp"
#include "engine/single_agent/memory_use.hpp"

namespace brudno::engine {

template <Problem P>
class SearchTree {
 public:
  using Move = typename P::Move;
  using Cost = CostOf<P>;
  static constexpr std::uint32_t kNoParent = 0xffffffffu;

  struct Node {
    P state;
    Cost g{};
    std::uint32_t parent = kNoParent;
    std::uint32_t depth = 0;
    Move move{};
  };

  std::uint32_t add_root(const P& state) {
    assert(size_ == 0);  // one root, node 0
    return add(Node{state, Cost{}, kNoParent, 0, Move{}});
  }

  std::uint32_t add_child(std::uint32_t parent, const P& state, Move move, Cost g) {
    assert(parent < size_);
    // Step costs are never negative: a child costs at least its parent.
    assert(!(g < (*this)[parent].g));
    // Indexes are 32 bits, kNoParent never one of them.
    assert(size_ < kNoParent);
    return add(Node{state, g, parent, (*this)[parent].depth + 1, move});
  }

  [[nodiscard]] const Node& operator[](std::uint32_t index) const {
    assert(index < size_);
    const auto [block, offset] = place(index);
    return blocks_[block][offset];
  }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] std::uint64_t bytes() const { return bytes_of(blocks_.size()); }
  // What it will take with `added` more nodes (memory_use.hpp).
  [[nodiscard]] std::uint64_t bytes_after(std::uint64_t added) const {
    const std::uint64_t nodes = size_ + added;
    std::size_t blocks = blocks_.size();
    while (capacity_of(blocks) < nodes) ++blocks;
    return bytes_of(blocks);
  }

  // The moves from the root to `index`, in the order they are played.
  [[nodiscard]] std::vector<Move> path_to(std::uint32_t index) const {
    assert(index < size_);
    [[maybe_unused]] const std::uint32_t depth = (*this)[index].depth;
    std::vector<Move> path;
    for (; (*this)[index].parent != kNoParent; index = (*this)[index].parent)
      path.push_back((*this)[index].move);
    std::reverse(path.begin(), path.end());
    // The walk up ends at the root, one move a level.
    assert(index == 0 && path.size() == depth);
    return path;
  }

  // Fills the outcome with the path to `index` and its cost.
  void write_solution(std::uint32_t index, OutcomeOf<P>& outcome) const {
    outcome.solved = true;
    outcome.path = path_to(index);
    outcome.cost = (*this)[index].g;
  }

 private:
  // The first block's nodes; block b holds kFirstBlock << b, so that blocks
  // 0 to b-1 hold kFirstBlock * (2^b - 1) together.
  static constexpr int kFirstBlockBits = 6;
  static constexpr std::uint64_t kFirstBlock = std::uint64_t{1} << kFirstBlockBits;
  // The 27 blocks a 32-bit index can need, in a list that never grows.
  static constexpr std::size_t kMostBlocks = 33 - kFirstBlockBits;

  // Block and offset of node `index`: with j = index + kFirstBlock, the
  // block is j's highest bit (less kFirstBlockBits), the offset the rest.
  static std::pair<std::size_t, std::size_t> place(std::uint64_t index) {
    const std::uint64_t j = index + kFirstBlock;
    const int high = std::bit_width(j) - 1;
    return {static_cast<std::size_t>(high - kFirstBlockBits), j - (std::uint64_t{1} << high)};
  }
  static std::uint64_t capacity_of(std::size_t blocks) {
    return kFirstBlock * ((std::uint64_t{1} << blocks) - 1);
  }
  static std::uint64_t bytes_of(std::size_t blocks) {
    return capacity_of(blocks) * sizeof(Node) + kMostBlocks * sizeof(std::vector<Node>);
  }

  std::uint32_t add(Node node) {
    if (size_ == capacity_of(blocks_.size())) {
      assert(blocks_.size() < kMostBlocks);
      blocks_.emplace_back();
      // Reserved whole: the block never moves.
      blocks_.back().reserve(kFirstBlock << (blocks_.size() - 1));
    }
    blocks_.back().push_back(std::move(node));
    assert(place(size_).first == blocks_.size() - 1);
    return static_cast<std::uint32_t>(size_++);
  }

  std::vector<std::vector<Node>> blocks_ = [] {
    std::vector<std::vector<Node>> blocks;
    blocks.reserve(kMostBlocks);
    return blocks;
  }();
  std::uint32_t size_ = 0;
};

}  // namespace brudno::engine
