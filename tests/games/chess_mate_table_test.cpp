// The mate search's tables start small and double as they fill, up to the
// size asked for, keeping what they hold; clear() takes them back.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

#include "games/chess/mate/growing_buckets.hpp"
#include "games/chess/mate/proof_number_table.hpp"

namespace brudno::games::chess {
namespace {

struct TestEntry {
  std::uint64_t key = 0;
  std::uint64_t value = 0;
  [[nodiscard]] bool empty() const { return key == 0; }
};

using Buckets = GrowingBuckets<TestEntry, 4>;

// Stores `key` the way the tables do: its own entry, else an empty one.
bool store(Buckets& buckets, std::uint64_t key) {
  TestEntry* bucket = buckets.bucket(key);
  for (std::size_t way = 0; way < 4; ++way) {
    if (bucket[way].empty()) {
      bucket[way] = TestEntry{key, key * 3};
      buckets.filled_one();
      return true;
    }
  }
  return false;
}

bool holds(const Buckets& buckets, std::uint64_t key) {
  const TestEntry* bucket = buckets.bucket(key);
  for (std::size_t way = 0; way < 4; ++way) {
    if (bucket[way].key == key) return bucket[way].value == key * 3;
  }
  return false;
}

std::uint64_t spread(std::uint64_t i) {
  return (i + 1) * 0x9E3779B97F4A7C15ULL;
}

TEST(ChessMateTables, GrowAsTheyFillUpToTheSizeAskedFor) {
  Buckets buckets(4);  // at most 4 MB: 65,536 buckets of four
  const std::size_t first = buckets.capacity();
  EXPECT_EQ(first * sizeof(TestEntry), Buckets::kFirstBytes);
  std::size_t stored = 0;
  std::uint64_t i = 0;
  for (; stored < first; ++i) stored += store(buckets, spread(i));
  EXPECT_GE(buckets.capacity(), 2 * first);
  // Every entry stored is still there after the doublings.
  for (std::uint64_t j = 0; j < i; ++j) EXPECT_TRUE(holds(buckets, spread(j))) << j;
  for (; i < 400'000; ++i) store(buckets, spread(i));
  EXPECT_EQ(buckets.capacity() * sizeof(TestEntry), std::size_t{4} << 20);
  buckets.clear();
  EXPECT_EQ(buckets.capacity(), first);
  EXPECT_FALSE(holds(buckets, spread(0)));
}

TEST(ChessMateTables, TheProofNumberTableKeepsWhatItHoldsAsItGrows) {
  ProofNumberTable table(8);
  for (std::uint64_t i = 0; i < 100'000; ++i) {
    table.store(spread(i), ProofNumbers{static_cast<std::uint32_t>(i % 1000 + 1), 7, 0});
  }
  std::size_t found = 0;
  for (std::uint64_t i = 0; i < 100'000; ++i) {
    const ProofNumberEntry* entry = table.probe(spread(i));
    if (!entry) continue;
    ++found;
    EXPECT_EQ(entry->numbers().proof, i % 1000 + 1);
    EXPECT_EQ(entry->numbers().disproof, 7u);
  }
  // 100,000 entries in a table grown to 262,144 or more: a few lost to
  // buckets that filled before a doubling.
  EXPECT_GT(found, 95'000u);
}

}  // namespace
}  // namespace brudno::games::chess
