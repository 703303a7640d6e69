#pragma once
// Simulated annealing: a random successor is taken when it is better (or as
// good) and otherwise with probability e^(dE/T), dE < 0 the loss of value; T
// falls exponentially, T(t) = T0 * cooling^t, from the start temperature.

#include <cassert>
#include <cmath>
#include <cstdint>

#include "engine/single_agent/local_search.hpp"

namespace brudno::engine {

struct AnnealingSchedule {
  double start_temperature = 1.0;
  double cooling = 0.999;  // per step
  std::uint64_t max_steps = 1'000'000;
  // Below this the search is a random descent; it goes on until max_steps.
  double least_temperature = 1e-9;
};

template <LocalProblem P>
ClimbOutcome simulated_annealing(P& problem, Random& random, const AnnealingSchedule& schedule) {
  // A positive start and a positive floor keep every temperature positive.
  assert(schedule.start_temperature > 0 && schedule.least_temperature > 0);
  ClimbOutcome outcome;
  double temperature = schedule.start_temperature;
  std::int64_t value = problem.value();
  for (std::uint64_t step = 0; step < schedule.max_steps && !problem.is_goal(); ++step) {
    assert(temperature > 0);  // e^(dE/T) is a probability only for T > 0
    const auto move = problem.random_move(random);
    problem.play(move);
    const std::int64_t next = problem.value();
    const auto change = static_cast<double>(next - value);
    if (change >= 0 || random.unit() < std::exp(change / temperature)) {
      value = next;
      ++outcome.steps;
    } else {
      problem.undo(move);
      assert(problem.value() == value);  // the rejected move taken back
    }
    temperature = std::max(temperature * schedule.cooling, schedule.least_temperature);
  }
  outcome.solved = problem.is_goal();
  outcome.value = value;
  return outcome;
}

}  // namespace brudno::engine
