#include "engine/transposition_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <vector>

namespace brudno::engine {
namespace {

TEST(TranspositionTable, StoresAndFindsAnEntry) {
  TranspositionTable table(1);
  table.store(0x1234'5678'9abc'def0ULL, {-321, 7, Bound::kLower, 42u});
  const auto entry = table.probe(0x1234'5678'9abc'def0ULL);
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->score, -321);
  EXPECT_EQ(entry->depth, 7);
  EXPECT_EQ(entry->bound, Bound::kLower);
  EXPECT_EQ(entry->move, 42u);
  EXPECT_FALSE(table.probe(0x1234'5678'9abc'def1ULL));
}

TEST(TranspositionTable, KeepsTheMoveWhenAnUpdateHasNone) {
  TranspositionTable table(1);
  table.store(99, {10, 3, Bound::kExact, 5u});
  table.store(99, {-4, 5, Bound::kUpper, std::nullopt});
  const auto entry = table.probe(99);
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->score, -4);
  EXPECT_EQ(entry->depth, 5);
  EXPECT_EQ(entry->move, 5u);
}

// Issue 13: a store for the same position always overwrote, so a shallow
// look-ahead's bound could push out a deeper search's.
TEST(TranspositionTable, AShallowerBoundDoesNotReplaceADeeperOne) {
  TranspositionTable table(1);
  table.store(77, {50, 9, Bound::kLower, 3u});
  table.store(77, {20, 4, Bound::kUpper, 6u});
  auto entry = table.probe(77);
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->depth, 9);
  EXPECT_EQ(entry->score, 50);
  EXPECT_EQ(entry->bound, Bound::kLower);
  EXPECT_EQ(entry->move, 6u) << "the newer best move is kept";
  // An exact value replaces even a deeper bound...
  table.store(77, {30, 5, Bound::kExact, std::nullopt});
  entry = table.probe(77);
  EXPECT_EQ(entry->depth, 5);
  EXPECT_EQ(entry->bound, Bound::kExact);
  EXPECT_EQ(entry->move, 6u);
  // ...and so does any entry once the old one is from an earlier search.
  table.store(78, {50, 9, Bound::kLower, std::nullopt});
  table.new_search();
  table.store(78, {20, 2, Bound::kUpper, std::nullopt});
  EXPECT_EQ(table.probe(78)->depth, 2);
}

TEST(TranspositionTable, ClearEmptiesIt) {
  TranspositionTable table(1);
  for (std::uint64_t key = 1; key < 1000; ++key)
    table.store(key * 0x9e3779b97f4a7c15ULL, {1, 1, Bound::kExact, {}});
  EXPECT_GT(table.hashfull(), 0);
  table.clear();
  EXPECT_EQ(table.hashfull(), 0);
  EXPECT_FALSE(table.probe(0x9e3779b97f4a7c15ULL));
}

TEST(TranspositionTable, ClearWithSeveralThreadsEmptiesEveryPart) {
  // Three threads, so three parts of the table, each cleared by one of them.
  TranspositionTable table(8);
  std::vector<std::uint64_t> keys;
  for (std::uint64_t i = 1; i <= 20000; ++i) keys.push_back(i * 0x9e3779b97f4a7c15ULL);
  for (const auto key : keys) table.store(key, {1, 1, Bound::kExact, {}});
  const auto found = [&] {
    return std::count_if(keys.begin(), keys.end(), [&](auto key) { return table.probe(key); });
  };
  ASSERT_GT(found(), 15000);
  table.clear(3);
  EXPECT_EQ(found(), 0);
  EXPECT_EQ(table.hashfull(), 0);
}

TEST(TranspositionTable, ResizeChangesTheSlotCount) {
  TranspositionTable table(1);
  const auto small = table.slot_count();
  table.resize(4);
  EXPECT_EQ(table.slot_count(), small * 4);
  EXPECT_EQ(table.megabytes(), 4u);
}

// Given up (a server's client gone), a resize leaves the table as it was
// and a clear stops: neither writes the whole table for nobody.
TEST(TranspositionTable, AGivenUpResizeKeepsTheTableAndAGivenUpClearStops) {
  TranspositionTable table(2);
  const std::uint64_t key = 0x9e3779b97f4a7c15ULL;
  table.store(key, {1, 1, Bound::kExact, {}});
  const std::atomic<bool> given_up{true};
  EXPECT_FALSE(table.resize(64, &given_up));
  EXPECT_EQ(table.megabytes(), 2u);
  EXPECT_TRUE(table.probe(key));
  table.clear(1, &given_up);
  EXPECT_TRUE(table.probe(key)) << "a clear given up before it began writes nothing";
  const std::atomic<bool> going_on{false};
  EXPECT_TRUE(table.resize(4, &going_on));
  EXPECT_EQ(table.megabytes(), 4u);
}

TEST(TranspositionTable, PrefersKeepingDeepEntries) {
  TranspositionTable table(1);
  // Fill one cluster's worth of keys that share a cluster: the same high bits.
  const std::uint64_t base = 0xabcd'0000'0000'0000ULL;
  for (std::uint64_t i = 0; i < 4; ++i)
    table.store(base + i, {0, 20 - static_cast<int>(i), Bound::kExact, {}});
  table.store(base + 100, {0, 1, Bound::kExact, {}});
  // The shallowest of the four (depth 17) made room; the deepest stays.
  EXPECT_TRUE(table.probe(base + 0));
  EXPECT_FALSE(table.probe(base + 3));
  EXPECT_TRUE(table.probe(base + 100));
}

TEST(Score, DecisiveScoresSurviveTheTable) {
  const Score win = win_in(9);  // at ply 4: win 5 plies below this node
  EXPECT_EQ(score_from_table(score_to_table(win, 4), 4), win);
  EXPECT_EQ(score_to_table(win, 4), win_in(5));
  EXPECT_EQ(score_from_table(score_to_table(loss_in(6), 2), 2), loss_in(6));
  EXPECT_EQ(score_to_table(17, 30), 17);
  EXPECT_EQ(mate_in_moves(win_in(5)), 3);
  EXPECT_EQ(mate_in_moves(win_in(1)), 1);
  EXPECT_EQ(mate_in_moves(loss_in(4)), -2);
  EXPECT_TRUE(is_decisive(loss_in(kMaxPly)));
  EXPECT_FALSE(is_decisive(kMaxHeuristic));
}

}  // namespace
}  // namespace brudno::engine
