#pragma once
// Best-first graph search and its four classic orderings: uniform-cost
// (Dijkstra: by path cost g), greedy best-first (by the heuristic h), A* (by
// g + h) and weighted A* (by g + w h). The frontier is a binary heap; a state
// reached again at a lower cost is pushed again and the stale entry skipped
// when it comes up (lazy deletion), so a closed state is reopened when an
// inconsistent heuristic finds it a cheaper path, and A* stays optimal with
// any admissible heuristic. The goal test is made when a state is taken from
// the frontier, as the textbook's traces do. Ties go to the lower h, then to
// the state pushed first, so that runs are reproducible.

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

#include "engine/problem.hpp"
#include "engine/single_agent/key_table.hpp"
#include "engine/single_agent/memory_use.hpp"
#include "engine/single_agent/search_tree.hpp"

namespace brudno::engine {

// How the frontier is ordered: priority = g_weight * g + h_weight * h.
struct BestFirstOrder {
  double g_weight = 1;
  double h_weight = 1;
  // Greedy search never goes back to a state it has seen (its priority does
  // not depend on the path); the others reopen a state reached more cheaply.
  bool reopen = true;
};

inline constexpr BestFirstOrder kUniformCost{1, 0, true};
inline constexpr BestFirstOrder kGreedy{0, 1, false};
inline constexpr BestFirstOrder kAStar{1, 1, true};
inline BestFirstOrder weighted_a_star(double weight) {
  return {1, weight, true};
}

template <HasKey P, class Heuristic = ZeroHeuristic, class Trace = NoTrace>
requires std::copyable<P> OutcomeOf<P> best_first_search(const P& start, BestFirstOrder order,
                                                         Heuristic&& heuristic = {},
                                                         const SearchBudget& budget = {},
                                                         Trace&& trace = {}) {
  using Cost = CostOf<P>;
  struct Entry {
    double priority;
    Cost h;
    std::uint64_t sequence;
    std::uint32_t node;
    // The heap puts the greatest first: "greater" is "worse".
    bool operator<(const Entry& other) const {
      if (priority != other.priority) return priority > other.priority;
      if (h != other.h) return h > other.h;
      return sequence > other.sequence;
    }
  };
  OutcomeOf<P> outcome;
  outcome.iterations = 1;
  SearchTree<P> tree;
  // The cheapest cost each state has been reached at so far.
  KeyTable<Cost> best_cost;
  // A binary heap, as std::priority_queue keeps one (the same push_heap and
  // pop_heap), in a vector whose growth the memory grant can see.
  std::vector<Entry> frontier;
  std::uint64_t sequence = 0;
  const auto push = [&](std::uint32_t node, const P& state) {
    // Each node of the tree is pushed once, as it is made.
    assert(node + 1 == tree.size() && sequence == node);
    const Cost h = heuristic(state);
    const double priority = order.g_weight * static_cast<double>(tree[node].g) +
                            order.h_weight * static_cast<double>(h);
    frontier.push_back(Entry{priority, h, sequence++, node});
    std::push_heap(frontier.begin(), frontier.end());
    outcome.peak_states = std::max<std::uint64_t>(outcome.peak_states, tree.size());
    outcome.peak_bytes = std::max<std::uint64_t>(
        outcome.peak_bytes, tree.bytes() + best_cost.bytes() + frontier.size() * sizeof(Entry));
  };

  outcome.generated = 1;
  best_cost.try_emplace(start.key(), Cost{});
  push(tree.add_root(start), start);
  MoveList<typename P::Move> moves;
  while (!frontier.empty()) {
    std::pop_heap(frontier.begin(), frontier.end());
    const Entry top = frontier.back();
    frontier.pop_back();
    const auto& node = tree[top.node];
    if (order.reopen && best_cost.at(node.state.key()) < node.g) continue;  // stale
    // The cheapest cost known for the state is this node's: a greedy search
    // makes one node a state, the others skip every node but the cheapest.
    assert(best_cost.at(node.state.key()) == node.g);
    if (node.state.is_goal()) {
      tree.write_solution(top.node, outcome);
      return outcome;
    }
    P state = node.state;
    const Cost g = node.g;
    moves.clear();
    state.successors(moves);
    // Room for every successor before any is kept (`node` is not used past
    // here: the tree may move as it grows).
    if (!budget.may_hold([&] {
          return tree.bytes_after(moves.size()) + best_cost.bytes_after(moves.size()) +
                 vector_bytes_after(frontier, moves.size());
        })) {
      outcome.stopped = true;
      outcome.out_of_memory = true;
      return outcome;
    }
    // Its growing stops when the search is told to (key_table.hpp).
    if (!best_cost.reserve(moves.size(), [&] { return budget.exhausted(outcome.generated); })) {
      outcome.stopped = true;
      return outcome;
    }
    trace(static_cast<const P&>(state));
    ++outcome.expanded;
    for (const auto move : moves) {
      const Cost cost = g + step_cost(state, move);
      state.play(move);
      ++outcome.generated;
      if (!is_dead_end(state)) {
        const auto [known, fresh] = best_cost.try_emplace(state.key(), cost);
        if (fresh || (order.reopen && cost < *known)) {
          *known = cost;
          push(tree.add_child(top.node, state, move, cost), state);
        }
      }
      state.undo(move);
      assert(state.key() == tree[top.node].state.key());  // as it was before the move
    }
    if (budget.exhausted(outcome.generated)) {
      outcome.stopped = true;
      return outcome;
    }
  }
  return outcome;
}

template <HasKey P, class Trace = NoTrace>
requires std::copyable<P> OutcomeOf<P> uniform_cost_search(const P& start,
                                                           const SearchBudget& budget = {},
                                                           Trace&& trace = {}) {
  return best_first_search(start, kUniformCost, ZeroHeuristic{}, budget,
                           std::forward<Trace>(trace));
}

template <HasKey P, class Heuristic, class Trace = NoTrace>
requires std::copyable<P> OutcomeOf<P> greedy_best_first_search(const P& start,
                                                                Heuristic&& heuristic,
                                                                const SearchBudget& budget = {},
                                                                Trace&& trace = {}) {
  return best_first_search(start, kGreedy, std::forward<Heuristic>(heuristic), budget,
                           std::forward<Trace>(trace));
}

template <HasKey P, class Heuristic, class Trace = NoTrace>
requires std::copyable<P> OutcomeOf<P> a_star_search(const P& start, Heuristic&& heuristic,
                                                     const SearchBudget& budget = {},
                                                     Trace&& trace = {}) {
  return best_first_search(start, kAStar, std::forward<Heuristic>(heuristic), budget,
                           std::forward<Trace>(trace));
}

}  // namespace brudno::engine
