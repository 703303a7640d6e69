#pragma once
// The systematic strategies by name, for any problem: the one switch from a
// name to a compiled search.

#include <array>
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

// The search `strategy` from `start` (left as it was), or why it cannot run
// on this problem.
template <Problem P, class Heuristic, class OnPass = NoPassReport>
requires std::copyable<P> std::variant<OutcomeOf<P>, std::string> run_strategy(
    Strategy strategy, const P& start, const Heuristic& heuristic, double weight,
    const SearchBudget& budget, OnPass&& on_pass = {}) {
  P state = start;
  switch (strategy) {
    case Strategy::kBfs:
      return breadth_first_search(start, budget);
    case Strategy::kDfs:
      return depth_first_search(state, budget);
    case Strategy::kIddfs:
      return iterative_deepening_search(state, budget);
    case Strategy::kIdaStar:
      return ida_star_search(state, heuristic, budget, NoTrace{}, on_pass);
    default:
      break;
  }
  if constexpr (HasKey<P>) {
    switch (strategy) {
      case Strategy::kUcs:
        return uniform_cost_search(start, budget);
      case Strategy::kGreedy:
        return greedy_best_first_search(start, heuristic, budget);
      case Strategy::kAStar:
        return a_star_search(start, heuristic, budget);
      case Strategy::kWeightedAStar:
        return best_first_search(start, weighted_a_star(weight), heuristic, budget);
      default:
        break;
    }
  }
  return std::string(
      "this problem's states have no key for duplicate detection: use bfs, dfs, "
      "iddfs or idastar");
}

}  // namespace brudno::engine
