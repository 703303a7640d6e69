#pragma once
// Verifies a proof without trusting the search that made it: it uses only the
// game's legal_moves, play, undo and status (and evaluate at the leaves of a
// finite tree, where it is the exact value). At the prover's positions there
// must be exactly one legal move, at the opponent's every legal move, and at
// every leaf a finished game whose value meets the claim.

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "engine/proof.hpp"
#include "engine/terminal.hpp"

namespace brudno::engine {

template <Game G>
class ProofChecker {
 public:
  ProofChecker(const G& root, const Proof& proof) : position_(root), proof_(proof) {}

  // Nothing when the proof holds; otherwise what is wrong and where, as the
  // line of moves from the root.
  std::optional<std::string> check() {
    if (proof_.root < 0 || proof_.root >= static_cast<int>(proof_.nodes.size())) {
      return "the root node " + std::to_string(proof_.root) + " does not exist";
    }
    return visit(proof_.root, 0);
  }

 private:
  using Move = typename G::Move;

  std::optional<std::string> visit(int index, int ply) {
    if (ply > kMaxPly)
      return "the proof is deeper than " + std::to_string(kMaxPly) + " plies" + at();
    if (!checked_.insert({index, ply}).second)
      return std::nullopt;  // shared node, seen at this ply
    const ProofNode& node = proof_.nodes[static_cast<std::size_t>(index)];
    const Status status = position_.status();
    MoveList<Move> legal;
    if (status == Status::kOngoing) position_.legal_moves(legal);

    if (legal.empty()) {
      if (!node.moves.empty()) return "moves after the end of the game" + at();
      const Score value =
          status == Status::kOngoing ? position_.evaluate() : terminal_score(status, ply);
      const Score for_root = ply % 2 == 0 ? value : -value;
      if (!node.leaf_value) return "a leaf without its value" + at();
      if (*node.leaf_value != for_root) {
        return "leaf value " + std::to_string(*node.leaf_value) + " is wrong, the game ends at " +
               std::to_string(for_root) + at();
      }
      if (!meets_claim(proof_.claim, proof_.bound, for_root)) {
        return "leaf value " + std::to_string(for_root) + " does not meet the claim " +
               claim_text() + at();
      }
      return std::nullopt;
    }
    if (node.moves.empty()) return "a leaf that is not the end of the game" + at();
    if (node.leaf_value) return "a leaf value at a position that is not the end of the game" + at();

    std::set<std::string> seen;
    for (const auto& [text, child] : node.moves) {
      if (!seen.insert(text).second) return "move '" + text + "' written twice" + at();
    }
    if (prover_moves(proof_.claim, ply)) {
      if (node.moves.size() != 1) {
        return "the prover must choose exactly one move, found " +
               std::to_string(node.moves.size()) + at();
      }
    } else {
      for (const Move move : legal) {
        if (!seen.count(G::move_text(move)))
          return "reply '" + G::move_text(move) + "' is missing" + at();
      }
    }
    for (const auto& [text, child] : node.moves) {
      const std::optional<Move> move = find_legal(legal, text);
      if (!move) return "illegal move '" + text + "'" + at();
      if (child < 0 || child >= static_cast<int>(proof_.nodes.size())) {
        return "move '" + text + "' leads to node " + std::to_string(child) +
               ", which does not exist" + at();
      }
      position_.play(*move);
      line_.push_back(text);
      auto problem = visit(child, ply + 1);
      line_.pop_back();
      position_.undo(*move);
      if (problem) return problem;
    }
    return std::nullopt;
  }

  static std::optional<Move> find_legal(const MoveList<Move>& legal, const std::string& text) {
    for (const Move move : legal) {
      if (G::move_text(move) == text) return move;
    }
    return std::nullopt;
  }

  [[nodiscard]] std::string claim_text() const {
    return std::string(proof_.claim == ProofClaim::kAtLeast ? "at least " : "at most ") +
           std::to_string(proof_.bound);
  }

  [[nodiscard]] std::string at() const {
    if (line_.empty()) return " at the root";
    std::string text = " after moves";
    for (const auto& move : line_) text += ' ' + move;
    return text;
  }

  G position_;
  const Proof& proof_;
  std::vector<std::string> line_;
  std::set<std::pair<int, int>> checked_;
};

template <Game G>
std::optional<std::string> check_proof(const G& root, const Proof& proof) {
  return ProofChecker<G>(root, proof).check();
}

}  // namespace brudno::engine
