#pragma once
// Local search over complete states: steepest-ascent hill climbing, with a
// cap on consecutive sideways moves, and random restarts. A local problem
// also has a value to maximise (the goal has the greatest), a way to start
// from a random state, and (for simulated annealing, simulated_annealing.hpp)
// a random successor. Ties between best successors are broken at random, so
// a run is reproducible from its seed.

#include <cassert>
#include <concepts>
#include <cstdint>

#include "engine/problem.hpp"
#include "engine/single_agent/random.hpp"

namespace brudno::engine {

template <class P>
concept LocalProblem = Problem<P> && requires(P problem, const P& state, Random& random) {
  { state.value() } -> std::convertible_to<std::int64_t>;
  { problem.randomize(random) } -> std::same_as<void>;
  { problem.random_move(random) } -> std::same_as<typename P::Move>;
};

struct ClimbOutcome {
  bool solved = false;
  std::uint64_t steps = 0;     // moves made, sideways ones included
  std::uint64_t restarts = 0;  // random restarts after the first start
  std::int64_t value = 0;      // of the state it ended in
};

// Steepest ascent from the problem's current state: the best successor while
// it is better, or as good for at most `max_sideways` moves in a row.
template <LocalProblem P>
ClimbOutcome hill_climb(P& problem, Random& random, int max_sideways = 0) {
  using Move = typename P::Move;
  ClimbOutcome outcome;
  MoveList<Move> moves;
  int sideways = 0;
  while (!problem.is_goal()) {
    const std::int64_t current = problem.value();
    moves.clear();
    problem.successors(moves);
    std::int64_t best = 0;
    std::uint64_t ties = 0;
    Move chosen{};
    for (const Move move : moves) {
      problem.play(move);
      const std::int64_t value = problem.value();
      problem.undo(move);
      if (ties == 0 || value > best) {
        best = value;
        chosen = move;
        ties = 1;
      } else if (value == best && random.below(++ties) == 0) {
        chosen = move;  // each of the tied moves is kept with probability 1/ties
      }
    }
    if (ties == 0 || best < current) break;
    if (best == current) {
      if (sideways == max_sideways) break;
      ++sideways;
    } else {
      sideways = 0;
    }
    problem.play(chosen);
    ++outcome.steps;
    // The move climbs (or keeps level) by what it was measured at, play and
    // undo having left the value as they found it.
    assert(problem.value() == best && best >= current);
  }
  outcome.solved = problem.is_goal();
  outcome.value = problem.value();
  return outcome;
}

// Hill climbing from random states until one climb reaches a goal, at most
// `max_restarts` times after the first; steps add up over the climbs.
template <LocalProblem P>
ClimbOutcome random_restart_hill_climb(P& problem, Random& random, int max_sideways,
                                       std::uint64_t max_restarts) {
  ClimbOutcome total;
  for (std::uint64_t restart = 0;; ++restart) {
    if (restart > 0) problem.randomize(random);
    const ClimbOutcome climb = hill_climb(problem, random, max_sideways);
    total.steps += climb.steps;
    assert(restart <= max_restarts);
    total.restarts = restart;
    total.value = climb.value;
    total.solved = climb.solved;
    if (climb.solved || restart == max_restarts) return total;
  }
}

}  // namespace brudno::engine
