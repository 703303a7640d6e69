#pragma once
// The random synthetic trees the engine tests sweep over: several branching
// factors and depths, many seeds, random child order.

#include <vector>

#include "games/synthetic/synthetic.hpp"

namespace brudno::testing {

inline std::vector<games::SyntheticTree> random_trees(int per_shape) {
  std::vector<games::SyntheticTree> trees;
  for (int branching = 2; branching <= 5; ++branching) {
    for (int depth = 1; depth <= 6; ++depth) {
      for (int seed = 0; seed < per_shape; ++seed) {
        trees.emplace_back(branching, depth, 1000 * branching + 100 * depth + seed,
                           games::ChildOrder::kRandom);
      }
    }
  }
  return trees;
}

}  // namespace brudno::testing
