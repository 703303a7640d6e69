// The null-window solver against plain minimax.

#include "engine/solver.hpp"

#include <gtest/gtest.h>

#include "engine/minimax.hpp"
#include "engine/search.hpp"
#include "engine/search_memory.hpp"
#include "games/synthetic/synthetic_search.hpp"
#include "games/tictactoe/tictactoe_search.hpp"
#include "tests/engine/synthetic_sweep.hpp"

namespace brudno::engine {
namespace {

// One table for every solve: a fresh one per call costs more than the solve
// (its pages are mapped and zeroed anew, 960 times here), most of all under
// the sanitizers.
TranspositionTable& cleared_table() {
  static TranspositionTable table(1);
  table.clear();
  return table;
}

template <Game G>
typename Solver<G>::Solution solve(const G& root, bool weak = false) {
  TranspositionTable& table = cleared_table();
  const std::atomic<bool> stop{false};
  const StopConditions abort(stop, std::nullopt, std::nullopt);
  return Solver<G>(table, abort).solve(root, weak);
}

int sign(Score score) {
  return (score > 0) - (score < 0);
}

TEST(Solver, EqualsMinimaxOnRandomTrees) {
  for (auto tree : testing::random_trees(20)) {
    const Score value = minimax(tree, tree.depth());
    const auto strong = solve(tree);
    ASSERT_TRUE(strong.solved);
    EXPECT_EQ(strong.score, value) << tree.to_text();
    EXPECT_EQ(sign(solve(tree, true).score), sign(value)) << tree.to_text();
  }
}

TEST(Solver, EqualsMinimaxOnTicTacToePositions) {
  for (const auto* text :
       {".../.../...", "OX./.../...", "O.X/.../...", "X../.O./...", "XO./.X./...", "X.O/.O./..X",
        "XOX/.O./...", "XX./OO./...", "XOX/OXO/..."}) {
    auto board = *games::TicTacToe::parse(text);
    const Score value = minimax(board, 9);
    const auto outcome = solve(board);
    ASSERT_TRUE(outcome.solved);
    EXPECT_EQ(outcome.score, value) << text;
    EXPECT_EQ(sign(solve(board, true).score), sign(value)) << text;
    // The principal line reaches the end of the game with that value.
    Score end_sign = 1;
    for (const auto move : outcome.pv) {
      board.play(move);
      end_sign = -end_sign;
    }
    EXPECT_NE(board.status(), Status::kOngoing) << text;
    EXPECT_EQ(end_sign * terminal_score(board.status(), static_cast<int>(outcome.pv.size())), value)
        << text;
  }
}

TEST(Solver, StopsWhenAsked) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{true};
  const StopConditions abort(stop, std::nullopt, std::nullopt);
  games::SyntheticTree tree(8, 12, 1, games::ChildOrder::kRandom);
  EXPECT_FALSE(Solver<games::SyntheticTree>(table, abort).solve(tree).solved);
}

// `go solve` learns into the session's memory, as deepening does, so that
// the next search starts from what it learnt (before, the solver made its
// own and forgot it): after a solve the session's first thread has a history.
TEST(Solver, GoSolveLearnsIntoTheSessionsMemory) {
  const auto board = *games::TicTacToe::parse(".../.../...");
  for (const int threads : {1, 2}) {
    TranspositionTable& table = cleared_table();
    SearchMemory memory;
    const std::atomic<bool> stop{false};
    SearchLimits limits;
    limits.solve = true;
    const auto result = Search<games::TicTacToe>(table, SearchSettings{threads}, &memory)
                            .run(board, limits, stop, [](const auto&) {});
    EXPECT_TRUE(result.exact);
    EXPECT_EQ(result.score, 0);
    const OrderingMemory& learnt = memory.thread(0);
    bool learnt_something = false;
    for (std::size_t slot = 0; slot < learnt.history.slots(); ++slot) {
      learnt_something = learnt_something || learnt.history.value(slot) != 0;
    }
    EXPECT_TRUE(learnt_something) << threads << " threads";
  }
}

}  // namespace
}  // namespace brudno::engine
