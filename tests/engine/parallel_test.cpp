// The search spread over threads: the same values as one thread and as minimax.

#include <gtest/gtest.h>

#include <thread>

#include "engine/minimax.hpp"
#include "engine/parallel_search.hpp"
#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "games/synthetic/synthetic.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "tests/engine/synthetic_sweep.hpp"

namespace brudno::engine {
namespace {

using games::SyntheticTree;
using games::TicTacToe;

template <Game G>
SearchResult<typename G::Move> search(const G& root, int threads, SearchLimits limits,
                                      std::vector<typename G::Move>* pv = nullptr) {
  TranspositionTable table(2);
  const std::atomic<bool> stop{false};
  return Search<G>(table, SearchSettings{threads})
      .run(root, limits, stop, [pv](const auto& report) {
        if (pv) *pv = report.pv;
      });
}

TEST(ParallelSearch, FullDepthSearchEqualsMinimax) {
  for (auto tree : testing::random_trees(6)) {
    SearchLimits limits;
    limits.depth = tree.depth();
    std::vector<SyntheticTree::Move> pv;
    const auto result = search(tree, 2, limits, &pv);
    ASSERT_EQ(result.score, minimax(tree, tree.depth())) << tree.to_text();
    // The principal line is legal from the root and reaches the score.
    ASSERT_EQ(static_cast<int>(pv.size()), tree.depth()) << tree.to_text();
    Score sign = 1;
    for (const auto move : pv) {
      ASSERT_LT(move, tree.branching());
      tree.play(move);
      sign = -sign;
    }
    EXPECT_EQ(sign * tree.evaluate(), result.score) << tree.to_text();
  }
}

TEST(ParallelSearch, ExactSolveIsTheSameWithTwoThreads) {
  for (const auto* text :
       {".../.../...", "OX./.../...", "O.X/.../...", "X../.O./...", "XO./.X./..."}) {
    const auto board = *TicTacToe::parse(text);
    SearchLimits limits;
    limits.solve = true;
    for (int run = 0; run < 5; ++run) {
      EXPECT_EQ(search(board, 2, limits).score, search(board, 1, limits).score) << text;
    }
  }
  for (int seed = 0; seed < 30; ++seed) {
    const SyntheticTree tree(4, 6, static_cast<std::uint64_t>(seed), games::ChildOrder::kRandom);
    SearchLimits limits;
    limits.solve = true;
    EXPECT_EQ(search(tree, 2, limits).score, tree.true_value()) << tree.to_text();
  }
}

TEST(ParallelSearch, FixedDepthGivesALegalBestMoveAndPv) {
  const SyntheticTree tree(6, 30, 5, games::ChildOrder::kRandom);
  SearchLimits limits;
  limits.depth = 9;
  std::vector<SyntheticTree::Move> pv;
  const auto result = search(tree, 2, limits, &pv);
  ASSERT_TRUE(result.best_move);
  EXPECT_LT(*result.best_move, 6);
  ASSERT_EQ(pv.size(), 9u);
  EXPECT_EQ(pv.front(), *result.best_move);
}

TEST(ParallelSearch, StopEndsAnInfiniteParallelSearch) {
  TranspositionTable table(2);
  std::atomic<bool> stop{false};
  const SyntheticTree tree(8, 30, 2, games::ChildOrder::kRandom);
  SearchLimits limits;
  limits.infinite = true;
  std::thread stopper([&stop] {
    std::this_thread::sleep_for(Milliseconds{50});
    stop.store(true);
  });
  const auto result = Search<SyntheticTree>(table, SearchSettings{2}).run(tree, limits, stop);
  stopper.join();
  ASSERT_TRUE(result.best_move);
  EXPECT_GT(result.nodes, 0u);
}

}  // namespace
}  // namespace brudno::engine
