#pragma once
// The moves of a SearchWorker's node (the class is in search_worker.hpp;
// the root's filter and the children's prefetch are worker_parts.hpp's): a
// child's entry that refutes the node (enhanced transposition cut-off),
// then the move loop: each move in the picker's order, the eldest
// with the node's window, the younger ones with a null window first
// (principal-variation search), reduced first where the selective search
// says so, and re-searched where the principal line needs their exact
// value. A cut-off teaches the ordering memory (killers, histories, counter
// moves).
//
// In a team, a move that another worker is already searching is put off
// until the rest are done: by then its value is likely in the table. The
// eldest brother is put off only at an expected all-node, where every move
// needs searching anyway; at a cut-node the eldest is the likely refutation
// and the others likely wasted, so there the threads search it together and
// share out the moves below it.

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine/search_worker.hpp"

namespace brudno::engine {

template <Game G, bool kTeam, Width kWidth>
inline void SearchWorker<G, kTeam, kWidth>::leave_out(MoveList<Move>& moves, std::uint16_t bits) {
  std::size_t kept = 0;
  for (const Move move : moves) {
    if (move_bits<G>(move) != bits) moves[kept++] = move;
  }
  moves.resize(kept);
}

// Enhanced transposition cut-off: a child whose table entry already refutes
// it from the opponent's side cuts this node without a search. The
// children's lines are on their way to the cache (prefetch_children).
template <Game G, bool kTeam, Width kWidth>
template <NodeType kNode>
inline std::optional<Score> SearchWorker<G, kTeam, kWidth>::transposition_cutoff(
    const SearchNode<kNode>& node, const MoveList<Move>& moves) {
  if (node.depth < kEtcMinDepth || moves.size() < 2 ||
      tally_.nodes() - root_search_nodes_ < kEtcAfterNodes) {
    return std::nullopt;
  }
  for (const Move move : moves) {
    position_.play(move);
    const auto child = table_.probe(position_.key());
    position_.undo(move);
    if (!child || child->depth < node.depth - 1 || child->bound == Bound::kLower) continue;
    const Score score = -score_from_table(child->score, node.ply + 1);
    if (score >= node.beta) {
      assert_own_frame(node);
      table_.store(node.key, TableEntry{score_to_table(score, node.ply), node.depth, Bound::kLower,
                                        move_bits<G>(move)});
      return score;
    }
  }
  return std::nullopt;
}

template <Game G, bool kTeam, Width kWidth>
template <NodeType kNode>
inline MoveLoop<G> SearchWorker<G, kTeam, kWidth>::search_moves(
    const SearchNode<kNode>& node, MoveList<Move>& moves, std::optional<std::uint16_t> table_move,
    bool share) {
  Loop loop;
  loop.alpha = node.alpha;
  loop.share = share;
  const bool eldest_may_wait = kNode == NodeType::kAll;
  MoveList<Move> deferred;
  MovePicker<G> picker(position_, moves, table_move, node.ply, memory_.killers, memory_.history,
                       quiet_ordering(node.ply));
  bool done = false;
  while (const auto next = picker.next()) {
    if (node.ply == 0 && on_root_move_) on_root_move_(*next, loop.searched + 1);
    const Step step = search_child(node, *next, share && (!loop.first || eldest_may_wait), loop);
    if (step == Step::kPutOff) deferred.push_back(*next);
    if ((done = step == Step::kDone)) break;
  }
  for (std::size_t i = 0; !done && i < deferred.size(); ++i) {
    done = search_child(node, deferred[i], false, loop) == Step::kDone;
  }
  return loop;
}

template <Game G, bool kTeam, Width kWidth>
template <NodeType kNode>
inline auto SearchWorker<G, kTeam, kWidth>::search_child(const SearchNode<kNode>& node, Move move,
                                                         bool may_put_off, Loop& loop) -> Step {
  int reduction = 0;
  bool quiet = false;
  if constexpr (HasSelectiveSearch<G>) {
    if constexpr (kSelective) {
      const MoveShape shape = Rules::shape_of(position_, move);
      if (Rules::prunes(position_, node, loop, move, shape)) return Step::kNext;
      reduction = Rules::reduction(node, loop, shape, memory_.killers, move_bits<G>(move));
      quiet = shape.quiet;
    }
  }
  const std::uint16_t bits = move_bits<G>(move);
  const std::size_t slot = history_slot<G>(move);
  const int extension = stack_[node.ply].extended == bits ? 1 : 0;
  if (extension > 0) reduction = 0;
  position_.play(move);
  const std::uint64_t child = position_.key();
  if (loop.share && !team_.claim(child, may_put_off)) {
    position_.undo(move);
    return Step::kPutOff;
  }
  tally_.count();
  stack_[node.ply + 1].move_into = static_cast<std::uint32_t>(slot) + 1u;
  const Score score = search_child_window(node, loop, reduction, extension);
  if (loop.share) team_.release(child);
  position_.undo(move);
  assert(position_.key() == node.key);  // the board is as it was before the move
  if (tally_.aborted() || team_.unwinding_to(node.ply)) return Step::kDone;
  assert(score_holds(score));
  loop.first = false;
  ++loop.searched;

  if (score > loop.best) {
    loop.best = score;
    loop.best_move = move;
    if (score > loop.alpha) {
      loop.alpha = score;
      if constexpr (kNode == NodeType::kPv) stack_.update_pv(node.ply, move);
      if (score >= node.beta) {
        record_cutoff(node, loop, bits, slot, quiet);
        return Step::kDone;
      }
    }
  }
  if (quiet && loop.quiet_count < static_cast<int>(loop.quiets.size())) {
    loop.quiets[static_cast<std::size_t>(loop.quiet_count++)] = static_cast<std::uint16_t>(slot);
  }
  return Step::kNext;
}

// The child's value: the eldest brother with the node's window, the others
// with a null window first, reduced by `reduction` plies first where the
// selective search says so; a singular move `extension` plies deeper.
template <Game G, bool kTeam, Width kWidth>
template <NodeType kNode>
inline Score SearchWorker<G, kTeam, kWidth>::search_child_window(const SearchNode<kNode>& node,
                                                                 const Loop& loop, int reduction,
                                                                 int extension) {
  const int depth = node.depth - 1 + extension;
  const int ply = node.ply + 1;
  if (loop.first) {
    return -negamax<eldest_child_type(kNode)>(depth, ply, -node.beta, -loop.alpha);
  }
  Score score = -kInfinity;
  if (reduction > 0) {
    score = -negamax<kYoungerChildType>(depth - reduction, ply, -loop.alpha - 1, -loop.alpha);
    if (tally_.aborted() || team_.unwinding_to(node.ply) || score <= loop.alpha) return score;
  }
  score = -negamax<kYoungerChildType>(depth, ply, -loop.alpha - 1, -loop.alpha);
  if constexpr (kNode == NodeType::kPv) {
    if (score > loop.alpha && score < node.beta) {
      score = -negamax<NodeType::kPv>(depth, ply, -node.beta, -loop.alpha);
    }
  }
  return score;
}

// What a cut-off teaches the ordering: the killer of the ply and the
// history. The selective search keeps them for quiet moves only, and also
// takes the history of the quiet moves that failed before it down, and
// records the move as the counter to the opponent's last.
template <Game G, bool kTeam, Width kWidth>
template <NodeType kNode>
inline void SearchWorker<G, kTeam, kWidth>::record_cutoff(const SearchNode<kNode>& node,
                                                          const Loop& loop, std::uint16_t bits,
                                                          std::size_t slot, bool quiet) {
  if constexpr (!kSelectiveGame) {
    memory_.killers.record(node.ply, bits);
    memory_.history.reward(slot, node.depth);
    return;
  }
  if (!quiet) return;
  memory_.killers.record(node.ply, bits);
  const int side = position_.side_to_move();
  const int bonus = QuietHistory::bonus_for(node.depth);
  memory_.quiet.update(side, slot, bonus);
  for (int i = 0; i < loop.quiet_count; ++i) {
    memory_.quiet.update(side, loop.quiets[static_cast<std::size_t>(i)], -bonus);
  }
  if (const std::uint32_t previous = stack_[node.ply].move_into; previous != 0) {
    memory_.quiet.set_counter(previous - 1, bits);
  }
}

template <Game G, bool kTeam, Width kWidth>
inline QuietOrdering SearchWorker<G, kTeam, kWidth>::quiet_ordering(int ply) const {
  if constexpr (!kSelectiveGame) return {};
  QuietOrdering ordering{&memory_.quiet, position_.side_to_move(), std::nullopt};
  if (const std::uint32_t previous = stack_[ply].move_into; previous != 0) {
    ordering.counter = memory_.quiet.counter(previous - 1);
  }
  return ordering;
}

}  // namespace brudno::engine
