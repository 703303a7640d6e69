// Searches taking turns on shared cores (engine/core_share.hpp): never more
// running than the cores, a search that must stop served first, and a
// search's result the same whether it waited for turns or not.

#include "engine/core_share.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/search.hpp"
#include "games/synthetic/synthetic_search.hpp"

namespace brudno::engine {
namespace {

using games::ChildOrder;
using games::SyntheticTree;

// Waits until `count` searches wait for a turn (the test's timeout ends a
// wait that never comes).
void wait_until_waiting(const CoreShare& share, int count) {
  while (share.waiting() < count) std::this_thread::yield();
}

TEST(CoreShare, NoMoreSearchesRunAtOnceThanItHasCores) {
  CoreShare share(2);
  std::atomic<int> running{0};
  std::atomic<int> most_running{0};
  std::atomic<int> turns{0};
  std::vector<std::thread> searches;
  for (int s = 0; s < 6; ++s) {
    searches.emplace_back([&] {
      CoreShare::Seat seat(share, [] { return false; });
      for (int look = 0; look < 300; ++look) {
        seat.take_turn();
        const int now = running.fetch_add(1) + 1;
        int most = most_running.load();
        while (now > most && !most_running.compare_exchange_weak(most, now)) {
        }
        std::this_thread::yield();  // a little of the search between looks
        turns.fetch_add(1);
        running.fetch_sub(1);
      }
      seat.leave();
    });
  }
  for (auto& search : searches) search.join();
  EXPECT_EQ(turns.load(), 6 * 300) << "every search had all its turns";
  EXPECT_LE(most_running.load(), 2);
  EXPECT_GE(most_running.load(), 1);
  EXPECT_EQ(share.waiting(), 0);
}

TEST(CoreShare, ASearchThatMustStopTakesTheNextTurnBeforeThoseWhoWaitedLonger) {
  CoreShare share(1);
  CoreShare::Seat holder(share, [] { return false; });
  holder.take_turn();  // the one turn is held

  std::mutex order_mutex;
  std::vector<char> order;
  const auto run = [&](char name, const std::atomic<bool>& must_stop) {
    CoreShare::Seat seat(share, [&must_stop] { return must_stop.load(); });
    seat.take_turn();
    {
      const std::lock_guard lock(order_mutex);
      order.push_back(name);
    }
    seat.leave();
  };
  const std::atomic<bool> never{false};
  std::atomic<bool> late_must_stop{false};
  std::thread early([&] { run('E', never); });
  wait_until_waiting(share, 1);
  std::thread late([&] { run('L', late_must_stop); });
  wait_until_waiting(share, 2);
  late_must_stop.store(true);  // its time is up while it waits

  holder.take_turn();  // hands the turn on, and gets it back last
  early.join();
  late.join();
  EXPECT_EQ(order, (std::vector<char>{'L', 'E'}));
  holder.leave();
  EXPECT_EQ(share.waiting(), 0);
}

TEST(CoreShare, ASearchThatMustStopKeepsItsTurnUntilItLeaves) {
  CoreShare share(1);
  std::atomic<bool> time_up{false};
  CoreShare::Seat stopping(share, [&time_up] { return time_up.load(); });
  stopping.take_turn();
  time_up.store(true);
  std::atomic<bool> served{false};
  std::thread other([&] {
    CoreShare::Seat seat(share, [] { return false; });
    seat.take_turn();
    served.store(true);
  });  // the seat leaves as it goes
  wait_until_waiting(share, 1);
  stopping.take_turn();
  EXPECT_FALSE(served.load()) << "the stopping search answers first";
  EXPECT_EQ(share.waiting(), 1);
  stopping.leave();
  other.join();
  EXPECT_TRUE(served.load());
}

TEST(CoreShare, ASearchThatMustStopTakesNoTurnToAnswer) {
  CoreShare share(1);
  CoreShare::Seat holder(share, [] { return false; });
  holder.take_turn();
  CoreShare::Seat stopping(share, [] { return true; });
  stopping.take_turn();  // returns at once: the one turn stays held
  EXPECT_EQ(share.waiting(), 0);
  stopping.leave();
  holder.leave();
}

TEST(CoreShare, SearchesTakingTurnsOnOneCoreSearchAsTheyWouldAlone) {
  const SyntheticTree tree(8, 10, 9, ChildOrder::kRandom);
  SearchLimits limits;
  limits.depth = 9;
  const std::atomic<bool> stop{false};
  TranspositionTable alone_table(1);
  const auto alone = Search<SyntheticTree>(alone_table).run(tree, limits, stop);
  ASSERT_GT(alone.nodes, 20u * 2048) << "enough nodes to look at the clock, and take turns, often";

  CoreShare share(1);
  SearchSettings settings;
  settings.cores = &share;
  std::vector<SearchResult<SyntheticTree::Move>> results(3);
  std::vector<std::thread> searches;
  for (auto& result : results) {
    searches.emplace_back([&] {
      TranspositionTable table(1);
      result = Search<SyntheticTree>(table, settings).run(tree, limits, stop);
    });
  }
  for (auto& search : searches) search.join();
  for (const auto& result : results) {
    EXPECT_EQ(result.nodes, alone.nodes);
    EXPECT_EQ(result.score, alone.score);
    EXPECT_EQ(result.best_move, alone.best_move);
  }
  EXPECT_EQ(share.waiting(), 0);
}

// An analysis that never ends by itself and a timed search on one core: the
// timed one gets turns, answers, and the analysis stops when told.
TEST(CoreShare, ATimedSearchAnswersBesideAnEndlessOneOnOneCore) {
  CoreShare share(1);
  SearchSettings settings;
  settings.cores = &share;
  const SyntheticTree tree(8, 30, 2, ChildOrder::kRandom);
  std::atomic<bool> stop_analysis{false};
  SearchResult<SyntheticTree::Move> analysis;
  std::thread analyst([&] {
    TranspositionTable table(1);
    SearchLimits limits;
    limits.infinite = true;
    analysis = Search<SyntheticTree>(table, settings).run(tree, limits, stop_analysis);
  });
  TranspositionTable table(1);
  SearchLimits limits;
  limits.movetime = Milliseconds{30};
  const std::atomic<bool> never{false};
  const auto timed = Search<SyntheticTree>(table, settings).run(tree, limits, never);
  EXPECT_TRUE(timed.best_move);
  EXPECT_GE(timed.depth, 1);
  stop_analysis.store(true);
  analyst.join();
  EXPECT_TRUE(analysis.best_move);
  EXPECT_EQ(share.waiting(), 0);
}

}  // namespace
}  // namespace brudno::engine
