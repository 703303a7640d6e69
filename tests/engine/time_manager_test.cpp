#include "engine/time_manager.hpp"

#include <gtest/gtest.h>

namespace brudno::engine {
namespace {

using namespace std::chrono_literals;

TEST(TimeManager, NoBudgetWithoutAClock) {
  EXPECT_FALSE(allocate_time(SearchLimits{}, 0));
  SearchLimits limits;
  limits.infinite = true;
  limits.time[0] = 1000ms;
  EXPECT_FALSE(allocate_time(limits, 0));
}

TEST(TimeManager, MovetimeIsBothOptimumAndMaximum) {
  SearchLimits limits;
  limits.movetime = 250ms;
  const auto budget = allocate_time(limits, 1);
  ASSERT_TRUE(budget);
  EXPECT_EQ(budget->optimum, 250ms);
  EXPECT_EQ(budget->maximum, 250ms);
}

TEST(TimeManager, UsesTheClockOfTheSideToMove) {
  SearchLimits limits;
  limits.time = {60000ms, 1000ms};
  const auto white = allocate_time(limits, 0);
  const auto black = allocate_time(limits, 1);
  ASSERT_TRUE(white && black);
  EXPECT_GT(white->optimum, black->optimum);
  EXPECT_LT(black->maximum, 1000ms);
}

TEST(TimeManager, NeverPlansPastTheClock) {
  for (const auto clock : {1ms, 5ms, 20ms, 100ms, 1000ms, 60000ms}) {
    for (const auto increment : {0ms, 10ms, 1000ms}) {
      for (const int moves_to_go : {1, 2, 40}) {
        SearchLimits limits;
        limits.time[0] = clock;
        limits.increment[0] = increment;
        limits.moves_to_go = moves_to_go;
        const auto budget = allocate_time(limits, 0);
        ASSERT_TRUE(budget);
        EXPECT_LE(budget->optimum, budget->maximum);
        EXPECT_LE(budget->maximum, std::max(clock - kDefaultMoveOverhead, 1ms));
        EXPECT_GE(budget->optimum, 1ms);
      }
    }
  }
}

TEST(TimeManager, MovesToGoOneMaySpendNearlyEverything) {
  SearchLimits limits;
  limits.time[0] = 10000ms;
  limits.moves_to_go = 1;
  const auto budget = allocate_time(limits, 0);
  ASSERT_TRUE(budget);
  EXPECT_EQ(budget->maximum, 10000ms - kDefaultMoveOverhead);
}

}  // namespace
}  // namespace brudno::engine
