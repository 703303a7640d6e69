// The states' key table of the graph searches (engine/single_agent/key_table.hpp)
// against std::unordered_map, and its memory estimate against what it holds.

#include "engine/single_agent/key_table.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_map>

namespace brudno::engine {
namespace {

// Keys as the puzzles make them (a board packed four bits a tile: the high
// bits nearly all alike), random ones, and 0, which the table keeps apart.
std::uint64_t some_key(std::mt19937_64& random, int n) {
  switch (n % 3) {
    case 0:
      return random() & 0xffffu;
    case 1:
      return random();
    default:
      return n % 97 == 2 ? 0 : static_cast<std::uint64_t>(n);
  }
}

TEST(KeyTable, HoldsWhatAnUnorderedMapHolds) {
  std::mt19937_64 random(71);
  KeyTable<int> table;
  std::unordered_map<std::uint64_t, int> oracle;
  for (int n = 0; n < 200000; ++n) {
    const std::uint64_t key = some_key(random, n);
    const auto [value, inserted] = table.try_emplace(key, n);
    const auto [known, fresh] = oracle.try_emplace(key, n);
    ASSERT_EQ(inserted, fresh) << "key " << key;
    ASSERT_EQ(*value, known->second) << "key " << key;
    if (n % 5 == 0) {  // a cheaper cost found, as best-first search keeps it
      *value = -n;
      known->second = -n;
    }
  }
  EXPECT_EQ(table.size(), oracle.size());
  for (const auto& [key, value] : oracle) {
    ASSERT_TRUE(table.contains(key));
    EXPECT_EQ(table.at(key), value);
  }
  std::mt19937_64 absent(72);
  for (int n = 0; n < 1000; ++n) {
    const std::uint64_t key = absent() | (std::uint64_t{1} << 63);
    EXPECT_EQ(table.contains(key), oracle.contains(key));
  }
}

TEST(KeyTable, AKeySetCountsEachKeyOnce) {
  KeyTable<> seen;
  EXPECT_FALSE(seen.contains(0));
  EXPECT_TRUE(seen.insert(0));
  EXPECT_FALSE(seen.insert(0));
  for (std::uint64_t key = 1; key <= 1000; ++key) EXPECT_TRUE(seen.insert(key * 16));
  for (std::uint64_t key = 1; key <= 1000; ++key) EXPECT_FALSE(seen.insert(key * 16));
  EXPECT_EQ(seen.size(), 1001u);
  EXPECT_TRUE(seen.contains(16000));
  EXPECT_FALSE(seen.contains(16001));
}

// Room made ahead (a search's next successors) is used without growing; a
// growth told to stop leaves the table as it was.
TEST(KeyTable, ReserveGrowsAheadOrGivesUpLeavingTheTableAsItWas) {
  KeyTable<int> table;
  for (int key = 1; key <= 1000; ++key) table.try_emplace(static_cast<std::uint64_t>(key), key);
  const std::uint64_t bytes = table.bytes();
  int looks = 0;
  EXPECT_FALSE(table.reserve(5000, [&looks] { return ++looks >= 1; }));
  EXPECT_EQ(looks, 1);
  EXPECT_EQ(table.bytes(), bytes);
  EXPECT_EQ(table.size(), 1000u);
  for (int key = 1; key <= 1000; ++key) ASSERT_EQ(table.at(static_cast<std::uint64_t>(key)), key);
  EXPECT_TRUE(table.reserve(5000, [] { return false; }));
  const std::uint64_t reserved = table.bytes();
  EXPECT_GE(reserved, 2 * 6000 * 16u);
  for (int key = 1001; key <= 6000; ++key) table.try_emplace(static_cast<std::uint64_t>(key), key);
  EXPECT_EQ(table.bytes(), reserved);  // no growing past the reservation
  EXPECT_EQ(table.size(), 6000u);
  for (int key = 1; key <= 6000; ++key) ASSERT_EQ(table.at(static_cast<std::uint64_t>(key)), key);
}

// A search asks for the bytes before it inserts (memory_use.hpp): the
// estimate is never below what the table then holds, nor below what it held
// while it grew (its old array and the new one).
TEST(KeyTable, TheEstimateIsNeverBelowWhatItHolds) {
  KeyTable<int> table;
  std::mt19937_64 random(73);
  for (int step = 0; step < 3000; ++step) {
    const std::uint64_t added = random() % 40;
    const std::uint64_t before = table.bytes();
    const std::uint64_t estimate = table.bytes_after(added);
    for (std::uint64_t i = 0; i < added; ++i) table.insert(random() | 1);
    EXPECT_GE(estimate, table.bytes()) << "step " << step;
    if (table.bytes() > before) {
      EXPECT_GE(estimate, table.bytes() + table.bytes() / 2);
    }
  }
  EXPECT_EQ(table.bytes_after(0), table.bytes());
}

}  // namespace
}  // namespace brudno::engine
