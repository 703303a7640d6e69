#include "games/synthetic/synthetic.hpp"

#include <gtest/gtest.h>

#include <set>

#include "engine/minimax.hpp"

namespace brudno::games {
namespace {

TEST(SyntheticTree, TrueValueIsTheMinimaxValueAtEveryNode) {
  SyntheticTree tree(3, 5, 42, ChildOrder::kRandom);
  EXPECT_EQ(engine::minimax(tree, 5), tree.true_value());
  for (SyntheticTree::Move move = 0; move < 3; ++move) {
    tree.play(move);
    EXPECT_EQ(engine::minimax(tree, 4), tree.true_value());
    tree.undo(move);
  }
}

TEST(SyntheticTree, OrderingsPutTheBestChildWhereTheyPromise) {
  for (const auto order : {ChildOrder::kBestFirst, ChildOrder::kWorstFirst, ChildOrder::kRandom}) {
    SyntheticTree tree(5, 3, 7, order);
    std::vector<engine::Score> child_values;  // from the parent's side
    for (SyntheticTree::Move move = 0; move < 5; ++move) {
      tree.play(move);
      child_values.push_back(-tree.true_value());
      tree.undo(move);
    }
    EXPECT_EQ(*std::max_element(child_values.begin(), child_values.end()), tree.true_value());
    EXPECT_EQ(std::set(child_values.begin(), child_values.end()).size(), 5u);  // distinct
    if (order == ChildOrder::kBestFirst) {
      EXPECT_TRUE(std::is_sorted(child_values.rbegin(), child_values.rend()));
    }
    if (order == ChildOrder::kWorstFirst) {
      EXPECT_TRUE(std::is_sorted(child_values.begin(), child_values.end()));
    }
  }
}

TEST(SyntheticTree, SameSeedSameTreeOtherSeedOtherTree) {
  SyntheticTree a(4, 6, 9, ChildOrder::kRandom);
  SyntheticTree b(4, 6, 9, ChildOrder::kRandom);
  SyntheticTree c(4, 6, 10, ChildOrder::kRandom);
  EXPECT_EQ(a.key(), b.key());
  EXPECT_EQ(engine::minimax(a, 6), engine::minimax(b, 6));
  EXPECT_NE(a.key(), c.key());
}

TEST(SyntheticTree, ParsesItsText) {
  const auto tree = SyntheticTree::parse("3 4 7 best");
  ASSERT_TRUE(tree);
  EXPECT_EQ(tree->to_text(), "3 4 7 best");
  EXPECT_EQ(tree->branching(), 3);
  EXPECT_FALSE(SyntheticTree::parse("3 4 7"));
  EXPECT_FALSE(SyntheticTree::parse("3 4 7 sideways"));
  EXPECT_FALSE(SyntheticTree::parse("0 4 7 best"));
  EXPECT_FALSE(SyntheticTree::parse("3 99 7 best"));
  EXPECT_FALSE(SyntheticTree::parse("3 4 -7 best"));
  EXPECT_FALSE(SyntheticTree::parse("3 4 7 best extra"));
  EXPECT_EQ(tree->parse_move("3"), 2);
  EXPECT_FALSE(tree->parse_move("4"));
  EXPECT_FALSE(tree->parse_move("0"));
}

// Issue 13: `d` and the error messages showed the root's text whatever node
// the session was at. The text now carries the path from the root.
TEST(SyntheticTree, TextNamesTheCurrentNode) {
  auto tree = *SyntheticTree::parse("3 4 7 best");
  tree.play(1);
  tree.play(0);
  EXPECT_EQ(tree.to_text(), "3 4 7 best 2 1");
  const auto read = SyntheticTree::parse(tree.to_text());
  ASSERT_TRUE(read);
  EXPECT_EQ(read->key(), tree.key());
  EXPECT_EQ(read->true_value(), tree.true_value());
  EXPECT_EQ(read->to_text(), tree.to_text());
  EXPECT_FALSE(SyntheticTree::parse("3 4 7 best 2 4"));    // no fourth child
  EXPECT_FALSE(SyntheticTree::parse("3 2 7 best 1 1 1"));  // below the leaves
  tree.undo(0);
  EXPECT_EQ(tree.to_text(), "3 4 7 best 2");
}

TEST(SyntheticTree, LeavesHaveNoMoves) {
  SyntheticTree tree(2, 1, 1, ChildOrder::kRandom);
  tree.play(0);
  engine::MoveList<SyntheticTree::Move> moves;
  tree.legal_moves(moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(tree.evaluate(), tree.true_value());
  EXPECT_FALSE(tree.parse_move("1"));
}

}  // namespace
}  // namespace brudno::games
