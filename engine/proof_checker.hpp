#pragma once
// Verifies a proof without trusting the search that made it: it uses only the
// game's legal_moves, play, undo and status (and evaluate at the leaves of a
// finite tree, where it is the exact value). At the prover's positions there
// must be exactly one legal move, at the opponent's every legal move, and at
// every leaf a finished game whose value meets the claim.
//
// A node of the DAG stands for one position: the first time the checker
// reaches a node it records the position (key and text), and a node reached
// again from any other position is a fault. Without that, an opponent node's
// replies could all point to the child of one weak reply and the other
// replies would never be looked at.
//
// In a game with a repetition rule (chess) a node's value may depend on the
// line that reached it. A node is taken as checked when reached again only
// if neither line repeats a position: then no position occurs more than
// twice in any line and no repetition draw can hide behind a shared node.

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "engine/proof.hpp"
#include "engine/terminal.hpp"

namespace brudno::engine {

template <Game G>
class ProofChecker {
 public:
  // With `stop`: once it is set, the check ends at the next node with
  // kStopped (a server whose client has gone must not check for nobody).
  ProofChecker(const G& root, const Proof& proof, const std::atomic<bool>* stop = nullptr)
      : position_(root), proof_(proof), stop_(stop), first_visits_(proof.nodes.size()) {}

  static constexpr std::string_view kStopped = "stopped before the check was done";

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

  // `index` is a node of the proof: check() and visit_position() test what
  // the proof says before they follow it.
  std::optional<std::string> visit(int index, int ply) {
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return std::string(kStopped);
    assert(0 <= index && index < static_cast<int>(proof_.nodes.size()));
    // The line to here: a move for each ply, a key for each position before this one.
    assert(0 <= ply && line_.size() == static_cast<std::size_t>(ply) &&
           line_keys_.size() == line_.size());
    if (ply > kMaxPly)
      return "the proof is deeper than " + std::to_string(kMaxPly) + " plies" + at();
    if (auto problem = same_position_as_before(index)) return problem;
    const bool repeats =
        std::find(line_keys_.begin(), line_keys_.end(), position_.key()) != line_keys_.end();
    if (const auto found = checked_.find({index, ply});
        found != checked_.end() && found->second && repeats_in_line_ == 0 && !repeats) {
      return std::nullopt;  // shared node, this very position, already checked at this ply
    }
    const std::uint64_t repeats_before = repeats_seen_;
    repeats_in_line_ += repeats ? 1 : 0;
    repeats_seen_ += repeats ? 1 : 0;
    line_keys_.push_back(position_.key());
    auto problem = visit_position(index, ply);
    line_keys_.pop_back();
    repeats_in_line_ -= repeats ? 1 : 0;
    // The repeats of the line are among its positions, and every one was seen.
    assert(0 <= repeats_in_line_ &&
           static_cast<std::size_t>(repeats_in_line_) <= line_keys_.size());
    assert(repeats_seen_ >= repeats_before);
    // Checked without a repetition in or below it: safe to share.
    if (!problem) checked_[{index, ply}] = repeats_seen_ == repeats_before;
    return problem;
  }

  std::optional<std::string> visit_position(int index, int ply) {
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
      [[maybe_unused]] const std::uint64_t key = position_.key();
      position_.play(*move);
      line_.push_back(text);
      auto problem = visit(child, ply + 1);
      line_.pop_back();
      position_.undo(*move);
      assert(position_.key() == key);  // the board is as it was before the move
      if (problem) return problem;
    }
    return std::nullopt;
  }

  // Where a node was first reached: the position it stands for, and the line
  // of moves that led there, for the message when another position reaches it.
  struct FirstVisit {
    std::uint64_t key;
    std::string text;
    std::string line;
  };

  // The key alone could collide; the text is the whole position in the games
  // whose text says everything (tic-tac-toe, Connect Four).
  std::optional<std::string> same_position_as_before(int index) {
    auto& first = first_visits_[static_cast<std::size_t>(index)];
    if (!first) {
      first = FirstVisit{position_.key(), position_.to_text(), at()};
      return std::nullopt;
    }
    if (first->key == position_.key() && first->text == position_.to_text()) return std::nullopt;
    return "node " + std::to_string(index) + " stands for two different positions: first reached" +
           first->line + ", reached again" + at();
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
  const std::atomic<bool>* stop_;
  std::vector<std::string> line_;
  // (node, ply) checked, and whether no repetition was met in or below it.
  std::map<std::pair<int, int>, bool> checked_;
  std::vector<std::uint64_t> line_keys_;                 // the positions of the line to the node
  int repeats_in_line_ = 0;                              // of them, how many repeat an earlier one
  std::uint64_t repeats_seen_ = 0;                       // repetitions met so far, anywhere
  std::vector<std::optional<FirstVisit>> first_visits_;  // by node index
};

template <Game G>
std::optional<std::string> check_proof(const G& root, const Proof& proof,
                                       const std::atomic<bool>* stop = nullptr) {
  return ProofChecker<G>(root, proof, stop).check();
}

}  // namespace brudno::engine
