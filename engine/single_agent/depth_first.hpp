#pragma once
// Depth-first search: one walker over the tree of move sequences, and the
// strategies made of it: depth-first search (with an explored set when the
// problem has keys), depth-limited search and iterative deepening. The walker
// keeps the path on an explicit stack, so depth is limited by memory, not by
// the call stack, and the one state is played forward and back. It never
// generates the move that undoes the last one (when the problem names inverse
// moves): that successor is the parent again.

#include <cassert>
#include <cstddef>
#include <optional>
#include <vector>

#include "engine/problem.hpp"
#include "engine/single_agent/key_table.hpp"
#include "engine/single_agent/memory_use.hpp"

namespace brudno::engine {

enum class Visit { kExpand, kPrune, kStop };

// Calls visit(state, path) for the start and for every state reached, before
// its successors are generated; `path` is the moves from the start. The visit
// says whether to expand the state, skip its successors, or stop. Returns the
// most moves the path held; the state is back at the start when it returns.
template <Problem P, class OnVisit>
std::size_t walk_depth_first(P& problem, OnVisit&& visit) {
  using Move = typename P::Move;
#ifndef NDEBUG
  [[maybe_unused]] std::uint64_t start_key = 0;
  if constexpr (HasKey<P>) start_key = problem.key();
#endif
  std::vector<Move> path;
  if (visit(static_cast<const P&>(problem), static_cast<const std::vector<Move>&>(path)) !=
      Visit::kExpand) {
    return 0;
  }
  struct Frame {
    MoveList<Move> moves;
    std::size_t next = 0;
  };
  std::vector<Frame> stack(1);
  problem.successors(stack.back().moves);
  std::size_t deepest = 0;
  while (!stack.empty()) {
    // A frame for the start and one for each move of the path.
    assert(stack.size() == path.size() + 1);
    Frame& frame = stack.back();
    if (frame.next == frame.moves.size()) {
      stack.pop_back();
      if (!path.empty()) {
        problem.undo(path.back());
        path.pop_back();
      }
      continue;
    }
    const Move move = frame.moves[frame.next++];
    if (undoes<P>(move, path.empty() ? nullptr : &path.back())) continue;
    problem.play(move);
    path.push_back(move);
    deepest = std::max(deepest, path.size());
    const Visit next =
        visit(static_cast<const P&>(problem), static_cast<const std::vector<Move>&>(path));
    if (next == Visit::kExpand) {
      stack.emplace_back();
      problem.successors(stack.back().moves);
    } else {
      problem.undo(move);
      path.pop_back();
      if (next == Visit::kStop) {
        // Unwind to the start.
        while (!path.empty()) {
          problem.undo(path.back());
          path.pop_back();
        }
        if constexpr (HasKey<P>) assert(problem.key() == start_key);  // back at the start
        return deepest;
      }
    }
  }
  assert(path.empty());
  if constexpr (HasKey<P>) assert(problem.key() == start_key);  // back at the start
  return deepest;
}

namespace detail {

// One depth-first pass: to `limit` moves, or without limit; with an explored
// set when `explored` is given. Adds its counts to the outcome; true when it
// cut a path at the limit (a deeper pass might find more).
template <Problem P, class Trace>
bool depth_first_pass(P& problem, std::optional<std::size_t> limit, KeyTable<>* explored,
                      const SearchBudget& budget, Trace& trace, OutcomeOf<P>& outcome) {
  using Move = typename P::Move;
  const std::uint64_t frame_bytes = sizeof(MoveList<Move>) + sizeof(std::size_t) + sizeof(Move);
  bool cut = false;
  const std::size_t deepest =
      walk_depth_first(problem, [&](const P& state, const std::vector<Move>& path) {
        ++outcome.generated;
        if (budget.exhausted(outcome.generated)) {
          outcome.stopped = true;
          return Visit::kStop;
        }
        // Room for a frame more and, with an explored set, this state in it
        // (the walker's stack and path double as they grow: counted twice).
        if (!budget.may_hold([&] {
              std::uint64_t bytes = 2 * (path.size() + 2) * frame_bytes;
              if (explored != nullptr) bytes += explored->bytes_after(1);
              return bytes;
            })) {
          outcome.stopped = true;
          outcome.out_of_memory = true;
          return Visit::kStop;
        }
        if (is_dead_end(state)) return Visit::kPrune;
        if constexpr (HasKey<P>) {
          if (explored != nullptr) {
            // Its growing stops when the search is told to (key_table.hpp).
            if (!explored->reserve(1, [&] { return budget.exhausted(outcome.generated); })) {
              outcome.stopped = true;
              return Visit::kStop;
            }
            if (!explored->insert(state.key())) return Visit::kPrune;
          }
        }
        if (state.is_goal()) {
          outcome.solved = true;
          outcome.path = path;
          return Visit::kStop;
        }
        if (limit && path.size() >= *limit) {
          cut = true;
          return Visit::kPrune;
        }
        trace(state);
        ++outcome.expanded;
        return Visit::kExpand;
      });
  outcome.peak_states = std::max<std::uint64_t>(outcome.peak_states, deepest + 1);
  std::uint64_t bytes = (deepest + 1) * frame_bytes;
  if (explored != nullptr) bytes += explored->bytes();
  outcome.peak_bytes = std::max(outcome.peak_bytes, bytes);
  if (explored != nullptr)
    outcome.peak_states = std::max<std::uint64_t>(outcome.peak_states, explored->size());
  return cut;
}

// The cost of the path from the start, played forward and back.
template <Problem P>
CostOf<P> path_cost(P& problem, const std::vector<typename P::Move>& path) {
  CostOf<P> cost{};
  for (const auto move : path) {
    cost += step_cost(static_cast<const P&>(problem), move);
    problem.play(move);
  }
  for (auto move = path.rbegin(); move != path.rend(); ++move) problem.undo(*move);
  // With unit costs a path costs its length.
  if constexpr (!HasStepCosts<P>) assert(cost == static_cast<CostOf<P>>(path.size()));
  return cost;
}

}  // namespace detail

// Depth-first search to the first goal, successors in their natural order.
// With keys, an explored set makes it a graph search, complete on finite
// spaces; without, it is a tree search (bound it with the budget).
template <Problem P, class Trace = NoTrace>
OutcomeOf<P> depth_first_search(P& problem, const SearchBudget& budget = {}, Trace&& trace = {}) {
  OutcomeOf<P> outcome;
  outcome.iterations = 1;
  KeyTable<> explored;
  detail::depth_first_pass(problem, std::nullopt, HasKey<P> ? &explored : nullptr, budget, trace,
                           outcome);
  if (outcome.solved) outcome.cost = detail::path_cost(problem, outcome.path);
  return outcome;
}

// Depth-limited tree search (no explored set): states `limit` moves deep are
// tested but not expanded.
template <Problem P, class Trace = NoTrace>
OutcomeOf<P> depth_limited_search(P& problem, std::size_t limit, const SearchBudget& budget = {},
                                  Trace&& trace = {}) {
  OutcomeOf<P> outcome;
  outcome.iterations = 1;
  detail::depth_first_pass(problem, limit, nullptr, budget, trace, outcome);
  if (outcome.solved) outcome.cost = detail::path_cost(problem, outcome.path);
  return outcome;
}

// Iterative deepening: depth-limited searches to 0, 1, 2, ... moves until one
// finds a goal or none was cut at its limit. Counts are over all passes; the
// path is a shallowest one.
template <Problem P, class Trace = NoTrace>
OutcomeOf<P> iterative_deepening_search(P& problem, const SearchBudget& budget = {},
                                        Trace&& trace = {}) {
  OutcomeOf<P> outcome;
  for (std::size_t limit = 0;; ++limit) {
    ++outcome.iterations;
    const bool cut = detail::depth_first_pass(problem, limit, nullptr, budget, trace, outcome);
    if (outcome.solved || outcome.stopped || !cut) break;
  }
  if (outcome.solved) outcome.cost = detail::path_cost(problem, outcome.path);
  return outcome;
}

}  // namespace brudno::engine
