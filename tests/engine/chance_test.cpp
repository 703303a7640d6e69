// Expectiminimax with pruning against plain expectiminimax, on thousands of
// seeded chance trees: every variant must give exactly the same value (the
// averages are exact integer arithmetic, so there is no tolerance).

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/chance_worker.hpp"
#include "engine/expectiminimax.hpp"
#include "engine/search_definitions.hpp"  // the tree here is the test's own
#include "games/common/zobrist.hpp"
#include "games/synthetic/chance_tree.hpp"

namespace brudno::engine {
namespace {

using games::ChanceLayout;
using games::ChanceTree;
using games::ChanceTreeShape;

constexpr int kFullDepth = 64;  // deeper than any tree here: every leaf is reached
constexpr ChancePruning kAllPrunings[] = {ChancePruning::kNone, ChancePruning::kStar1,
                                          ChancePruning::kStar2};

// A shape drawn from the seed: depth 2-7, up to 4 children, weights 1-9,
// any layout; some trees transpose.
ChanceTreeShape shape_for(std::uint64_t seed) {
  const std::uint64_t bits = games::mix64(seed * 7919);
  ChanceTreeShape shape;
  shape.depth = 2 + static_cast<int>(bits % 6);
  shape.min_branching = 1;
  shape.max_branching = 1 + static_cast<int>((bits >> 8) % 4);
  shape.min_outcomes = 1;
  shape.max_outcomes = 1 + static_cast<int>((bits >> 16) % 4);
  shape.max_weight = 1 + static_cast<int>((bits >> 24) % 9);
  shape.layout = static_cast<ChanceLayout>((bits >> 32) % 3);
  shape.transpositions = (bits >> 40) % 4 == 0 ? 3 + static_cast<int>((bits >> 44) % 5) : 0;
  return shape;
}

struct Searched {
  Score value;
  std::uint64_t nodes;
};

Searched search(const ChanceTree& tree, ChancePruning pruning, int depth, Score alpha, Score beta,
                TranspositionTable* table = nullptr) {
  const std::atomic<bool> stop{false};
  const StopConditions abort(stop, std::nullopt);
  ChanceWorker<ChanceTree> worker(tree, table, abort, pruning);
  const Score value = worker.search_root(depth, alpha, beta);
  EXPECT_FALSE(worker.aborted());
  return {value, worker.nodes()};
}

TEST(Expectiminimax, FloorAndCeilingDivision) {
  EXPECT_EQ(floor_div(7, 2), 3);
  EXPECT_EQ(floor_div(-7, 2), -4);
  EXPECT_EQ(floor_div(-6, 2), -3);
  EXPECT_EQ(ceil_div(7, 2), 4);
  EXPECT_EQ(ceil_div(-7, 2), -3);
  EXPECT_EQ(ceil_div(6, 2), 3);
}

TEST(Expectiminimax, HandComputedTree) {
  // A solitaire tree (2048's layout): side 0 moves, then chance, then leaves.
  ChanceTreeShape shape;
  shape.depth = 2;
  shape.layout = ChanceLayout::kSolitaire;
  const ChanceTree root(shape, 42);
  ChanceTree tree = root;
  MoveList<ChanceTree::Move> moves;
  tree.legal_moves(moves);
  Score best = -kInfinity;
  for (const auto move : moves) {
    tree.play(move);
    ASSERT_TRUE(tree.is_chance_node());
    MoveList<ChanceTree::Move> outcomes;
    tree.legal_moves(outcomes);
    std::int64_t sum = 0;
    std::int64_t total = 0;
    for (const auto outcome : outcomes) {
      const std::int64_t weight = tree.chance_weight(outcome);
      tree.play(outcome);
      sum += weight * tree.evaluate();
      tree.undo(outcome);
      total += weight;
    }
    best = std::max(best, static_cast<Score>(floor_div(sum, total)));
    tree.undo(move);
  }
  tree = root;
  EXPECT_EQ(expectiminimax(tree, kFullDepth), best);
  for (const auto pruning : kAllPrunings) {
    EXPECT_EQ(search(root, pruning, kFullDepth, -kInfinity, kInfinity).value, best);
  }
}

// The four searches agree exactly on thousands of random trees, to the
// leaves and cut short by depth.
TEST(Expectiminimax, PruningKeepsTheExactValue) {
  constexpr std::uint64_t kTrees = 3000;
  for (std::uint64_t seed = 1; seed <= kTrees; ++seed) {
    const ChanceTree root(shape_for(seed), seed);
    for (const int depth : {1, 2, kFullDepth}) {
      ChanceTree tree = root;
      const Score expected = expectiminimax(tree, depth);
      ASSERT_GE(expected, -ChanceTree::kMaxValue);
      ASSERT_LE(expected, ChanceTree::kMaxValue);
      for (const auto pruning : kAllPrunings) {
        ASSERT_EQ(search(root, pruning, depth, -kInfinity, kInfinity).value, expected)
            << "seed " << seed << " depth " << depth << " pruning " << int(pruning);
      }
    }
  }
}

// A chance tree where one outcome of every chance node with more than one
// cannot happen: its weight is 0. It counts for nothing in the average,
// and the pruned searches, whose cut windows divide by an outcome's
// weight, must leave it out rather than divide by 0.
class ImpossibleOutcomes : public ChanceTree {
 public:
  explicit ImpossibleOutcomes(const ChanceTree& tree) : ChanceTree(tree) {}
  static ImpossibleOutcomes start_position() {
    return ImpossibleOutcomes(ChanceTree::start_position());
  }
  static std::optional<ImpossibleOutcomes> parse(std::string_view text) {
    const auto tree = ChanceTree::parse(text);
    if (!tree) return std::nullopt;
    return ImpossibleOutcomes(*tree);
  }
  [[nodiscard]] std::uint32_t chance_weight(Move move) const {
    MoveList<Move> moves;
    legal_moves(moves);
    if (moves.size() > 1 && move == moves[moves.size() / 2]) return 0;
    return ChanceTree::chance_weight(move);
  }
};
static_assert(HasChance<ImpossibleOutcomes>);

TEST(Expectiminimax, AnOutcomeOfWeightZeroCountsForNothing) {
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    // Every other level a chance node, each with two outcomes or more.
    ChanceTreeShape shape = shape_for(seed);
    shape.min_outcomes = 2;
    shape.max_outcomes = std::max(shape.max_outcomes, 2);
    shape.layout = seed % 2 == 0 ? ChanceLayout::kTwoPlayer : ChanceLayout::kSolitaire;
    const ImpossibleOutcomes root(ChanceTree(shape, seed));
    ImpossibleOutcomes tree = root;
    const Score expected = expectiminimax(tree, kFullDepth);
    for (const auto pruning : kAllPrunings) {
      const std::atomic<bool> stop{false};
      const StopConditions abort(stop, std::nullopt);
      ChanceWorker<ImpossibleOutcomes> worker(root, nullptr, abort, pruning);
      ASSERT_EQ(worker.search_root(kFullDepth, -kInfinity, kInfinity), expected)
          << "seed " << seed << " pruning " << int(pruning);
    }
  }
}

// Fail-hard within any window: alpha when the value is at most alpha, beta
// when at least beta, else the value.
TEST(Expectiminimax, WindowContract) {
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    const ChanceTree root(shape_for(seed), seed);
    ChanceTree tree = root;
    const Score expected = expectiminimax(tree, kFullDepth);
    const std::uint64_t bits = games::mix64(seed);
    const Score a = static_cast<Score>(bits % 1301) - 1000;
    const Score b = a + 1 + static_cast<Score>((bits >> 16) % 300);
    for (const auto pruning : kAllPrunings) {
      ASSERT_EQ(search(root, pruning, kFullDepth, a, b).value, std::clamp(expected, a, b))
          << "seed " << seed << " window " << a << " " << b;
    }
  }
}

