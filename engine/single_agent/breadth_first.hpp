#pragma once
// Breadth-first search, as the textbook's graph search writes it: a FIFO
// frontier, the goal test when a state is generated (a shallowest goal is
// found one layer sooner than by testing at expansion), and duplicates
// detected by key when the problem has one. On unit costs its path is optimal.

#include <cassert>
#include <deque>
#include <vector>

#include "engine/problem.hpp"
#include "engine/single_agent/key_table.hpp"
#include "engine/single_agent/memory_use.hpp"
#include "engine/single_agent/search_tree.hpp"

namespace brudno::engine {

template <Problem P, class Trace = NoTrace>
requires std::copyable<P> OutcomeOf<P> breadth_first_search(const P& start,
                                                            const SearchBudget& budget = {},
                                                            Trace&& trace = {}) {
  OutcomeOf<P> outcome;
  outcome.iterations = 1;
  SearchTree<P> tree;
  KeyTable<> seen;
  std::deque<std::uint32_t> frontier;
  const auto record_memory = [&] {
    outcome.peak_states = tree.size();
    outcome.peak_bytes = tree.bytes() + seen.bytes() + frontier.size() * sizeof(std::uint32_t);
  };
  outcome.generated = 1;
  tree.add_root(start);
  if (start.is_goal()) {
    tree.write_solution(0, outcome);
    record_memory();
    return outcome;
  }
  if constexpr (HasKey<P>) seen.insert(start.key());
  frontier.push_back(0);
  MoveList<typename P::Move> moves;
  while (!frontier.empty()) {
    // Every state kept has its key seen, and the frontier holds kept states
    // not yet expanded, one layer after another.
    if constexpr (HasKey<P>) assert(seen.size() == tree.size());
    assert(frontier.size() <= tree.size());
    const std::uint32_t parent = frontier.front();
    frontier.pop_front();
    assert(parent < tree.size());
    P state = tree[parent].state;
    moves.clear();
    state.successors(moves);
    // Room for every successor before any is kept: a search held to a
    // budget stops below it, never past it.
    if (!budget.may_hold([&] {
          return tree.bytes_after(moves.size()) + seen.bytes_after(moves.size()) +
                 deque_bytes(frontier.size() + moves.size(), sizeof(std::uint32_t));
        })) {
      outcome.stopped = true;
      outcome.out_of_memory = true;
      record_memory();
      return outcome;
    }
    if constexpr (HasKey<P>) {
      // Its growing stops when the search is told to (key_table.hpp).
      if (!seen.reserve(moves.size(), [&] { return budget.exhausted(outcome.generated); })) {
        outcome.stopped = true;
        record_memory();
        return outcome;
      }
    }
    trace(static_cast<const P&>(state));
    ++outcome.expanded;
    for (const auto move : moves) {
      const auto cost = tree[parent].g + step_cost(state, move);
      state.play(move);
      ++outcome.generated;
      bool fresh = !is_dead_end(state);
      if constexpr (HasKey<P>) fresh = fresh && seen.insert(state.key());
      if (fresh) {
        const auto child = tree.add_child(parent, state, move, cost);
        if (state.is_goal()) {
          tree.write_solution(child, outcome);
          record_memory();
          return outcome;
        }
        // First in, first out: the frontier's depths never fall.
        assert(frontier.empty() || tree[frontier.back()].depth <= tree[child].depth);
        frontier.push_back(child);
      }
      state.undo(move);
      if constexpr (HasKey<P>) assert(state.key() == tree[parent].state.key());
    }
    record_memory();
    if (budget.exhausted(outcome.generated)) {
      outcome.stopped = true;
      return outcome;
    }
  }
  return outcome;
}

// Every state reachable from `start`, layer by layer: on_state(state, depth)
// once for each, in breadth-first order. Returns the number of states. Keeps
// two layers and the keys, not the paths.
template <HasKey P, class OnState>
requires std::copyable<P> std::size_t explore_breadth_first(const P& start, OnState&& on_state) {
  KeyTable<> seen;
  seen.insert(start.key());
  std::vector<P> layer{start};
  std::vector<P> next;
  MoveList<typename P::Move> moves;
  for (int depth = 0; !layer.empty(); ++depth) {
    for (P& state : layer) {
      on_state(static_cast<const P&>(state), depth);
      moves.clear();
      state.successors(moves);
      [[maybe_unused]] const std::uint64_t key = state.key();
      for (const auto move : moves) {
        state.play(move);
        if (seen.insert(state.key())) next.push_back(state);
        state.undo(move);
        assert(state.key() == key);  // the state is as it was before the move
      }
    }
    // Each state of the next layer was seen first there.
    assert(next.size() <= seen.size());
    layer.swap(next);
    next.clear();
  }
  return seen.size();
}

}  // namespace brudno::engine
