#pragma once
// Min-conflicts (Minton, Johnston, Philips and Laird 1992): take a random
// variable in conflict and give it the value with the fewest conflicts, ties
// at random, until nothing conflicts. The problem names the variable and the
// move; the strategy is the loop.

#include <cassert>
#include <concepts>
#include <cstdint>
#include <optional>

#include "engine/single_agent/local_search.hpp"

namespace brudno::engine {

template <class P>
concept ConflictProblem = LocalProblem<P> &&
    requires(P problem, Random& random, std::uint32_t variable) {
  { problem.random_conflicted(random) } -> std::same_as<std::optional<std::uint32_t>>;
  { problem.least_conflicting_move(variable, random) } -> std::same_as<typename P::Move>;
};

template <ConflictProblem P>
ClimbOutcome min_conflicts(P& problem, Random& random, std::uint64_t max_steps) {
  ClimbOutcome outcome;
  for (; outcome.steps < max_steps; ++outcome.steps) {
    const auto variable = problem.random_conflicted(random);
    if (!variable) break;
    assert(!problem.is_goal());  // a variable in conflict: not a solution yet
    problem.play(problem.least_conflicting_move(*variable, random));
  }
  outcome.solved = problem.is_goal();
  // Stopped before the last step only when nothing conflicts: at a goal.
  assert(outcome.solved || outcome.steps == max_steps);
  outcome.value = problem.value();
  return outcome;
}

}  // namespace brudno::engine
