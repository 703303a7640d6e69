#pragma once
// Checks a plan without trusting the search that found it, as
// proof_checker.hpp does a proof: replayed from the start with the problem's
// own successors, play and goal test, every move must be one of its state's
// successors, no state before the last may be a dead end (the classic `lose`:
// a search prunes it, so no plan goes on from one), and the last state must be
// a goal. The cost is summed on the way, for the caller to compare with what
// the search claimed.

#include <span>
#include <string>
#include <variant>

#include "engine/move_list.hpp"
#include "engine/problem.hpp"

namespace brudno::engine {

// The plan's cost, or what is wrong with it and at which move (from 1).
template <Problem P>
requires std::copyable<P> std::variant<CostOf<P>, std::string> check_solution(
    const P& start, std::span<const typename P::Move> plan) {
  P state = start;
  CostOf<P> cost{};
  MoveList<typename P::Move> moves;
  for (std::size_t step = 0; step < plan.size(); ++step) {
    const std::string where = "move " + std::to_string(step + 1);
    if (is_dead_end(state)) return where + " goes on from a dead end";
    moves.clear();
    state.successors(moves);
    if (!moves.contains(plan[step])) return where + " is not one of its state's successors";
    cost += step_cost(state, plan[step]);
    state.play(plan[step]);
  }
  if (is_dead_end(state)) return std::string("the plan ends in a dead end");
  if (!state.is_goal()) return std::string("the plan ends short of a goal");
  return cost;
}

}  // namespace brudno::engine