// With a transposition table the values stay exact: entries at chance nodes
// are bounds when a window cut them. The trees that transpose reuse them.
TEST(Expectiminimax, TableKeepsTheExactValue) {
  TranspositionTable table(1);
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    ChanceTreeShape shape = shape_for(seed);
    shape.transpositions = 2 + static_cast<int>(seed % 6);
    for (const int transpositions : {0, shape.transpositions}) {
      shape.transpositions = transpositions;
      const ChanceTree root(shape, seed);
      ChanceTree tree = root;
      const Score expected = expectiminimax(tree, kFullDepth);
      table.clear();
      // Narrow windows first, so that bounds are stored and then met by
      // wider searches.
      const Score a = static_cast<Score>(games::mix64(seed) % 1001) - 500;
      const auto narrow = search(root, ChancePruning::kStar2, kFullDepth, a, a + 1, &table);
      ASSERT_EQ(narrow.value, std::clamp(expected, a, a + 1)) << "seed " << seed;
      for (const auto pruning : kAllPrunings) {
        ASSERT_EQ(search(root, pruning, kFullDepth, -kInfinity, kInfinity, &table).value, expected)
            << "seed " << seed << " transpositions " << transpositions;
      }
    }
  }
}

// The iterative-deepening driver with aspiration windows ends on the same value.
TEST(Expectiminimax, DriverFindsTheExactValue) {
  TranspositionTable table(1);
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const ChanceTree root(shape_for(seed), seed);
    ChanceTree tree = root;
    const Score expected = expectiminimax(tree, kFullDepth);
    table.clear();
    SearchLimits limits;
    limits.depth = 12;  // more decision plies than any of these trees has levels
    const std::atomic<bool> stop{false};
    const auto result = Search<ChanceTree>(table).run(root, limits, stop);
    ASSERT_EQ(result.score, expected) << "seed " << seed;
    ASSERT_TRUE(result.best_move.has_value() || tree.is_chance_node());
  }
}

// Star1 searches fewer nodes than averaging every chance node, on uniform
// trees of both layouts; in a one-player game Star2 has nothing to probe
// for (no window ever has a finite upper edge) and searches as Star1 does.
// (The figures are in docs/benchmarks.md.)
TEST(Expectiminimax, StarPruningSavesNodes) {
  for (const auto layout : {ChanceLayout::kTwoPlayer, ChanceLayout::kSolitaire}) {
    std::uint64_t nodes[3] = {0, 0, 0};
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      ChanceTreeShape shape;
      shape.depth = 6;
      shape.min_branching = shape.max_branching = 3;
      shape.min_outcomes = shape.max_outcomes = 3;
      shape.max_weight = 1;
      shape.layout = layout;
      const ChanceTree root(shape, seed);
      for (int i = 0; i < 3; ++i) {
        nodes[i] += search(root, kAllPrunings[i], kFullDepth, -kInfinity, kInfinity).nodes;
      }
    }
    EXPECT_LT(nodes[1], nodes[0]);
    if (layout == ChanceLayout::kSolitaire) {
      EXPECT_EQ(nodes[2], nodes[1]);
    } else {
      EXPECT_NE(nodes[2], nodes[1]);  // the probes were made
    }
  }
}

}  // namespace
}  // namespace brudno::engine
