// The iterations a helper search leaves out (engine/iteration_skips.hpp),
// alone and inside a search.

#include "engine/iteration_skips.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <vector>

#include "engine/minimax.hpp"
#include "engine/search.hpp"
#include "games/synthetic/synthetic_search.hpp"

namespace brudno::engine {
namespace {

constexpr int kLastDepth = 30;

std::vector<int> iterations_run(int helper) {
  std::vector<int> depths;
  for (int depth = 1; depth <= kLastDepth; ++depth) {
    if (!skips_iteration(helper, depth, kLastDepth)) depths.push_back(depth);
  }
  return depths;
}

TEST(IterationSkips, TheMainSearchRunsEveryIteration) {
  EXPECT_EQ(iterations_run(0).size(), static_cast<std::size_t>(kLastDepth));
}

TEST(IterationSkips, EveryHelperRunsTheFirstAndLastIterationAndLeavesSomeOut) {
  for (int helper = 1; helper <= 40; ++helper) {
    const auto depths = iterations_run(helper);
    ASSERT_FALSE(depths.empty());
    EXPECT_EQ(depths.front(), 1) << "helper " << helper;
    EXPECT_EQ(depths.back(), kLastDepth) << "helper " << helper;
    EXPECT_LT(depths.size(), static_cast<std::size_t>(kLastDepth)) << "helper " << helper;
    // No helper falls far behind: it never leaves out more than 4 in a row.
    for (std::size_t i = 1; i < depths.size(); ++i) {
      EXPECT_LE(depths[i] - depths[i - 1], 5) << "helper " << helper;
    }
  }
}

TEST(IterationSkips, TheFirstTwentyHelpersFollowDifferentPatterns) {
  std::set<std::vector<int>> patterns;
  for (int helper = 1; helper <= 20; ++helper) patterns.insert(iterations_run(helper));
  EXPECT_EQ(patterns.size(), 20u);
}

TEST(IterationSkips, TheFirstHelperRunsTheEvenDepths) {
  std::vector<int> expected{1};
  for (int depth = 2; depth <= kLastDepth; depth += 2) expected.push_back(depth);
  EXPECT_EQ(iterations_run(1), expected);
}

// A helper's search reports only the iterations it runs, each with
// minimax's value, and still reaches the depth asked for.
TEST(IterationSkips, AHelperSearchReportsOnlyTheIterationsItRuns) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  games::SyntheticTree tree(4, 8, 3, games::ChildOrder::kRandom);
  SearchSettings settings;
  settings.helper = 1;
  SearchLimits limits;
  limits.depth = 8;
  std::vector<int> reported;
  const auto result = Search<games::SyntheticTree>(table, settings)
                          .run(tree, limits, stop, [&](const auto& report) {
                            reported.push_back(report.depth);
                            EXPECT_EQ(report.score, minimax(tree, report.depth))
                                << "depth " << report.depth;
                          });
  EXPECT_EQ(reported, (std::vector<int>{1, 2, 4, 6, 8}));
  EXPECT_EQ(result.depth, 8);
  EXPECT_EQ(result.score, minimax(tree, 8));
}

}  // namespace
}  // namespace brudno::engine
