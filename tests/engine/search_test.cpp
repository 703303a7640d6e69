// The production search (table, aspiration windows, ordering, iterative
// deepening) against plain minimax, and its limits.

#include "engine/search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <thread>

#include "engine/minimax.hpp"
#include "engine/search_worker.hpp"
#include "games/synthetic/synthetic_search.hpp"
#include "tests/engine/synthetic_sweep.hpp"

namespace brudno::engine {
namespace {

using games::ChildOrder;
using games::SyntheticTree;

// Plays the principal line and checks that its end has the value the search claimed.
template <Game G>
void expect_pv_reaches(G position, const std::vector<typename G::Move>& pv, Score score) {
  Score sign = 1;
  for (const auto move : pv) {
    MoveList<typename G::Move> moves;
    position.legal_moves(moves);
    ASSERT_TRUE(moves.contains(move)) << "illegal PV move in " << position.to_text();
    position.play(move);
    sign = -sign;
  }
  const Status status = position.status();
  const Score end = status == Status::kOngoing
                        ? position.evaluate()
                        : terminal_score(status, static_cast<int>(pv.size()));
  EXPECT_EQ(sign * end, score) << "PV ends in " << position.to_text();
}

TEST(Search, EqualsMinimaxAtEveryDepthOnRandomTrees) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  int searches = 0;
  for (auto tree : testing::random_trees(50)) {
    for (int depth = 1; depth <= tree.depth(); ++depth) {
      table.clear();
      SearchLimits limits;
      limits.depth = depth;
      const auto result = Search<SyntheticTree>(table).run(tree, limits, stop);
      ASSERT_EQ(result.score, minimax(tree, depth)) << tree.to_text() << " depth " << depth;
      ASSERT_EQ(result.depth, depth);
      ++searches;
    }
  }
  EXPECT_GE(searches, 1000);
}

TEST(Search, PrincipalVariationReachesTheScore) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  for (auto tree : testing::random_trees(10)) {
    std::vector<SyntheticTree::Move> pv;
    SearchLimits limits;
    limits.depth = tree.depth();
    const auto result = Search<SyntheticTree>(table).run(
        tree, limits, stop, [&pv](const auto& report) { pv = report.pv; });
    ASSERT_FALSE(pv.empty());
    EXPECT_EQ(result.best_move, pv.front());
    EXPECT_EQ(static_cast<int>(pv.size()), tree.depth());
    EXPECT_TRUE(result.exact);
    expect_pv_reaches(tree, pv, result.score);
  }
}

TEST(Search, ReportsEveryCompletedIteration) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  SyntheticTree tree(4, 7, 3, ChildOrder::kRandom);
  std::vector<IterationReport<SyntheticTree::Move>> reports;
  SearchLimits limits;
  limits.depth = 7;
  Search<SyntheticTree>(table).run(tree, limits, stop,
                                   [&reports](const auto& report) { reports.push_back(report); });
  ASSERT_EQ(reports.size(), 7u);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const auto& report = reports[i];
    EXPECT_EQ(report.depth, static_cast<int>(i) + 1);
    EXPECT_GE(report.seldepth, report.depth);
    EXPECT_EQ(static_cast<int>(report.pv.size()), report.depth);
    EXPECT_EQ(report.score, minimax(tree, report.depth));
    if (i > 0) {
      EXPECT_GT(report.nodes, reports[i - 1].nodes);
    }
    EXPECT_GE(report.hashfull, 0);
    EXPECT_LE(report.hashfull, 1000);
  }
}

// The fail-soft contract of the inner search: a result at or below alpha is an
// upper bound on the true value, at or above beta a lower bound, else exact.
TEST(Search, KeepsTheFailSoftWindowContract) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  const StopConditions never(stop, std::nullopt, std::nullopt);
  std::mt19937 random(777);
  for (auto tree : testing::random_trees(8)) {
    const Score value = minimax(tree, tree.depth());
    for (int trial = 0; trial < 6; ++trial) {
      std::uniform_int_distribution<Score> bound(value - 300, value + 300);
      Score alpha = bound(random);
      Score beta = bound(random);
      if (alpha == beta) continue;
      if (alpha > beta) std::swap(alpha, beta);
      table.clear();
      SearchWorker<SyntheticTree> worker(tree, table, never);
      const Score result = worker.search_root(tree.depth(), alpha, beta);
      if (result <= alpha) {
        EXPECT_LE(value, result);
      } else if (result >= beta) {
        EXPECT_GE(value, result);
      } else {
        EXPECT_EQ(value, result);
      }
      EXPECT_EQ(std::clamp(result, alpha, beta), std::clamp(value, alpha, beta));
    }
  }
}

TEST(Search, StopsAtTheNodeLimit) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  SyntheticTree tree(8, 30, 1, ChildOrder::kRandom);
  SearchLimits limits;
  limits.nodes = 5000;
  const auto result = Search<SyntheticTree>(table).run(tree, limits, stop);
  EXPECT_LE(result.nodes, 5000u);
  EXPECT_GT(result.nodes, 1000u);
  ASSERT_TRUE(result.best_move);
  EXPECT_LT(*result.best_move, 8);
}

TEST(Search, StopFlagEndsAnInfiniteSearchWithALegalMove) {
  TranspositionTable table(1);
  std::atomic<bool> stop{false};
  SyntheticTree tree(8, 30, 2, ChildOrder::kRandom);
  SearchLimits limits;
  limits.infinite = true;
  std::thread stopper([&stop] {
    std::this_thread::sleep_for(Milliseconds{50});
    stop.store(true);
  });
  const auto result = Search<SyntheticTree>(table).run(tree, limits, stop);
  stopper.join();
  ASSERT_TRUE(result.best_move);
  EXPECT_GE(result.depth, 1);
}

TEST(Search, AlreadyStoppedStillGivesALegalMove) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{true};
  SyntheticTree tree(5, 10, 3, ChildOrder::kRandom);
  SearchLimits limits;
  limits.depth = 10;
  const auto result = Search<SyntheticTree>(table).run(tree, limits, stop);
  ASSERT_TRUE(result.best_move);
  EXPECT_EQ(result.depth, 0);
}

TEST(Search, LeafRootHasNoMove) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  SyntheticTree tree(3, 0, 3, ChildOrder::kRandom);
  const auto result = Search<SyntheticTree>(table).run(tree, SearchLimits{}, stop);
  EXPECT_FALSE(result.best_move);
  EXPECT_TRUE(result.exact);
  EXPECT_EQ(result.score, tree.true_value());
}

TEST(Search, SameNodeCountEveryRun) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  SyntheticTree tree(5, 8, 9, ChildOrder::kRandom);
  SearchLimits limits;
  limits.depth = 8;
  table.clear();
  const auto first = Search<SyntheticTree>(table).run(tree, limits, stop);
  table.clear();
  const auto second = Search<SyntheticTree>(table).run(tree, limits, stop);
  EXPECT_EQ(first.nodes, second.nodes);
  EXPECT_EQ(first.score, second.score);
}

}  // namespace
}  // namespace brudno::engine
