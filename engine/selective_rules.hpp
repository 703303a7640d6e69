#pragma once
// The rules of the selective search (games with HasSelectiveSearch: chess):
// which nodes return before their moves, which moves are left out, and which
// are searched shallower first. Each rule reads the node, the state of its
// move loop and the move's shape, and decides; the search applies it
// (search_worker.hpp). The margins and depths
// are the game's Selectivity (selectivity.hpp). None of it applies to the
// principal line's exactness: every rule here is off the principal line or
// only shortens a search that is re-searched when it beats alpha.

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <optional>

#include "engine/game.hpp"
#include "engine/move_ordering.hpp"
#include "engine/score.hpp"
#include "engine/search_node.hpp"
#include "engine/selectivity.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

// What the rules ask of a move, asked once. Whether it gives check is not
// among it: that costs the most, and only a move a rule would leave out
// needs the answer (SelectiveRules::prunes()).
struct MoveShape {
  bool quiet = true;  // neither a capture nor a promotion
  bool capture = false;
  // A quiet move's history (SelectiveOrdering::value()): how it did here and
  // after the moves before it.
  int history = 0;
};

template <Game G>  // asked only for games with HasSelectiveSearch
class SelectiveRules {
 public:
  using Move = typename G::Move;

  static MoveShape shape_of(const G& position, Move move) {
    const bool capture = position.is_capture(move);
    return {!capture && !position.is_promotion(move), capture};
  }

  // Reverse futility (static null move): a node whose static value is far
  // above beta returns it. Off the principal line and out of check only.
  template <NodeType kNode>
  static bool beats_beta_by_far(const SearchNode<kNode>& node) {
    return node.depth <= kRules.reverse_futility_depth &&
           node.static_eval - kRules.reverse_futility_margin * node.depth >= node.beta;
  }

  // Razoring: near the horizon, a node whose static value is far below
  // alpha is asked of the quiescence search first. Off the principal line
  // and out of check only.
  template <NodeType kNode>
  static bool may_razor(const SearchNode<kNode>& node) {
    return node.depth <= kRules.razor_depth &&
           node.static_eval + kRules.razor_margin * node.depth <= node.alpha;
  }

  // Null move: deep enough, and standing at or above beta, the side to move
  // passes; if the opponent still cannot get below beta, the node fails high.
  template <NodeType kNode>
  static bool may_pass(const SearchNode<kNode>& node) {
    return node.depth >= kRules.null_min_depth && node.static_eval >= node.beta;
  }
  static int null_reduction(int depth) {
    return kRules.null_base_reduction + depth / kRules.null_depth_divisor;
  }
  // Deep down, zugzwang could make a pass look better than every move: the
  // node itself, searched without null moves, must agree.
  static bool verifies_pass(int depth) { return depth >= kRules.null_verify_depth; }

  // Skips a move that cannot matter near the horizon: a quiet one late in
  // the list (late-move pruning), whose best outcome, the static value
  // plus a margin, stays at or below alpha (futility), whose history is
  // poor, or that loses material where it stands; or a capture that loses
  // too much in the exchange. Only once a move has been searched, off
  // the principal line and out of check, never a check. Whether the move
  // gives check is asked last, of the moves a rule would leave out only:
  // most moves are searched, and for them the answer would be wasted.
  template <NodeType kNode>
  static bool prunes(const G& position, const SearchNode<kNode>& node, const MoveLoop<G>& loop,
                     Move move, const MoveShape& shape) {
    if (loop.first || node.kPv || node.in_check || is_decisive(loop.best) ||
        loop.best == -kInfinity) {
      return false;
    }
    return would_leave_out(position, node, loop, move, shape) && !position.gives_check(move);
  }

  // Singular extensions: whether the node asks if its table move is the only
  // good one, and the exclusion search's bound and depth.
  static bool tests_singular(int depth, const TableEntry& entry) {
    return kRules.singular_min_depth > 0 && depth >= kRules.singular_min_depth && entry.move &&
           entry.bound != Bound::kUpper && entry.depth >= depth - kRules.singular_depth_slack;
  }
  static Score singular_beta(Score table_value, int depth) {
    return table_value - kRules.singular_margin * depth;
  }
  static int singular_depth(int depth) { return (depth - 1) / 2; }

