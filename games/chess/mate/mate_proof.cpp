#include "games/chess/mate/mate_proof.hpp"

#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/score.hpp"

namespace brudno::games::chess {
namespace {

class MateProofBuilder {
 public:
  MateProofBuilder(MateSearch& search, std::size_t max_positions)
      : search_(search), max_positions_(max_positions) {}

  std::variant<engine::Proof, std::string> build(Move key, int moves) {
    proof_.claim = engine::ProofClaim::kAtLeast;
    proof_.bound = engine::win_in(2 * moves - 1);
    Chess& position = search_.position();
    const int root = new_node();
    position.play(key);
    const int child = defender_node(moves - 1, 1);
    position.undo(key);
    proof_.nodes[static_cast<std::size_t>(root)].moves = {{Chess::move_text(key), child}};
    if (problem_) return *problem_;
    proof_.root = root;
    return std::move(proof_);
  }

 private:
  int new_node() {
    if (proof_.nodes.size() >= max_positions_ && !problem_) {
      problem_ = "the proof would hold more than " + std::to_string(max_positions_) + " positions";
    }
    proof_.nodes.emplace_back();
    return static_cast<int>(proof_.nodes.size()) - 1;
  }

  // The node of the current position, made once: the FEN (with its clocks)
  // names a position as the checker compares them.
  std::pair<int, bool> node_for_position() {
    auto [found, added] = built_.try_emplace(search_.position().to_text(), 0);
    if (!added) return {found->second, false};
    found->second = new_node();
    return {found->second, true};
  }

  // The attacker to move, a mate within `moves` proved for it.
  int attacker_node(int moves, int ply) {
    const auto [index, fresh] = node_for_position();
    if (!fresh || problem_) return index;
    // A mate proved within `moves`, as short as known: the proof needs one,
    // not the shortest, and a shorter one keeps it small.
    const auto shortest = search_.mate_within(moves);
    const auto move = shortest ? search_.mating_move(*shortest) : std::nullopt;
    if (!move) {
      problem_ = search_.stopped() ? "stopped"
                                   : "no mate within " + std::to_string(moves) + " moves " +
                                         std::to_string(ply) + " plies deep";
      return index;
    }
    Chess& position = search_.position();
    position.play(*move);
    const int child = defender_node(*shortest - 1, ply + 1);
    position.undo(*move);
    proof_.nodes[static_cast<std::size_t>(index)].moves = {{Chess::move_text(*move), child}};
    return index;
  }

  // The defender to move, mated now or within `moves` whatever it plays.
  int defender_node(int moves, int ply) {
    const auto [index, fresh] = node_for_position();
    if (!fresh || problem_) return index;
    Chess& position = search_.position();
    MoveList replies;
    position.legal_moves(replies);
    if (replies.empty()) {
      if (!position.in_check()) problem_ = "stalemate " + std::to_string(ply) + " plies deep";
      proof_.nodes[static_cast<std::size_t>(index)].leaf_value = engine::win_in(ply);
      return index;
    }
    if (moves == 0) {
      problem_ = "the defender is not mated " + std::to_string(ply) + " plies deep";
      return index;
    }
    std::vector<std::pair<std::string, int>> children;
    for (const Move reply : replies) {
      position.play(reply);
      children.emplace_back(Chess::move_text(reply), attacker_node(moves, ply + 1));
      position.undo(reply);
      if (problem_) return index;
    }
    proof_.nodes[static_cast<std::size_t>(index)].moves = std::move(children);
    return index;
  }

  MateSearch& search_;
  std::size_t max_positions_;
  engine::Proof proof_;
  std::unordered_map<std::string, int> built_;
  std::optional<std::string> problem_;
};

}  // namespace

std::variant<engine::Proof, std::string> build_mate_proof(MateSearch& search, Move key, int moves,
                                                          std::size_t max_positions) {
  if (moves < 1) return std::string("a mate takes at least one move");
  return MateProofBuilder(search, max_positions).build(key, moves);
}

}  // namespace brudno::games::chess
