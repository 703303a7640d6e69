// Plain alpha-beta (the classic valmax) against plain minimax.

#include "engine/alphabeta.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "engine/minimax.hpp"
#include "games/synthetic/synthetic.hpp"
#include "tests/engine/synthetic_sweep.hpp"

namespace brudno::engine {
namespace {

using games::ChildOrder;
using games::SyntheticTree;

TEST(AlphaBeta, EqualsMinimaxOnRandomTrees) {
  const auto trees = testing::random_trees(50);  // 4 x 6 x 50 = 1200 trees
  ASSERT_GE(trees.size(), 1000u);
  for (auto tree : trees) {
    const Score expected = minimax(tree, tree.depth());
    ASSERT_EQ(expected, tree.true_value()) << tree.to_text();
    EXPECT_EQ(alphabeta(tree, tree.depth(), -kInfinity, kInfinity), expected) << tree.to_text();
  }
}

TEST(AlphaBeta, KeepsTheWindowContractForRandomWindows) {
  std::mt19937 random(12345);
  for (auto tree : testing::random_trees(12)) {
    const Score value = minimax(tree, tree.depth());
    for (int trial = 0; trial < 8; ++trial) {
      std::uniform_int_distribution<Score> bound(value - 300, value + 300);
      Score alpha = bound(random);
      Score beta = bound(random);
      if (alpha == beta) continue;
      if (alpha > beta) std::swap(alpha, beta);
      // valmax[p, alpha, beta] = clamp(minimax(p), alpha, beta).
      EXPECT_EQ(alphabeta(tree, tree.depth(), alpha, beta), std::clamp(value, alpha, beta))
          << tree.to_text() << " window " << alpha << ' ' << beta;
    }
  }
}

long long power(int base, int exponent) {
  long long result = 1;
  for (int i = 0; i < exponent; ++i) result *= base;
  return result;
}

// Levin's theorem: with perfect ordering alpha-beta evaluates exactly
// b^ceil(d/2) + b^floor(d/2) - 1 leaves of a uniform tree; with the worst
// ordering it evaluates all b^d.
TEST(AlphaBeta, LevinsTheoremBestFirstCountsTheMinimalTree) {
  for (int b = 2; b <= 6; ++b) {
    for (int d = 1; d <= 8; ++d) {
      SyntheticTree tree(b, d, 77 + b * 10 + d, ChildOrder::kBestFirst);
      AlphaBetaCounters counters;
      alphabeta(tree, d, -kInfinity, kInfinity, counters);
      EXPECT_EQ(counters.leaves, power(b, (d + 1) / 2) + power(b, d / 2) - 1)
          << "b=" << b << " d=" << d;
    }
  }
}

TEST(AlphaBeta, LevinsTheoremClassicExample) {
  SyntheticTree tree(3, 4, 5, ChildOrder::kBestFirst);
  AlphaBetaCounters counters;
  alphabeta(tree, 4, -kInfinity, kInfinity, counters);
  EXPECT_EQ(counters.leaves, 17u);  // of 81
}

TEST(AlphaBeta, WorstFirstEvaluatesEveryLeaf) {
  for (int b = 2; b <= 6; ++b) {
    for (int d = 1; d <= 8; ++d) {
      SyntheticTree tree(b, d, 91 + b * 10 + d, ChildOrder::kWorstFirst);
      AlphaBetaCounters counters;
      alphabeta(tree, d, -kInfinity, kInfinity, counters);
      EXPECT_EQ(counters.leaves, power(b, d)) << "b=" << b << " d=" << d;
    }
  }
}

}  // namespace
}  // namespace brudno::engine
