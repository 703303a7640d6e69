#pragma once
// The selective search's own searches in a SearchWorker (the class is in
// search_worker.hpp), for games with HasSelectiveSearch: the null move
// before a node's moves, and the quiescence search at the horizon. The rules
// that decide when they apply are in selective_rules.hpp.

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <optional>

#include "engine/search_worker.hpp"

namespace brudno::engine {

// Before the moves: a node whose static value is far above beta returns it
// (reverse futility), and one where passing the turn still fails high
// returns that (null move). Off the principal line and out of check only.
template <Game G, bool kTeam, Width kWidth>
template <NodeType kNode>
inline std::optional<Score> SearchWorker<G, kTeam, kWidth>::prune_before_moves(
    const SearchNode<kNode>& node) requires HasSelectiveSearch<G> {
  static_assert(kNode != NodeType::kPv);
  if (is_decisive(node.beta)) return std::nullopt;
  if (Rules::beats_beta_by_far(node)) return node.static_eval;
  if (Rules::may_razor(node)) {
    const Score value = quiescence(node.ply, node.alpha, node.alpha + 1);
    if (tally_.aborted() || team_.unwinding_to(node.ply)) return unwound(node.ply);
    if (value <= node.alpha) return value;
  }
  if constexpr (HasNullMove<G>) {
    if (Rules::may_pass(node) && !stack_[node.ply].null_move_into && !verifying_null_ &&
        position_.has_non_pawn_material()) {
      return null_move(node);
    }
  }
  return std::nullopt;
}

// The side to move passes and the opponent, to move twice, searches at a
// reduced depth; if it still cannot get below beta the node fails high,
// verified by a search of the node itself where the depth is large.
template <Game G, bool kTeam, Width kWidth>
template <NodeType kNode>
inline std::optional<Score> SearchWorker<G, kTeam, kWidth>::null_move(
    const SearchNode<kNode>& node) requires HasNullMove<G> {
  const int reduction = Rules::null_reduction(node.depth);
  position_.play_null();
  stack_[node.ply + 1].null_move_into = true;
  stack_[node.ply + 1].move_into = 0;
  tally_.count();
  Score score = -negamax<NodeType::kAll>(node.depth - 1 - reduction, node.ply + 1, -node.beta,
                                         -node.beta + 1);
  stack_[node.ply + 1].null_move_into = false;
  position_.undo_null();
  assert(position_.key() == node.key);
  if (tally_.aborted() || team_.unwinding_to(node.ply)) return unwound(node.ply);
  if (score < node.beta) return std::nullopt;
  // A mate found after passing is no mate: the side to move could have moved.
  if (is_decisive(score)) score = node.beta;
  if (!Rules::verifies_pass(node.depth)) return score;
  verifying_null_ = true;
  Score verified = 0;
  {
    const SamePlyResearch research(stack_[node.ply]);
    verified = negamax<NodeType::kCut>(node.depth - reduction, node.ply, node.beta - 1, node.beta);
  }
  verifying_null_ = false;
  if (tally_.aborted() || team_.unwinding_to(node.ply)) return unwound(node.ply);
  if (verified >= node.beta) return score;
  return std::nullopt;
}

// Singular extension: is the table's move the only good one? The node is
// searched again at about half its depth without that move, against a
// bound a little below the table's value for it. If no other move reaches
// the bound, the table's move is searched one ply deeper (the ply's
// `extended`); if the others beat even the node's beta, so would the node:
// it fails high at once (the multi-cut; off the principal line, which must
// keep its line). The table's value for the move is a lower bound or exact
// (Rules::tests_singular), so a move that falls well short of it is worse
// than the table's move, not merely unsearched. The exclusion search runs
// at the node's own ply, inside a SamePlyResearch.
template <Game G, bool kTeam, Width kWidth>
template <NodeType kNode>
inline std::optional<Score> SearchWorker<G, kTeam, kWidth>::singular_extension(
    const SearchNode<kNode>& node, const TableEntry& entry) requires HasSelectiveSearch<G> {
  const Score table_value = score_from_table(entry.score, node.ply);
  if (is_decisive(table_value)) return std::nullopt;
  const Score bound = std::max(Rules::singular_beta(table_value, node.depth), -kInfinity + 1);
  Score value = 0;
  {
    const SamePlyResearch research(stack_[node.ply]);
    stack_[node.ply].excluded = entry.move;
    value = negamax<NodeType::kCut>(Rules::singular_depth(node.depth), node.ply, bound - 1, bound);
  }
  stack_[node.ply].pv_length = 0;
  if (tally_.aborted()) return std::nullopt;
  if (value < bound) {
    stack_[node.ply].extended = entry.move;
  } else if (!node.kPv && bound >= node.beta) {
    return bound;
  }
  return std::nullopt;
}

// The value at the horizon, once the exchanges are over: the side to move
// may stand pat on its static value or try its noisy moves (captures that
// do not lose material, promotions); in check it must answer the check.
template <Game G, bool kTeam, Width kWidth>
inline Score SearchWorker<G, kTeam, kWidth>::quiescence(int ply, Score alpha,
                                                        Score beta) requires HasSelectiveSearch<G> {
  assert(alpha < beta && score_holds(alpha) && score_holds(beta) && 0 <= ply && ply <= kMaxPly);
  stack_[ply].pv_length = 0;
  seldepth_ = std::max(seldepth_, ply);
  if (must_give_up()) return 0;
  if (position_.is_draw(ply)) return 0;
  if (ply >= kMaxPly) return position_.evaluate();
  const std::uint64_t key = position_.key();
  const std::optional<TableEntry> entry = table_.probe(key);
  if (entry) {
    if (const auto score = table_cutoff(*entry, ply, 0, alpha, beta)) return *score;
  }

  const bool in_check = position_.in_check();
  const Score original_alpha = alpha;
  Score best = -kInfinity;
  MoveList<Move> moves;
  if (in_check) {
    position_.legal_moves(moves);
    if (moves.empty()) return loss_in(ply);
  } else {
    best = position_.evaluate();
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
    position_.noisy_moves(moves);
  }
  std::optional<std::uint16_t> table_move;
  if (entry && entry->move) table_move = *entry->move;
  std::optional<Move> best_move;
  MovePicker<G> picker(position_, moves, table_move, ply, memory_.killers, memory_.history,
                       quiet_ordering(ply));
  while (const auto next = picker.next()) {
    const Move move = *next;
    if (!in_check && !position_.see_ge(move, 0)) continue;
    position_.play(move);
    tally_.count();
    stack_[ply + 1].move_into = static_cast<std::uint32_t>(history_slot<G>(move)) + 1u;
    const Score score = -quiescence(ply + 1, -beta, -alpha);
    position_.undo(move);
    assert(position_.key() == key);
    if (tally_.aborted() || team_.unwinding_to(ply)) return 0;
    if (score <= best) continue;
    best = score;
    best_move = move;
    if (score <= alpha) continue;
    alpha = score;
    if (score >= beta) break;
  }
  const Bound bound = best >= beta            ? Bound::kLower
                      : best > original_alpha ? Bound::kExact
                                              : Bound::kUpper;
  table_.store(
      key, TableEntry{score_to_table(best, ply), 0, bound,
                      best_move && bound != Bound::kUpper ? std::optional{move_bits<G>(*best_move)}
                                                          : std::nullopt});
  return best;
}

// What a node returns when a search below it was cut short: nothing of use
// when aborted, the table's score when another thread settled it.
template <Game G, bool kTeam, Width kWidth>
inline std::optional<Score> SearchWorker<G, kTeam, kWidth>::unwound(int ply) {
  if (!tally_.aborted()) {
    if (const auto settled = team_.take_settled(ply)) return *settled;
  }
  return Score{0};
}

}  // namespace brudno::engine
