// The strength limit's pick: never worse than its bound, often not the best
// at the weakest level, and weaker levels shallower and rasher.
#include "engine/strength_limit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <vector>

namespace brudno::engine {
namespace {

std::vector<Score> random_scores_best_first(std::mt19937_64& random) {
  std::uniform_int_distribution<int> count(1, 6);
  std::uniform_int_distribution<Score> score(-1500, 1500);
  std::vector<Score> scores(static_cast<std::size_t>(count(random)));
  for (auto& s : scores) s = score(random);
  std::sort(scores.begin(), scores.end(), std::greater<>());
  return scores;
}

TEST(StrengthLimit, NoPickLosesMoreThanTheBoundOfItsWeakness) {
  std::mt19937_64 random(7);
  for (int weakness = 1; weakness < 128; weakness += 7) {
    for (int trial = 0; trial < 2000; ++trial) {
      const auto scores = random_scores_best_first(random);
      const auto line = pick_weaker_line(scores, weakness, random);
      ASSERT_LT(line, scores.size());
      EXPECT_LE(scores.front() - scores[line], largest_loss(weakness))
          << "weakness " << weakness << " picked line " << line;
    }
  }
}

TEST(StrengthLimit, AStrongLevelNeverDropsAPieceAndTheWeakestSometimesDoes) {
  EXPECT_LT(largest_loss(weaker_play_at_level(16).weakness), 300);
  EXPECT_GT(largest_loss(weaker_play_at_level(0).weakness), 300);
  // Best line +50, a piece down at -280: the weakest level gives it away now and then.
  const std::vector<Score> scores = {50, 20, -280};
  std::mt19937_64 random(11);
  int blunders = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    blunders += pick_weaker_line(scores, weaker_play_at_level(0).weakness, random) == 2 ? 1 : 0;
  }
  EXPECT_GT(blunders, 0);
  EXPECT_LT(blunders, 500);
}

TEST(StrengthLimit, EqualLinesAreDrawnAmongAndAClearBestIsKept) {
  std::mt19937_64 random(3);
  std::vector<int> picked(3, 0);
  const std::vector<Score> close = {30, 25, 20};
  for (int trial = 0; trial < 3000; ++trial) ++picked[pick_weaker_line(close, 100, random)];
  for (const int count : picked) EXPECT_GT(count, 0);
  // Mate against a quiet line: a mate score is not read as a small number.
  const std::vector<Score> mate = {win_in(3), 40};
  for (int trial = 0; trial < 1000; ++trial) EXPECT_EQ(pick_weaker_line(mate, 120, random), 0U);
}

TEST(StrengthLimit, WeakerLevelsSearchShallowerWithLargerErrors) {
  WeakerPlay previous = weaker_play_at_level(0);
  EXPECT_EQ(previous.depth, 1);
  for (double level = 0.5; level <= 20; level += 0.5) {
    const WeakerPlay play = weaker_play_at_level(level);
    EXPECT_GE(play.depth, previous.depth);
    EXPECT_LE(play.weakness, previous.weakness);
    EXPECT_GE(play.weakness, 1);
    EXPECT_LT(play.weakness, 128);
    previous = play;
  }
  EXPECT_GT(previous.depth, weaker_play_at_level(0).depth);
}

}  // namespace
}  // namespace brudno::engine
