#include "engine/time_manager.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <optional>

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

TEST(TimeManager, MovesToGoOneSpendsAtMostFourFifthsOfTheClock) {
  SearchLimits limits;
  limits.time[0] = 10000ms;
  limits.moves_to_go = 1;
  const auto budget = allocate_time(limits, 0);
  ASSERT_TRUE(budget);
  EXPECT_EQ(budget->maximum, 8000ms - kDefaultMoveOverhead);
}

// The reports that came with issue 13: two moves to go on 200 ms spent 172 ms
// on the first; on 600 ms up to 591 ms.
TEST(TimeManager, MovesToGoTwoLeavesTheLastMoveAtLeastHalfItsShare) {
  for (const auto clock : {200ms, 600ms, 5000ms}) {
    SearchLimits limits;
    limits.time[0] = clock;
    limits.moves_to_go = 2;
    const auto budget = allocate_time(limits, 0);
    ASSERT_TRUE(budget);
    const auto share = (clock - 3 * kDefaultMoveOverhead) / 2;
    EXPECT_LE(budget->maximum, clock - kDefaultMoveOverhead - share / 2) << clock.count();
    EXPECT_GE(budget->optimum, share - 1ms) << clock.count();
  }
}

// A low clock with an increment still searches: at 10+0.1 every clock under
// about 3.4 s used to get a 1 ms maximum, because the moves still to play
// held back half their share without counting the increments they receive.
TEST(TimeManager, ALowClockWithAnIncrementStillSearches) {
  for (const auto clock : {500ms, 1000ms, 2000ms, 3000ms, 4000ms}) {
    SearchLimits limits;
    limits.time[0] = clock;
    limits.increment[0] = 100ms;
    const auto budget = allocate_time(limits, 0);
    ASSERT_TRUE(budget);
    // An even share of the clock and the 39 increments to come.
    const auto share = (clock + 39 * 100ms - 41 * kDefaultMoveOverhead) / kWholeGameMoves;
    EXPECT_EQ(budget->optimum, share) << clock.count();
    EXPECT_GE(budget->maximum, share) << clock.count();
  }
}

// Whole games on the clock: every move spends its whole maximum, then a
// millisecond in transit. Wherever a game can last at all (an increment
// above that millisecond, or a control that refills the clock with at least
// 5 ms a move), the flag never falls in 300 moves and every move gets at
// least 1 ms to search.
TEST(TimeManager, AGameSpendingEveryMaximumNeverRunsOutOfTime) {
  constexpr Milliseconds kLag{1};
  for (const auto start : {50ms, 300ms, 1000ms, 10000ms, 180000ms}) {
    for (const auto increment : {0ms, 10ms, 100ms, 2000ms}) {
      for (const int control : {0, 1, 2, 40}) {
        if (control == 0 && increment <= kLag) continue;  // sudden death: no game lasts
        if (control > 0 && start < control * 5ms) continue;
        Milliseconds clock = start;
        for (int move = 0; move < 300; ++move) {
          SearchLimits limits;
          limits.time[0] = clock;
          limits.increment[0] = increment;
          if (control > 0) limits.moves_to_go = control - move % control;
          const auto budget = allocate_time(limits, 0);
          ASSERT_TRUE(budget);
          ASSERT_GE(budget->maximum, 1ms);
          clock -= budget->maximum + kLag;
          ASSERT_GT(clock, 0ms) << "flag fell at move " << move << " of a game at " << start.count()
                                << "+" << increment.count() << " ms, movestogo " << control;
          clock += increment;
          if (control > 0 && limits.moves_to_go == 1) clock += start;
        }
      }
    }
  }
}

// In sudden death without an increment, the moves up to the assumed length
// of a game (kWholeGameMoves) all fit on any clock that has a few
// milliseconds for each of them.
TEST(TimeManager, SuddenDeathKeepsTimeForAWholeGame) {
  for (const auto start : {300ms, 1000ms, 60000ms}) {
    Milliseconds clock = start;
    for (int move = 0; move < kWholeGameMoves; ++move) {
      SearchLimits limits;
      limits.time[0] = clock;
      const auto budget = allocate_time(limits, 0);
      ASSERT_TRUE(budget);
      clock -= budget->maximum + 1ms;
      ASSERT_GT(clock, 0ms) << "flag fell at move " << move << " of " << start.count() << " ms";
    }
  }
}

// No input overflows: the report of issue 13 was `go wtime 9223372036854775807
// movestogo 1`, which made the sanitised build fail on signed overflow.
TEST(TimeManager, ExtremeClocksGiveSaneBudgets) {
  constexpr Milliseconds kHuge{std::numeric_limits<Milliseconds::rep>::max()};
  for (const auto clock : {kHuge, -kHuge, 0ms}) {
    for (const auto increment : {kHuge, -kHuge, 0ms}) {
      for (const int moves_to_go : {1, 2, 1000, -5}) {
        SearchLimits limits;
        limits.time[0] = clock;
        limits.increment[0] = increment;
        limits.moves_to_go = moves_to_go;
        const auto budget = allocate_time(limits, 0, kHuge);
        ASSERT_TRUE(budget);
        EXPECT_GE(budget->optimum, 1ms);
        EXPECT_LE(budget->optimum, budget->maximum);
        EXPECT_LE(budget->maximum, kMaxClock);
      }
    }
  }
  SearchLimits limits;
  limits.movetime = kHuge;
  EXPECT_EQ(allocate_time(limits, 0)->maximum, kMaxClock);
}

}  // namespace
}  // namespace brudno::engine