  // ProbCut (Selectivity::probcut_min_depth): whether the node tries its
  // good captures at a reduced depth against beta raised by the margin,
  // and that raised bound (nothing where it would reach the mate scores).
  // A table entry at least as deep as that search that already bounds the
  // node below the raised bound says the captures will not reach it.
  template <NodeType kNode>
  static std::optional<Score> probcut_beta(const SearchNode<kNode>& node,
                                           const std::optional<TableEntry>& entry, Score table_value) {
    if (kRules.probcut_min_depth == 0 || node.depth < kRules.probcut_min_depth ||
        is_decisive(node.beta)) {
      return std::nullopt;
    }
    const Score raised = node.beta + kRules.probcut_margin;
    if (is_decisive(raised)) return std::nullopt;
    if (entry && entry->bound != Bound::kLower && table_value < raised &&
        entry->depth >= probcut_depth(node.depth) + 1) {
      return std::nullopt;
    }
    return raised;
  }
  // The depth ProbCut searches a capture's reply to, and the depth its
  // lower bound is stored with.
  static int probcut_depth(int depth) { return depth - kRules.probcut_reduction; }

  // Internal iterative reduction (Selectivity::iir_min_depth): whether a
  // node off the principal line without a table move is searched a ply
  // shallower.
  static bool reduces_without_table_move(int depth) {
    return kRules.iir_min_depth > 0 && depth >= kRules.iir_min_depth;
  }

  // Late-move reductions: a quiet move late in the order is first searched
  // shallower (up to two plies fewer or more by its history); only if it
  // then beats alpha is it searched at full depth. Never the first move, a move out of check,
  // or a killer; a check is reduced like any quiet move (its answer is searched a ply deeper);
  // every one a ply more after a table move that captures.
  template <NodeType kNode>
  static int reduction(const SearchNode<kNode>& node, const MoveLoop<G>& loop,
                       const MoveShape& shape, const KillerTable& killers, std::uint16_t bits) {
    if (loop.first || !shape.quiet || node.in_check || node.depth < kRules.lmr_min_depth ||
        loop.searched < kRules.lmr_min_moves || killers.is_killer(node.ply, bits)) {
      return 0;
    }
    int plies = reductions_.at(node.depth, loop.searched + 1);
    if (node.kPv) --plies;
    if (loop.table_move_captures) ++plies;
    // A move with a good history is reduced less, one with a bad one more.
    plies -= std::clamp(shape.history / kHistoryPerPly, -2, 2);
    return std::clamp(plies, 0, node.depth - 2);
  }

 private:
  static constexpr Selectivity kRules = selectivity<G>();

  // The pruning rules of prunes(), but for its exceptions.
  template <NodeType kNode>
  static bool would_leave_out(const G& position, const SearchNode<kNode>& node,
                              const MoveLoop<G>& loop, Move move, const MoveShape& shape) {
    if (shape.quiet) {
      // Late-move pruning: this far down a well-ordered list, a quiet move
      // near the horizon hardly ever cuts.
      if (node.depth <= kRules.lmp_depth &&
          loop.searched >= kRules.lmp_base + node.depth * node.depth) {
        return true;
      }
      if (node.depth <= kRules.futility_depth &&
          node.static_eval + kRules.futility_base + kRules.futility_margin * node.depth <=
              loop.alpha) {
        return true;
      }
      // A move that has failed here and after the moves before it, or
      // that stands where it is lost, hardly ever cuts near the horizon.
      if (node.depth <= kRules.history_prune_depth &&
          shape.history < -kRules.history_prune_margin * node.depth) {
        return true;
      }
      return node.depth <= kRules.see_quiet_depth &&
             !position.see_ge(move, -kRules.see_quiet_margin * node.depth);
    }
    return node.depth <= kRules.see_prune_depth &&
           !position.see_ge(move, -kRules.see_prune_margin * node.depth);
  }
  // The history (SelectiveOrdering::value()) that changes a reduction by a ply.
  static constexpr int kHistoryPerPly = 5000;
  inline static const ReductionTable reductions_{kRules};
};

}  // namespace brudno::engine
