// The table exchange of a cluster's ranks, with two tables in one process
// standing for two ranks and the test carrying the batches between them.

#include "tools/mpi/table_exchange.hpp"

#include <gtest/gtest.h>

namespace brudno::tools::mpi {
namespace {

using engine::Bound;

constexpr int kShareDepth = 5;
constexpr std::uint64_t kDeepKey = 0x0123'4567'89ab'cdefULL;
constexpr std::uint64_t kShallowKey = 0x0fed'cba9'8765'4321ULL;
constexpr std::uint64_t kOtherKey = 0x1111'2222'3333'4444ULL;

struct Rank {
  Rank() { table.observe_deep_stores(&exchange); }
  TableExchange exchange{kShareDepth};
  TranspositionTable table{1};
};

TEST(TableExchange, DeepEntriesGoToTheOtherTableAndAreNotSentBack) {
  Rank first;
  Rank second;
  first.table.store(kDeepKey, {77, kShareDepth, Bound::kExact, 9u});
  first.table.store(kShallowKey, {5, kShareDepth - 1, Bound::kLower, 3u});
  const auto batch = first.exchange.take_outgoing();
  ASSERT_EQ(batch.entries.size(), 1U);  // the shallow entry stays at home
  EXPECT_EQ(batch.entries[0].key, kDeepKey);
  EXPECT_TRUE(first.exchange.take_outgoing().entries.empty());

  second.exchange.add_incoming(batch.epoch, batch.entries);
  // Received entries enter the table at its next deep store, on a search thread.
  EXPECT_FALSE(second.table.probe(kDeepKey));
  second.table.store(kOtherKey, {-4, kShareDepth + 2, Bound::kUpper, std::nullopt});
  const auto received = second.table.probe(kDeepKey);
  ASSERT_TRUE(received);
  EXPECT_EQ(received->score, 77);
  EXPECT_EQ(received->depth, kShareDepth);
  EXPECT_EQ(received->bound, Bound::kExact);
  EXPECT_EQ(received->move, 9u);
  // Only the second table's own deep entry is offered: nothing bounces back.
  const auto back = second.exchange.take_outgoing();
  ASSERT_EQ(back.entries.size(), 1U);
  EXPECT_EQ(back.entries[0].key, kOtherKey);
  const auto counts = second.exchange.counts();
  EXPECT_EQ(counts.offered, 1U);
  EXPECT_EQ(counts.received, 1U);
  EXPECT_EQ(counts.stored, 1U);
  EXPECT_EQ(counts.dropped, 0U);
}

TEST(TableExchange, ABatchFromAnotherEpochIsDropped) {
  Rank first;
  Rank second;
  first.table.store(kDeepKey, {77, kShareDepth + 1, Bound::kLower, 9u});
  const auto old_game = first.exchange.take_outgoing();
  // The second rank has begun a new game: the first rank's batch is stale.
  second.table.clear();
  second.exchange.add_incoming(old_game.epoch, old_game.entries);
  second.table.store(kOtherKey, {1, kShareDepth, Bound::kExact, 2u});
  EXPECT_FALSE(second.table.probe(kDeepKey));
  EXPECT_EQ(second.exchange.counts().dropped, 1U);
  // Once the first rank clears too, the epochs agree again.
  first.table.clear();
  first.table.store(kDeepKey, {66, kShareDepth + 1, Bound::kLower, 9u});
  const auto new_game = first.exchange.take_outgoing();
  second.exchange.add_incoming(new_game.epoch, new_game.entries);
  second.table.store(kOtherKey, {1, kShareDepth, Bound::kExact, 2u});
  const auto received = second.table.probe(kDeepKey);
  ASSERT_TRUE(received);
  EXPECT_EQ(received->score, 66);
}

TEST(TableExchange, ClearingEmptiesWhatWasQueued) {
  Rank rank;
  rank.table.store(kDeepKey, {77, kShareDepth, Bound::kExact, 9u});
  rank.table.clear();
  EXPECT_TRUE(rank.exchange.take_outgoing().entries.empty());
}

}  // namespace
}  // namespace brudno::tools::mpi
