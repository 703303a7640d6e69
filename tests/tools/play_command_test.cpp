// `brudno play 2048`: seeded self-play is reproducible, its games are whole
// games, and the command checks its options.

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <sstream>

#include "tools/command.hpp"
#include "tools/play/self_play_2048.hpp"

namespace brudno::tools {
namespace {

TEST(PlayCommand, SeededGamesAreTheSameOnAnyNumberOfThreads) {
  SelfPlaySettings settings;
  settings.games = 3;
  settings.seed = 7;
  settings.depth = 1;
  settings.hash_megabytes = 1;
  const std::atomic<bool> stop{false};
  int told = 0;
  const auto one = play_2048(
      settings, [&](const GameRecord&) { ++told; }, stop);
  settings.threads = 2;
  const auto two = play_2048(settings, {}, stop);
  EXPECT_EQ(told, 3);
  ASSERT_EQ(one.size(), 3U);
  ASSERT_EQ(two.size(), 3U);
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].game, static_cast<int>(i));
    EXPECT_EQ(one[i].moves, two[i].moves);
    EXPECT_EQ(one[i].score, two[i].score);
    EXPECT_EQ(one[i].max_tile, two[i].max_tile);
    // A game ends only when the board is stuck: many slides, a real tile.
    EXPECT_GT(one[i].moves, 20U);
    EXPECT_TRUE(std::has_single_bit(static_cast<unsigned>(one[i].max_tile)));
    EXPECT_GE(one[i].max_tile, 32);
  }
  // Another seed, other games.
  settings.seed = 8;
  const auto other = play_2048(settings, {}, stop);
  EXPECT_FALSE(other[0].moves == one[0].moves && other[1].moves == one[1].moves &&
               other[2].moves == one[2].moves);
}

TEST(PlayCommand, PrintsTheTileShares) {
  std::ostringstream out;
  std::ostringstream err;
  ASSERT_EQ(
      run_play({"2048", "--games", "2", "--seed", "3", "--depth", "1", "--hash", "1"}, out, err), 0)
      << err.str();
  const std::string text = out.str();
  for (const char* expected : {"reached  2048:", "reached 32768:", "mean score: ", "moves: "}) {
    EXPECT_NE(text.find(expected), std::string::npos) << expected << " in\n" << text;
  }
  EXPECT_NE(err.str().find("play: game 2/2"), std::string::npos) << err.str();
}

TEST(PlayCommand, RefusesBadOptions) {
  for (const Arguments& args :
       {Arguments{"chess"}, Arguments{}, Arguments{"2048", "--depth", "2", "--movetime", "10"},
        Arguments{"2048", "--depth", "0"}, Arguments{"2048", "--games", "-1"},
        Arguments{"2048", "--cutoff", "1.5"}}) {
    std::ostringstream out;
    std::ostringstream err;
    EXPECT_EQ(run_play(args, out, err), 2) << (args.empty() ? "" : args[0]);
    EXPECT_FALSE(err.str().empty());
  }
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(run_play({"--help"}, out, err), 0);
  EXPECT_NE(out.str().find("Usage: brudno play 2048"), std::string::npos);
}

}  // namespace
}  // namespace brudno::tools
