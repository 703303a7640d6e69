#pragma once
// The stored part of a graph search (breadth-first, uniform-cost, A*): every
// state reached, with the move and the parent that reached it, so that a
// solution's path is read back from its last state. States are copies of the
// problem (small: a board, a city), made once when they are first reached.

#include <algorithm>
#include <cassert>
#include <cstdint>
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
    assert(nodes_.empty());  // one root, node 0
    nodes_.push_back(Node{state, Cost{}, kNoParent, 0, Move{}});
    return 0;
  }

  std::uint32_t add_child(std::uint32_t parent, const P& state, Move move, Cost g) {
    assert(parent < nodes_.size());
    // Step costs are never negative: a child costs at least its parent.
    assert(!(g < nodes_[parent].g));
    // Indexes are 32 bits, kNoParent never one of them.
    assert(nodes_.size() < kNoParent);
    nodes_.push_back(Node{state, g, parent, nodes_[parent].depth + 1, move});
    return static_cast<std::uint32_t>(nodes_.size() - 1);
  }

  [[nodiscard]] const Node& operator[](std::uint32_t index) const { return nodes_[index]; }
  [[nodiscard]] std::size_t size() const { return nodes_.size(); }
  [[nodiscard]] std::uint64_t bytes() const { return nodes_.capacity() * sizeof(Node); }
  // What it will take with `added` more nodes (memory_use.hpp).
  [[nodiscard]] std::uint64_t bytes_after(std::uint64_t added) const {
    return vector_bytes_after(nodes_, added);
  }

  // The moves from the root to `index`, in the order they are played.
  [[nodiscard]] std::vector<Move> path_to(std::uint32_t index) const {
    assert(index < nodes_.size());
    [[maybe_unused]] const std::uint32_t depth = nodes_[index].depth;
    std::vector<Move> path;
    for (; nodes_[index].parent != kNoParent; index = nodes_[index].parent)
      path.push_back(nodes_[index].move);
    std::reverse(path.begin(), path.end());
    // The walk up ends at the root, one move a level.
    assert(index == 0 && path.size() == depth);
    return path;
  }

  // Fills the outcome with the path to `index` and its cost.
  void write_solution(std::uint32_t index, OutcomeOf<P>& outcome) const {
    outcome.solved = true;
    outcome.path = path_to(index);
    outcome.cost = nodes_[index].g;
  }

 private:
  std::vector<Node> nodes_;
};

}  // namespace brudno::engine
