// The search spread over threads: the same values as one thread and as minimax.

#include <gtest/gtest.h>

#include <thread>
#include <type_traits>

#include "engine/minimax.hpp"
#include "engine/search_definitions.hpp"  // for the games made up here
#include "games/synthetic/synthetic_search.hpp"
#include "games/tictactoe/tictactoe_search.hpp"
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

// A synthetic tree that, part-way through a search, writes a table entry for
// the node at ply 1 being searched, as another thread that finished that node
// would. The entry's score is made up, so that its use shows in the result.
class SettledMidway : public SyntheticTree {
 public:
  explicit SettledMidway(const SyntheticTree& tree) : SyntheticTree(tree) {}
  static SettledMidway start_position() { return SettledMidway(SyntheticTree::start_position()); }
  static std::optional<SettledMidway> parse(std::string_view text) {
    const auto tree = SyntheticTree::parse(text);
    return tree ? std::optional{SettledMidway(*tree)} : std::nullopt;
  }

  struct Plan {
    TranspositionTable* table = nullptr;
    int at_play = 0;  // write the entry at this play
    TableEntry entry;
    int plays = 0;
    std::uint64_t settled_key = 0;  // the node the entry was written for
    int plays_below_it_after = 0;   // the search's plays below that node since
  };
  static inline Plan* plan = nullptr;

  void play(Move move) {
    SyntheticTree::play(move);
    if (plan == nullptr) return;
    if (++plies_ == 1) ply_one_key_ = key();
    if (++plan->plays == plan->at_play) {
      plan->settled_key = ply_one_key_;
      plan->table->store(ply_one_key_, plan->entry);
    } else if (plan->plays > plan->at_play && plies_ > 1 && ply_one_key_ == plan->settled_key) {
      ++plan->plays_below_it_after;
    }
  }
  void undo(Move move) {
    SyntheticTree::undo(move);
    if (plan != nullptr) --plies_;
  }

 private:
  int plies_ = 0;
  std::uint64_t ply_one_key_ = 0;
};

TEST(ParallelSearch, AWorkerUnwindsFromANodeAnotherThreadSettled) {
  const SettledMidway tree(SyntheticTree(6, 14, 3, games::ChildOrder::kRandom));
  const int depth = tree.depth();
  // A question whose true answer is "no"; the made-up entry for a move at the
  // root says its value is far above it, which turns the answer into "yes".
  const Score x = tree.true_value() + 1;
  constexpr Score kMadeUp = 5000;
  ASSERT_GT(kMadeUp, x);
  // A team worker looks back every 1024 nodes; each node plays every child
  // once more to prefetch its table line, so that is this many plays at most.
  const int plays_between_looks = 1024 * (tree.branching() + 1);
  const auto search_once = [&]<bool kTeam>(std::bool_constant<kTeam>) {
    TranspositionTable table(2);
    SettledMidway::Plan plan{&table, 50, TableEntry{-kMadeUp, depth - 1, Bound::kExact, {}}};
    SettledMidway::plan = &plan;
    const std::atomic<bool> stop{false};
    const StopConditions never(stop, std::nullopt);
    const std::atomic<bool> answered_elsewhere{false};
    // Only a worker of a team looks for nodes settled by the others.
    SearchWorker<SettledMidway, std::conditional_t<kTeam, TeamPolicy, LonePolicy>> worker(
        tree, table, never);
    if constexpr (kTeam) worker.watch_cutoff(&answered_elsewhere);
    const Score answer = worker.search_root(depth, x - 1, x);
    SettledMidway::plan = nullptr;
    ASSERT_FALSE(worker.aborted());
    if constexpr (kTeam) {
      EXPECT_EQ(answer, kMadeUp) << "the worker should have taken the settled node's score";
      EXPECT_LT(plan.plays_below_it_after, plays_between_looks)
          << "it should have left the node at its next look";
    } else {
      EXPECT_LT(answer, x) << "a lone worker never looks back at the nodes it is inside";
      // Alone, the search stays below the node long after a team worker
      // would have left it.
      EXPECT_GT(plan.plays_below_it_after, 10 * plays_between_looks);
    }
  };
  search_once(std::false_type{});
  search_once(std::true_type{});
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
