// Proof trees: what the builder emits passes the independent checker, and
// damaged proofs fail with a message naming the spot.

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "engine/minimax.hpp"
#include "engine/proof_builder.hpp"
#include "engine/proof_checker.hpp"
#include "games/synthetic/synthetic_search.hpp"
#include "games/tictactoe/tictactoe_search.hpp"

namespace brudno::engine {
namespace {

using games::SyntheticTree;
using games::TicTacToe;

template <Game G>
Proof prove(const G& root, ProofClaim claim, Score bound) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  auto built = ProofBuilder<G>(root, table, stop).build(claim, bound);
  if (auto* problem = std::get_if<std::string>(&built)) ADD_FAILURE() << *problem;
  return std::get<Proof>(std::move(built));
}

TicTacToe board(std::string_view text) {
  return *TicTacToe::parse(text);
}

struct ClassicCase {
  const char* name;  // the test's name: position texts are not valid in one
  const char* text;
  Score value;
};

// For ctest's list of tests and for failure messages: the case, not its bytes.
void PrintTo(const ClassicCase& param, std::ostream* out) {
  *out << param.text << " (value " << param.value << ")";
}

class ClassicTicTacToe : public ::testing::TestWithParam<ClassicCase> {};

TEST_P(ClassicTicTacToe, BothProofsHold) {
  const auto root = board(GetParam().text);
  auto copy = root;
  ASSERT_EQ(minimax(copy, 9), GetParam().value);
  for (const auto claim : {ProofClaim::kAtLeast, ProofClaim::kAtMost}) {
    const Proof proof = prove(root, claim, GetParam().value);
    EXPECT_EQ(check_proof(root, proof), std::nullopt);
    EXPECT_GT(proof.positions(), 1u);
    EXPECT_GE(proof.moves_written() + 1,
              proof.positions());  // a DAG: every node but the root is reached
  }
}

INSTANTIATE_TEST_SUITE_P(Classic, ClassicTicTacToe,
                         ::testing::Values(ClassicCase{"EmptyBoard", ".../.../...", 0},
                                           ClassicCase{"OCornerXEdge", "OX./.../...", 0},
                                           ClassicCase{"OCornerXCorner", "O.X/.../...", win_in(5)}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(Proof, BuilderRefusesAClaimThatIsFalse) {
  TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  ProofBuilder<TicTacToe> builder(board(".../.../..."), table, stop);
  EXPECT_TRUE(std::holds_alternative<std::string>(builder.build(ProofClaim::kAtLeast, 1)));
  EXPECT_TRUE(std::holds_alternative<std::string>(builder.build(ProofClaim::kAtMost, -1)));
}

TEST(Proof, SyntheticTreesProveTheirMinimaxValue) {
  for (int seed = 0; seed < 40; ++seed) {
    SyntheticTree tree(3, 1 + seed % 6, static_cast<std::uint64_t>(seed),
                       games::ChildOrder::kRandom);
    const Score value = tree.true_value();
    for (const auto claim : {ProofClaim::kAtLeast, ProofClaim::kAtMost}) {
      const Proof proof = prove(tree, claim, value);
      EXPECT_EQ(check_proof(tree, proof), std::nullopt) << tree.to_text();
      // One bound tighter is false, and the checker says so.
      Proof stronger = proof;
      stronger.bound += claim == ProofClaim::kAtLeast ? 1 : -1;
      EXPECT_TRUE(check_proof(tree, stronger)) << tree.to_text();
    }
  }
}

// The damage tests work on the "O on 1, X on 3" win: X (the root side) proves
// at least a win in 5 plies.
class DamagedProof : public ::testing::Test {
 protected:
  const TicTacToe root = board("O.X/.../...");
  Proof proof = prove(root, ProofClaim::kAtLeast, win_in(5));

  // The first node with more than one move: an opponent's node.
  ProofNode& opponent_node() {
    for (auto& node : proof.nodes) {
      if (node.moves.size() > 1) return node;
    }
    throw std::logic_error("no opponent node");
  }
  ProofNode& first_leaf() {
    for (auto& node : proof.nodes) {
      if (node.leaf_value) return node;
    }
    throw std::logic_error("no leaf");
  }
  std::string problem() {
    const auto found = check_proof(root, proof);
    return found.value_or("");
  }
};

TEST_F(DamagedProof, IntactProofHolds) {
  EXPECT_EQ(problem(), "");
}

// A server whose client has gone stops the check at the next node.
TEST_F(DamagedProof, AStoppedCheckSaysSoAndAnUnstoppedOneHolds) {
  const std::atomic<bool> stopped{true};
  EXPECT_EQ(check_proof(root, proof, &stopped), std::string(ProofChecker<TicTacToe>::kStopped));
  const std::atomic<bool> running{false};
  EXPECT_EQ(check_proof(root, proof, &running), std::nullopt);
}

TEST_F(DamagedProof, MissingReplyIsNamed) {
  auto& node = opponent_node();
  const std::string dropped = node.moves.back().first;
  node.moves.pop_back();
  EXPECT_NE(problem().find("reply '" + dropped + "' is missing after moves 6"), std::string::npos)
      << problem();
}

TEST_F(DamagedProof, ChangedLeafValueIsNamed) {
  *first_leaf().leaf_value -= 1;
  EXPECT_NE(problem().find("leaf value"), std::string::npos) << problem();
  EXPECT_NE(problem().find("is wrong"), std::string::npos) << problem();
  EXPECT_NE(problem().find("after moves 6"), std::string::npos) << problem();
}

TEST_F(DamagedProof, IllegalMoveIsNamed) {
  proof.nodes[static_cast<std::size_t>(proof.root)].moves[0].first = "1";  // O is on 1
  EXPECT_EQ(problem(), "illegal move '1' at the root");
}

TEST_F(DamagedProof, NonTerminalLeafIsNamed) {
  auto& node = opponent_node();
  node.moves.clear();
  EXPECT_EQ(problem(), "a leaf that is not the end of the game after moves 6");
}

TEST_F(DamagedProof, ProverWithTwoMovesIsNamed) {
  auto& root_node = proof.nodes[static_cast<std::size_t>(proof.root)];
  root_node.moves.push_back({"9", root_node.moves[0].second});
  EXPECT_EQ(problem(), "the prover must choose exactly one move, found 2 at the root");
}

TEST_F(DamagedProof, ClaimTooStrongIsNamed) {
  proof.bound = win_in(3);
  EXPECT_NE(problem().find("does not meet the claim at least"), std::string::npos) << problem();
}

TEST_F(DamagedProof, DanglingChildIsNamed) {
  proof.nodes[static_cast<std::size_t>(proof.root)].moves[0].second = 100000;
  EXPECT_NE(problem().find("does not exist at the root"), std::string::npos) << problem();
}

// Nodes of a proof written out by hand.
ProofNode moves(std::vector<std::pair<std::string, int>> moves) {
  return ProofNode{std::move(moves), std::nullopt};
}
ProofNode leaf(Score value) {
  return ProofNode{{}, value};
}

// "O on 1, X on 2" is a draw. Forged proofs that it is a win in 5 plies for X
// (and, from the other side, at most that): every reply of the opponent
// points to the child of one weak reply, so only that line is a real game.
// Each node of a proof stands for one position, and the checker must see
// that the shared child is reached from a different position.
TEST_F(DamagedProof, RepliesPointingToAnotherRepliesChildAreNamed) {
  const TicTacToe drawn = board("OX./.../...");
  const Proof at_least{
      ProofClaim::kAtLeast,
      win_in(5),
      0,
      {moves({{"3", 1}}), moves({{"4", 2}, {"5", 2}, {"6", 2}, {"7", 2}, {"8", 2}, {"9", 2}}),
       moves({{"5", 3}}), moves({{"6", 4}, {"7", 4}, {"8", 4}, {"9", 4}}), moves({{"7", 5}}),
       leaf(win_in(5))}};
  EXPECT_EQ(check_proof(drawn, at_least),
            "node 4 stands for two different positions: first reached after moves 3 4 5 6, "
            "reached again after moves 3 4 5 7");
  const Proof at_most{
      ProofClaim::kAtMost,
      win_in(5),
      0,
      {moves({{"3", 1}, {"4", 1}, {"5", 1}, {"6", 1}, {"7", 1}, {"8", 1}, {"9", 1}}),
       moves({{"4", 2}}), moves({{"5", 3}, {"6", 3}, {"7", 3}, {"8", 3}, {"9", 3}}),
       moves({{"6", 4}}), moves({{"7", 5}, {"8", 5}, {"9", 5}}), leaf(win_in(5))}};
  EXPECT_EQ(check_proof(drawn, at_most),
            "node 5 stands for two different positions: first reached after moves 3 4 5 6 7, "
            "reached again after moves 3 4 5 6 8");
}

// The same node may be shared by the lines that reach the same position: a
// transposition is what the DAG is for.
TEST_F(DamagedProof, SharedNodeOfOnePositionHolds) {
  std::size_t shared = 0;
  std::vector<int> parents(proof.nodes.size(), 0);
  for (const auto& node : proof.nodes) {
    for (const auto& [move, child] : node.moves) ++parents[static_cast<std::size_t>(child)];
  }
  for (const int count : parents) shared += count > 1 ? 1 : 0;
  EXPECT_GT(shared, 0u);  // the builder's proof has transpositions
  EXPECT_EQ(problem(), "");
}

}  // namespace
}  // namespace brudno::engine
