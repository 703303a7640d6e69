#pragma once
// Depth-first puzzle search, the classic `search` (the first solution) and
// `allsol` (all of them) over `lose` (a dead end: is_dead_end), `ter` (a
// solution: is_goal) and `successors`, on the single-agent problem interface
// of engine/problem.hpp. The walker keeps the path on an explicit stack, so
// the depth of a puzzle is limited by memory, not by the call stack.

#include <cassert>
#include <cstddef>
#include <vector>

#include "engine/problem.hpp"
#include "engine/single_agent/depth_first.hpp"

namespace brudno::engine {

// Calls on_solution(state) for each solution in depth-first order until it
// returns false. Returns the number of solutions visited. The state is back
// where it started when this returns.
template <Problem P, class OnSolution>
std::size_t explore(P& puzzle, OnSolution&& on_solution) {
  std::size_t found = 0;
  walk_depth_first(puzzle, [&](const P& state, const std::vector<typename P::Move>&) {
    if (is_dead_end(state)) return Visit::kPrune;
    if (!state.is_goal()) return Visit::kExpand;
    ++found;
    return on_solution(state) ? Visit::kPrune : Visit::kStop;
  });
  return found;
}

// The classic `search`: calls on_solution for the first solution only.
template <Problem P, class OnSolution>
bool search_first(P& puzzle, OnSolution&& on_solution) {
  const std::size_t found = explore(puzzle, [&](const P& state) {
    on_solution(state);
    return false;
  });
  assert(found <= 1);  // the first solution stops the walk
  return found == 1;
}

// The classic `allsol`: every solution.
template <Problem P, class OnSolution>
std::size_t search_all(P& puzzle, OnSolution&& on_solution) {
  return explore(puzzle, [&](const P& state) {
    on_solution(state);
    return true;
  });
}

}  // namespace brudno::engine
