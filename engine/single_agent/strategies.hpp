#pragma once
// The systematic strategies by name, for any problem: the one switch from a
// name to a compiled search.

#include <array>
#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/single_agent/best_first.hpp"
#include "engine/single_agent/breadth_first.hpp"
#include "engine/single_agent/depth_first.hpp"
#include "engine/single_agent/ida_star.hpp"

namespace brudno::engine {

enum class Strategy { kBfs, kDfs, kIddfs, kUcs, kGreedy, kAStar, kWeightedAStar, kIdaStar };

inline constexpr std::array<std::pair<std::string_view, Strategy>, 8> kStrategies = {{
    {"bfs", Strategy::kBfs},
    {"dfs", Strategy::kDfs},
    {"iddfs", Strategy::kIddfs},
    {"ucs", Strategy::kUcs},
    {"greedy", Strategy::kGreedy},
    {"astar", Strategy::kAStar},
    {"wastar", Strategy::kWeightedAStar},
    {"idastar", Strategy::kIdaStar},
}};

inline std::optional<Strategy> find_strategy(std::string_view name) {
  for (const auto& [known, strategy] : kStrategies) {
    if (known == name) return strategy;
  }
  return std::nullopt;
}

inline bool uses_heuristic(Strategy strategy) {
  return strategy == Strategy::kGreedy || strategy == Strategy::kAStar ||
         strategy == Strategy::kWeightedAStar || strategy == Strategy::kIdaStar;
}

// What every strategy's outcome says of itself: a solution or a stop, not
// both, and memory stops only a stopped search; a solution's cost, on unit
// costs, its length; and at least one state, the start, generated and held.
template <Problem P>
bool consistent_outcome(const OutcomeOf<P>& outcome) {
  if (outcome.solved && outcome.stopped) return false;
  if (outcome.out_of_memory && !outcome.stopped) return false;
  if constexpr (!HasStepCosts<P>) {
    if (outcome.solved && outcome.cost != static_cast<CostOf<P>>(outcome.path.size())) return false;
  }
  return outcome.generated >= 1 && outcome.peak_states >= 1 && outcome.iterations >= 1;
}

// The search `strategy` from `start` (left as it was), or why it cannot run
// on this problem.
template <Problem P, class Heuristic, class OnPass = NoPassReport>
requires std::copyable<P> std::variant<OutcomeOf<P>, std::string> run_strategy(
    Strategy strategy, const P& start, const Heuristic& heuristic, double weight,
    const SearchBudget& budget, OnPass&& on_pass = {}) {
  P state = start;
  const auto checked = [](OutcomeOf<P> outcome) {
    assert(consistent_outcome<P>(outcome));
    return outcome;
  };
  switch (strategy) {
    case Strategy::kBfs:
      return checked(breadth_first_search(start, budget));
    case Strategy::kDfs:
      return checked(depth_first_search(state, budget));
    case Strategy::kIddfs:
      return checked(iterative_deepening_search(state, budget));
    case Strategy::kIdaStar:
      return checked(ida_star_search(state, heuristic, budget, NoTrace{}, on_pass));
    default:
      break;
  }
  if constexpr (HasKey<P>) {
    switch (strategy) {
      case Strategy::kUcs:
        return checked(uniform_cost_search(start, budget));
      case Strategy::kGreedy:
        return checked(greedy_best_first_search(start, heuristic, budget));
      case Strategy::kAStar:
        return checked(a_star_search(start, heuristic, budget));
      case Strategy::kWeightedAStar:
        return checked(best_first_search(start, weighted_a_star(weight), heuristic, budget));
      default:
        break;
    }
  }
  return std::string(
      "this problem's states have no key for duplicate detection: use bfs, dfs, "
      "iddfs or idastar");
}

}  // namespace brudno::engine
