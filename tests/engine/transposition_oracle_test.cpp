// The table against an oracle, where positions transpose. The synthetic
// trees never repeat a position, so there the table only ever helps within
// one path; the picking game (games/synthetic/picking.hpp) reaches each
// position by many move orders and at different depths. Tables far smaller
// than the game force replacements all the time. The oracle is plain
// minimax, memoised per position and depth so that it can cover games of
// hundreds of thousands of positions: still no pruning, no bounds, no order.

#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "games/synthetic/synthetic_search.hpp"

namespace brudno::engine {
namespace {

using games::PickingGame;

class MemoisedMinimax {
 public:
  Score value(PickingGame& position, int depth) {
    if (depth <= 0) return position.evaluate();
    MoveList<PickingGame::Move> moves;
    position.legal_moves(moves);
    if (moves.empty()) return position.evaluate();
    // A depth past the end of the game is the same as one to its end.
    const auto at = std::pair{position.key(), std::min(depth, position.max_plies_left())};
    if (const auto known = memo_.find(at); known != memo_.end()) return known->second;
    Score best = -kInfinity;
    for (const auto move : moves) {
      position.play(move);
      best = std::max(best, -value(position, depth - 1));
      position.undo(move);
    }
    return memo_[at] = best;
  }

 private:
  std::map<std::pair<std::uint64_t, int>, Score> memo_;
};

class TranspositionOracle : public ::testing::TestWithParam<int> {};

// Depth-limited values depend on the depth left, and a table entry of a
// deeper search stands in for a shallower one, as in every engine: so here
// a move takes one item, and every position has one depth left, as minimax
// gives it. Whole games, below, also let a move take two.
TEST_P(TranspositionOracle, DepthLimitedSearchEqualsMinimax) {
  const int threads = GetParam();
  const std::atomic<bool> stop{false};
  for (const std::uint64_t seed : {1, 2, 3}) {
    PickingGame game(14, seed, /*pairs=*/false);
    MemoisedMinimax oracle;
    TranspositionTable table(1);
    for (int depth = 1; depth <= 7; ++depth) {
      SearchLimits limits;
      limits.depth = depth;
      // The table is kept across depths, as iterative deepening keeps it.
      const auto result =
          Search<PickingGame>(table, SearchSettings{threads}).run(game, limits, stop);
      ASSERT_EQ(result.score, oracle.value(game, depth))
          << "seed " << seed << " depth " << depth << " threads " << threads;
    }
  }
}

TEST_P(TranspositionOracle, SolvingEqualsMinimaxWithATableFarSmallerThanTheGame) {
  const int threads = GetParam();
  const std::atomic<bool> stop{false};
  const StopConditions never(stop, std::nullopt);
  // 2^16 sets of items, for each side: twice the table's 65536 slots.
  for (const std::uint64_t seed : {4, 5}) {
    PickingGame game(16, seed);
    MemoisedMinimax oracle;
    const Score expected = oracle.value(game, game.max_plies_left());
    TranspositionTable table(1);
    const auto outcome = Solver<PickingGame>(table, never, threads).solve(game);
    ASSERT_TRUE(outcome.solved);
    EXPECT_EQ(outcome.score, expected) << "seed " << seed << " threads " << threads;
    // The principal line reaches a position of the value it claims.
    PickingGame line = game;
    for (const auto move : outcome.pv) line.play(move);
    EXPECT_EQ(line.max_plies_left(), 0);
    const Score end =
        static_cast<int>(outcome.pv.size()) % 2 == 0 ? line.evaluate() : -line.evaluate();
    EXPECT_EQ(end, outcome.score);
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, TranspositionOracle, ::testing::Values(1, 2));

}  // namespace
}  // namespace brudno::engine
