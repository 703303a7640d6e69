#pragma once
// Builds proof trees for a solved position. The search is used only as an
// oracle to pick the prover's move; the tree itself is made move by move down
// to finished games, so nothing in it is taken on trust from the table, and a
// wrong oracle answer shows up as a failure here or in the checker.

#include <algorithm>
#include <atomic>
#include <cassert>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "engine/game.hpp"
#include "engine/proof.hpp"
#include "engine/search_worker.hpp"
#include "engine/stop_conditions.hpp"
#include "engine/terminal.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

// The most positions one proof may hold unless told otherwise: a proof of a
// position far from the end of a large game would fill the memory, and end
// the process with it, long before it was done.
inline constexpr std::size_t kDefaultMaxProofPositions = 2'000'000;

template <Game G>
class ProofBuilder {
 public:
  using Move = typename G::Move;

  ProofBuilder(const G& root, TranspositionTable& table, const std::atomic<bool>& stop,
               std::size_t max_positions = kDefaultMaxProofPositions)
      : position_(root), table_(table), abort_(stop, std::nullopt), max_positions_(max_positions) {}

  // The proof, or why it could not be made (a bound that does not hold, a
  // stop, more positions than allowed).
  std::variant<Proof, std::string> build(ProofClaim claim, Score bound) {
    proof_ = Proof{claim, bound, 0, {}};
    built_.clear();
    problem_.reset();
    proof_.root = build_node(0);
    if (problem_) return *problem_;
    return std::move(proof_);
  }

 private:
  int build_node(int ply) {
    assert(ply >= 0);
    const auto memo_key = std::pair{position_.key(), ply};
    if (const auto found = built_.find(memo_key); found != built_.end()) return found->second;
    const int index = static_cast<int>(proof_.nodes.size());
    if (proof_.nodes.size() >= max_positions_) {
      problem_ = "the proof would hold more than " + std::to_string(max_positions_) +
                 " positions; a position nearer the end of the game has a smaller one";
      return index;
    }
    proof_.nodes.emplace_back();
    built_.emplace(memo_key, index);
    if (problem_) return index;
    if (abort_.stop_requested()) {
      problem_ = "stopped";
      return index;
    }

    const Status status = position_.status();
    MoveList<Move> moves;
    if (status == Status::kOngoing) position_.legal_moves(moves);
    if (moves.empty()) {
      const Score value =
          status == Status::kOngoing ? position_.evaluate() : terminal_score(status, ply);
      const Score for_root = ply % 2 == 0 ? value : -value;
      proof_.nodes[static_cast<std::size_t>(index)].leaf_value = for_root;
      if (!meets_claim(proof_.claim, proof_.bound, for_root)) {
        problem_ = "the claim fails at a game end " + std::to_string(ply) + " plies deep";
      }
      return index;
    }

    [[maybe_unused]] const std::uint64_t key = position_.key();
    std::vector<std::pair<std::string, int>> children;
    if (prover_moves(proof_.claim, ply)) {
      order_table_move_first(moves);
      for (const Move move : moves) {
        position_.play(move);
        const bool holds = child_meets_claim(ply + 1);
        if (holds) children.emplace_back(G::move_text(move), build_node(ply + 1));
        position_.undo(move);
        assert(position_.key() == key);  // the board is as it was before the move
        if (holds) break;
      }
      if (children.empty() && !problem_) {
        problem_ = "no move keeps the claim " + std::to_string(ply) + " plies deep";
      }
      // The prover names exactly one move, or the proof has failed.
      assert(children.size() == 1 || (children.empty() && problem_));
    } else {
      for (const Move move : moves) {
        position_.play(move);
        children.emplace_back(G::move_text(move), build_node(ply + 1));
        position_.undo(move);
        assert(position_.key() == key);  // the board is as it was before the move
      }
      // The opponent's every legal move.
      assert(children.size() == moves.size());
    }
    // Every child is a node of the proof, or the node past the limit that
    // was never made, with the proof then failed.
    assert(std::all_of(children.begin(), children.end(), [&](const auto& child) {
      return 0 <= child.second &&
             (child.second < static_cast<int>(proof_.nodes.size()) ||
              (problem_ && child.second == static_cast<int>(proof_.nodes.size())));
    }));
    proof_.nodes[static_cast<std::size_t>(index)].moves = std::move(children);
    return index;
  }

  // Does the position (at `ply`) still meet the claim, in the root side's terms?
  bool child_meets_claim(int ply) {
    // In the side to move's terms: at even plies it is the root side.
    const bool root_side = ply % 2 == 0;
    const Score bound = proof_.bound;
    if (proof_.claim == ProofClaim::kAtLeast) {
      return root_side ? value_at_least(ply, bound) : !value_at_least(ply, -bound + 1);
    }
    return root_side ? !value_at_least(ply, bound + 1) : value_at_least(ply, -bound);
  }

  // Is the value for the side to move, counted from the root, at least `bound`?
  bool value_at_least(int ply, Score bound) {
    assert(ply > 0);  // a child's, below the root
    int depth = kMaxPly - ply;
    if constexpr (HasPlyBound<G>) depth = std::min(depth, position_.max_plies_left() + 1);
    const Score threshold = score_to_table(bound, ply);
    SearchWorker<G> worker(position_, table_, abort_);
    return worker.search_root(std::max(depth, 1), threshold - 1, threshold) >= threshold;
  }

  void order_table_move_first(MoveList<Move>& moves) const {
    const auto entry = table_.probe(position_.key());
    if (entry) table_move_first<G>(moves, entry->move);
  }

  G position_;
  TranspositionTable& table_;
  StopConditions abort_;
  std::size_t max_positions_;
  Proof proof_;
  std::map<std::pair<std::uint64_t, int>, int> built_;
  std::optional<std::string> problem_;
};

}  // namespace brudno::engine
