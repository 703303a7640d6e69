// N queens and local search: the published hill-climbing rates on 8 queens
// (Russell and Norvig, 3rd ed., section 4.1.1), the bookkeeping against a
// recount, and a million queens solved.

#include "games/queens/queens.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/single_agent/local_search.hpp"
#include "engine/single_agent/min_conflicts.hpp"
#include "engine/single_agent/simulated_annealing.hpp"
#include "tests/sanitized_build.hpp"

namespace brudno::games {
namespace {

// Attacking pairs counted pair by pair.
std::int64_t count_pairs(const Queens& queens) {
  std::int64_t pairs = 0;
  for (int a = 0; a < queens.size(); ++a) {
    for (int b = a + 1; b < queens.size(); ++b) {
      const auto ra = static_cast<std::int64_t>(queens.row_of(a));
      const auto rb = static_cast<std::int64_t>(queens.row_of(b));
      pairs += ra == rb || std::abs(ra - rb) == b - a ? 1 : 0;
    }
  }
  return pairs;
}

TEST(Queens, TheCountsAgreeWithARecountAfterEveryMove) {
  engine::Random random(7);
  Queens queens(12);
  EXPECT_EQ(queens.attacking_pairs(), 66);  // all on one row
  queens.randomize(random);
  for (int step = 0; step < 2000; ++step) {
    ASSERT_EQ(queens.attacking_pairs(), count_pairs(queens));
    const auto move = queens.random_move(random);
    queens.play(move);
    if (step % 3 == 0) queens.undo(move);
  }
  queens.randomize_permutation(random);
  EXPECT_EQ(queens.attacking_pairs(), count_pairs(queens));
  for (int step = 0; step < 2000; ++step) {
    const auto move = queens.random_move(random);  // now a swap
    ASSERT_NE(move.partner, Queens::kNoPartner);
    queens.play(move);
    ASSERT_EQ(queens.attacking_pairs(), count_pairs(queens));
  }
}

struct Rates {
  double solved = 0;
  double steps_solved = 0;
  double steps_stuck = 0;
};

Rates climb_from_random_starts(int runs, int max_sideways) {
  Rates rates;
  int solved = 0;
  for (int run = 0; run < runs; ++run) {
    engine::Random random(engine::Random::seed_of_run(2010, static_cast<std::uint64_t>(run)));
    Queens queens(8);
    queens.randomize(random);
    const auto outcome = engine::hill_climb(queens, random, max_sideways);
    EXPECT_EQ(outcome.solved, count_pairs(queens) == 0);
    solved += outcome.solved ? 1 : 0;
    (outcome.solved ? rates.steps_solved : rates.steps_stuck) += static_cast<double>(outcome.steps);
  }
  rates.steps_solved /= std::max(1, solved);
  rates.steps_stuck /= std::max(1, runs - solved);
  rates.solved = static_cast<double>(solved) / runs;
  return rates;
}

// The book: 14% solved, 4 steps when solved and 3 when stuck; with up to 100
// sideways moves, 94%, about 21 and 64 steps. An independent re-run of
// 100,000 starts (the data's README) got 14.04% (4.07, 3.06) and 94.28%
// (19.1, 61.1). Over 10,000 starts one standard error of the rate is 0.35
// and 0.23 points: the bounds are four of them. Steps within 10% of the re-run.
TEST(Queens, SteepestAscentSolvesFourteenPercentOfEightQueens) {
  const auto rates = climb_from_random_starts(10'000, 0);
  EXPECT_NEAR(rates.solved, 0.1404, 0.014);
  EXPECT_NEAR(rates.steps_solved, 4.07, 0.41);
  EXPECT_NEAR(rates.steps_stuck, 3.06, 0.31);
}

TEST(Queens, SidewaysMovesSolveNinetyFourPercent) {
  const auto rates = climb_from_random_starts(10'000, 100);
  EXPECT_NEAR(rates.solved, 0.9428, 0.0093);
  EXPECT_NEAR(rates.steps_solved, 19.1, 1.9);
  EXPECT_NEAR(rates.steps_stuck, 61.1, 6.1);
}

TEST(Queens, RandomRestartsAlwaysSolve) {
  for (int run = 0; run < 200; ++run) {
    engine::Random random(engine::Random::seed_of_run(3, static_cast<std::uint64_t>(run)));
    Queens queens(8);
    queens.randomize(random);
    const auto outcome = engine::random_restart_hill_climb(queens, random, 0, 10'000);
    ASSERT_TRUE(outcome.solved);
    EXPECT_EQ(count_pairs(queens), 0);
  }
}

TEST(Queens, SimulatedAnnealingSolvesEightQueens) {
  int solved = 0;
  for (int run = 0; run < 200; ++run) {
    engine::Random random(engine::Random::seed_of_run(4, static_cast<std::uint64_t>(run)));
    Queens queens(8);
    queens.randomize(random);
    const auto outcome = engine::simulated_annealing(queens, random, {1.0, 0.999, 10'000});
    EXPECT_EQ(outcome.solved, count_pairs(queens) == 0);
    solved += outcome.solved ? 1 : 0;
  }
  EXPECT_GE(solved, 195);
}

// A million queens in release (a few seconds); ten thousand under the sanitizers.
const int kLarge = test_build::kSanitized ? 10'000 : 1'000'000;

TEST(Queens, MinConflictsSolvesAMillionQueens) {
  engine::Random random(1992);
  Queens queens(kLarge);
  queens.randomize_permutation(random);
  const auto outcome = engine::min_conflicts(queens, random, 10'000'000);
  ASSERT_TRUE(outcome.solved);
  EXPECT_TRUE(queens.is_goal());
  // Every row once, and every diagonal at most once: a check apart from the counts.
  std::vector<char> row(kLarge), rising(2 * kLarge), falling(2 * kLarge);
  for (int column = 0; column < kLarge; ++column) {
    const auto r = static_cast<int>(queens.row_of(column));
    ASSERT_FALSE(row[r] || rising[r + column] || falling[r - column + kLarge]) << column;
    row[r] = rising[r + column] = falling[r - column + kLarge] = 1;
  }
}

TEST(Queens, SimulatedAnnealingSolvesAMillionQueens) {
  engine::Random random(1983);
  Queens queens(kLarge);
  queens.randomize_permutation(random);
  const auto outcome = engine::simulated_annealing(queens, random, {0.5, 0.9999, 10'000'000});
  ASSERT_TRUE(outcome.solved);
  std::vector<char> row(kLarge);
  for (int column = 0; column < kLarge; ++column) {
    ASSERT_FALSE(row[queens.row_of(column)]);
    row[queens.row_of(column)] = 1;
  }
}

}  // namespace
}  // namespace brudno::games
