// The exact mate search: shortest mates, every key, no mate where there is
// none (against plain full-width minimax too), the fifty-move rule, stop;
// and the proofs of its mates, checked, and rejected once tampered with.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include "engine/proof_checker.hpp"
#include "games/chess/chess.hpp"
#include "games/chess/mate/mate_proof.hpp"
#include "games/chess/mate/mate_search.hpp"
#include "protocol/mate_proofs.hpp"

namespace brudno::games {
namespace {

using chess::MateSearch;

Chess position_of(const char* fen) {
  const auto position = Chess::parse(fen);
  EXPECT_TRUE(position.has_value()) << fen;
  return position.value_or(Chess::start_position());
}

// The proof-number search's answer, checked against the depth-first one's.
std::optional<int> shortest(const char* fen, int moves) {
  const std::atomic<bool> stop{false};
  MateSearch search(position_of(fen), stop, 4);
  MateSearch oracle(position_of(fen), stop, 4, MateSearch::Method::kDepthFirst);
  const auto found = search.shortest_mate(moves);
  EXPECT_EQ(found, oracle.shortest_mate(moves)) << fen << " in " << moves;
  return found;
}

std::set<std::string> keys_within(const char* fen, int moves, int of_length = 0,
                                  MateSearch::Method method = MateSearch::Method::kProofNumbers) {
  const std::atomic<bool> stop{false};
  MateSearch search(position_of(fen), stop, 4, method);
  std::set<std::string> keys;
  for (const auto& key : search.all_keys(moves)) {
    if (of_length == 0 || key.moves == of_length) keys.insert(Chess::move_text(key.move));
  }
  return keys;
}

// Every number here is Stockfish 15.1's `go depth 18` mate score too.
constexpr const char* kBackRank = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
constexpr const char* kQueenMateIn2 = "k7/8/2K5/8/8/8/8/6Q1 w - - 0 1";
constexpr const char* kRookMateIn2 = "7k/8/5K2/8/8/8/8/R7 w - - 0 1";
constexpr const char* kTwoMatesInOne = "2k5/8/2K5/8/8/8/8/7R w - - 0 1";

TEST(ChessMateSearch, FindsTheShortestMate) {
  EXPECT_EQ(shortest(kBackRank, 3), 1);
  EXPECT_EQ(shortest(kQueenMateIn2, 4), 2);
  EXPECT_EQ(shortest(kRookMateIn2, 2), 2);
  EXPECT_EQ(shortest(kTwoMatesInOne, 1), 1);
}

TEST(ChessMateSearch, SaysThereIsNoMateWhereThereIsNone) {
  EXPECT_EQ(shortest(kQueenMateIn2, 1), std::nullopt);
  EXPECT_EQ(shortest(Chess::kStartFen.data(), 3), std::nullopt);
  // Black to move has no mate; the king and lone rook of a stalemate trap neither.
  EXPECT_EQ(shortest("6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1", 3), std::nullopt);
  EXPECT_EQ(shortest("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 2), std::nullopt);  // stalemate
}

TEST(ChessMateSearch, ListsEveryKeyWithItsLength) {
  // Two rook moves mate at once; the rook's others need three moves.
  EXPECT_EQ(keys_within(kTwoMatesInOne, 1), (std::set<std::string>{"h1h8"}));
  EXPECT_EQ(keys_within(kTwoMatesInOne, 3, 1), (std::set<std::string>{"h1h8"}));
  EXPECT_EQ(keys_within("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1", 1), (std::set<std::string>{"g1g8"}));
  // Mate in 2 with the queen: the king's approach and two queen moves;
  // g1f2 needs three (Stockfish: mate -2 after it).
  EXPECT_EQ(keys_within(kQueenMateIn2, 2), (std::set<std::string>{"c6b6", "g1b1", "g1g7"}));
  EXPECT_EQ(keys_within(kQueenMateIn2, 3, 3).count("g1f2"), 1u);
}

// Plain full-width minimax over checkmate alone: the definition the search must meet.
bool mates_by_minimax(Chess& position, int moves) {
  Chess::MoveList list;
  position.legal_moves(list);
  for (const auto move : list) {
    position.play(move);
    Chess::MoveList replies;
    position.legal_moves(replies);
    bool mated = replies.empty() ? position.in_check() : moves > 1;
    for (std::size_t i = 0; mated && i < replies.size(); ++i) {
      position.play(replies[i]);
      mated = mates_by_minimax(position, moves - 1);
      position.undo(replies[i]);
    }
    position.undo(move);
    if (mated) return true;
  }
  return false;
}

TEST(ChessMateSearch, AgreesWithMinimaxOnRandomEndgames) {
  // Random walks from endgames rich in mates in one and two.
  const char* starts[] = {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "k7/8/2K5/8/8/8/8/6Q1 w - - 0 1",
                          "4k3/8/4K3/8/8/8/8/R6R w - - 0 1", "7k/6pp/8/8/8/8/1B6/K2Q4 w - - 0 1"};
  std::mt19937 random(7);
  int mates = 0;
  for (const char* fen : starts) {
    for (int walk = 0; walk < 6; ++walk) {
      Chess position = position_of(fen);
      const int plies = static_cast<int>(random() % 6);
      for (int ply = 0; ply < plies; ++ply) {
        Chess::MoveList list;
        position.legal_moves(list);
        if (list.empty()) break;
        position.play(list[random() % list.size()]);
      }
      const std::atomic<bool> stop{false};
      for (int moves = 1; moves <= 2; ++moves) {
        Chess copy = position;
        const bool expected = mates_by_minimax(copy, moves);
        mates += expected ? 1 : 0;
        for (const auto method :
             {MateSearch::Method::kProofNumbers, MateSearch::Method::kDepthFirst}) {
          MateSearch search(position, stop, 1, method);
          EXPECT_EQ(search.attacker_mates(moves), expected)
              << position.to_text() << " in " << moves;
        }
      }
    }
  }
  EXPECT_GT(mates, 5);  // the walks met mates, not only their absence
}

TEST(ChessMateSearch, TheFiftyMoveRuleEndsTheGameFirst) {
  // A mate on the hundredth ply counts; one after it does not.
  EXPECT_EQ(shortest("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", 2), 1);
  EXPECT_EQ(shortest("7k/8/5K2/8/8/8/8/R7 w - - 97 80", 2), 2);
  EXPECT_EQ(shortest("7k/8/5K2/8/8/8/8/R7 w - - 98 80", 2), std::nullopt);
}

TEST(ChessMateSearch, StopEndsTheSearchAndSaysSo) {
  const std::atomic<bool> stop{true};
  MateSearch search(Chess::start_position(), stop, 1);
  EXPECT_EQ(search.shortest_mate(6), std::nullopt);
  EXPECT_TRUE(search.stopped());
}

// --- proofs ------------------------------------------------------------------

// The proof of the `index`th key (shortest first) of the mates within `moves`.
engine::Proof mate_proof(const char* fen, int moves, std::size_t index = 0) {
  const std::atomic<bool> stop{false};
  auto proved = protocol::prove_mates(position_of(fen), moves, index > 0, stop, 4);
  EXPECT_TRUE(std::holds_alternative<protocol::MateProofs>(proved))
      << std::get<std::string>(proved);
  return std::get<protocol::MateProofs>(proved).document.proofs.at(index);
}

// A mate in 3 whose defender has a choice: the first key within 3 of
// kQueenMateIn2 whose proof has a node with two replies or more (the
// search prefers the lines that leave one, so not every proof has one).
engine::Proof proof_with_defences() {
  const std::atomic<bool> stop{false};
  auto proved = protocol::prove_mates(position_of(kQueenMateIn2), 3, true, stop, 4);
  EXPECT_TRUE(std::holds_alternative<protocol::MateProofs>(proved));
  const auto& proofs = std::get<protocol::MateProofs>(proved).document.proofs;
  for (const auto& proof : proofs) {
    if (std::any_of(proof.nodes.begin(), proof.nodes.end(),
                    [](const auto& node) { return node.moves.size() > 1; }))
      return proof;
  }
  ADD_FAILURE() << "no proof with a choice of replies";
  return proofs.back();
}

// A defender node with more than one reply (attacker nodes have one move).
int defender_node_with_replies(const engine::Proof& proof) {
  for (std::size_t i = 0; i < proof.nodes.size(); ++i) {
    if (proof.nodes[i].moves.size() > 1) return static_cast<int>(i);
  }
  ADD_FAILURE() << "no node with two replies";
  return proof.root;
}

TEST(ChessMateProof, ProvesEachKeyAndTheCheckerAcceptsIt) {
  const std::atomic<bool> stop{false};
  auto proved = protocol::prove_mates(position_of(kQueenMateIn2), 2, true, stop, 4);
  ASSERT_TRUE(std::holds_alternative<protocol::MateProofs>(proved));
  const auto& mates = std::get<protocol::MateProofs>(proved);
  ASSERT_EQ(mates.keys.size(), 3u);
  ASSERT_EQ(mates.document.proofs.size(), 3u);
  EXPECT_EQ(mates.document.value, engine::win_in(3));
  for (const auto& proof : mates.document.proofs) {
    EXPECT_EQ(proof.bound, engine::win_in(3));
    EXPECT_EQ(engine::check_proof(position_of(kQueenMateIn2), proof), std::nullopt);
  }
}

TEST(ChessMateProof, ARemovedDefenceIsRejected) {
  auto proof = proof_with_defences();
  auto& replies = proof.nodes[static_cast<std::size_t>(defender_node_with_replies(proof))].moves;
  const std::string removed = replies.back().first;
  replies.pop_back();
  const auto fault = engine::check_proof(position_of(kQueenMateIn2), proof);
  ASSERT_TRUE(fault.has_value());
  EXPECT_NE(fault->find("reply '" + removed + "' is missing"), std::string::npos) << *fault;
}

TEST(ChessMateProof, ALeafThatIsNotMateIsRejected) {
  auto proof = mate_proof(kTwoMatesInOne, 1);
  // The key h1h8 mates; h1h7 leads to the same leaf but mates nothing.
  proof.nodes[static_cast<std::size_t>(proof.root)].moves[0].first = "h1h7";
  const auto fault = engine::check_proof(position_of(kTwoMatesInOne), proof);
  ASSERT_TRUE(fault.has_value());
  EXPECT_NE(fault->find("a leaf that is not the end of the game"), std::string::npos) << *fault;
}

TEST(ChessMateProof, AMateAMoveTooLongIsRejected) {
  auto proof = mate_proof(kQueenMateIn2, 2);
  proof.bound = engine::win_in(1);  // claims mate in 1 with the tree of a mate in 2
  const auto fault = engine::check_proof(position_of(kQueenMateIn2), proof);
  ASSERT_TRUE(fault.has_value());
  EXPECT_NE(fault->find("does not meet the claim"), std::string::npos) << *fault;
}

TEST(ChessMateProof, TwoAttackerMovesAtOneNodeAreRejected) {
  auto proof = mate_proof(kQueenMateIn2, 2);
  auto& root = proof.nodes[static_cast<std::size_t>(proof.root)].moves;
  root.push_back({root[0].first == "c6b6" ? "g1b1" : "c6b6", root[0].second});
  const auto fault = engine::check_proof(position_of(kQueenMateIn2), proof);
  ASSERT_TRUE(fault.has_value());
  EXPECT_NE(fault->find("exactly one move"), std::string::npos) << *fault;
}

// Two replies may not share one node: each stands for its own position.
TEST(ChessMateProof, RepliesSharingANodeAreRejected) {
  auto proof = proof_with_defences();
  auto& replies = proof.nodes[static_cast<std::size_t>(defender_node_with_replies(proof))].moves;
  replies.back().second = replies.front().second;
  const auto fault = engine::check_proof(position_of(kQueenMateIn2), proof);
  ASSERT_TRUE(fault.has_value());
  EXPECT_NE(fault->find("stands for two different positions"), std::string::npos) << *fault;
}

}  // namespace
}  // namespace brudno::games

namespace brudno::games {
namespace {

// The benchmark's small set (tests/data/mates/ci.epd, its README says how it
// was made): each answer of the exact search right, each mate's proof holding.
TEST(ChessMateSet, EveryAnswerOfTheSmallSetIsRightAndProved) {
  std::ifstream file(std::string(BRUDNO_TEST_DATA) + "/mates/ci.epd");
  ASSERT_TRUE(file.is_open());
  int mates = 0;
  int none = 0;
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto semicolon = line.find(';');
    const std::string fen = line.substr(0, line.find_last_not_of(' ', semicolon - 1) + 1);
    std::istringstream operation(line.substr(semicolon + 1));
    std::string op;
    int moves = 0;
    operation >> op >> moves;
    ASSERT_TRUE((op == "dm" || op == "nomate") && moves > 0) << line;
    const Chess root = position_of(fen.c_str());
    const std::atomic<bool> stop{false};
    MateSearch search(root, stop, 16);
    const auto found = search.shortest_mate(moves);
    // The depth-first search, deepening from mate in one, is the oracle of
    // the proof-number search's shortest mate, and of its length limit.
    MateSearch oracle(root, stop, 16, MateSearch::Method::kDepthFirst);
    EXPECT_EQ(found, oracle.shortest_mate(moves)) << line;
    if (found && *found > 1) {
      MateSearch below(root, stop, 16);
      EXPECT_EQ(below.shortest_mate(*found - 1), std::nullopt) << line;
    }
    if (op == "nomate") {
      EXPECT_EQ(found, std::nullopt) << line;
      ++none;
      continue;
    }
    ++mates;
    EXPECT_EQ(found, moves) << line;
    auto proved = protocol::prove_mates(root, moves, false, stop, 16);
    ASSERT_TRUE(std::holds_alternative<protocol::MateProofs>(proved))
        << line << ": " << std::get<std::string>(proved);
    const auto& proof = std::get<protocol::MateProofs>(proved).document.proofs.at(0);
    EXPECT_EQ(proof.bound, engine::win_in(2 * moves - 1));
    EXPECT_EQ(engine::check_proof(root, proof), std::nullopt) << line;
  }
  EXPECT_GE(mates, 20);
  EXPECT_GE(none, 5);
}

// The mates with more than one key (tests/data/mates/cooks.epd): each key
// confirmed by Stockfish 15.1, and the search must list them all, no more.
TEST(ChessMateSet, EveryKeyOfTheMatesWithCooksIsListed) {
  std::ifstream file(std::string(BRUDNO_TEST_DATA) + "/mates/cooks.epd");
  ASSERT_TRUE(file.is_open());
  int positions = 0;
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto dm = line.find(";dm ");
    const auto keys_at = line.find(";keys ");
    ASSERT_TRUE(dm != std::string::npos && keys_at != std::string::npos) << line;
    const std::string fen = line.substr(0, line.find_last_not_of(' ', dm - 1) + 1);
    const int moves = std::stoi(line.substr(dm + 4));
    std::istringstream words(line.substr(keys_at + 6));
    std::set<std::string> wanted;
    for (std::string key; words >> key;) wanted.insert(key);
    EXPECT_GE(wanted.size(), 2u) << line;
    EXPECT_EQ(keys_within(fen.c_str(), moves), wanted) << line;
    EXPECT_EQ(keys_within(fen.c_str(), moves, 0, MateSearch::Method::kDepthFirst), wanted) << line;
    ++positions;
  }
  EXPECT_GE(positions, 5);
}

}  // namespace
}  // namespace brudno::games
