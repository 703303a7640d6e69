#pragma once
// The parameters of the selective search (selective_rules.hpp): what it
// prunes and reduces, and by how much. The margins are in the game's
// evaluation units; each game with a selective search sets its own,
// `static constexpr engine::Selectivity kSelectivity{...}` (HasSelectiveSearch
// in engine/game.hpp; chess: games/chess/chess.hpp), and the search reads
// them by selectivity<G>().
// Games without a selective search never use any of it: their search is the
// full-width one, whose node counts are the bench signature's.

#include <algorithm>
#include <array>
#include <cmath>

#include "engine/score.hpp"

namespace brudno::engine {

struct Selectivity {
  // Null-move pruning: from this depth; reduction R = base + depth / divisor;
  // from `verify_depth` on, a null move that fails high is verified by a
  // search of the node itself at depth - R without null moves.
  int null_min_depth;
  int null_base_reduction;
  int null_depth_divisor;
  int null_verify_depth;
  // Reverse futility (static null move): at most this deep, a node whose
  // static value beats beta by margin x depth returns it.
  int reverse_futility_depth;
  Score reverse_futility_margin;
  // Futility: at most this deep, a quiet move is skipped when the static
  // value plus base + margin x depth cannot reach alpha.
  int futility_depth;
  Score futility_base;
  Score futility_margin;
  // Razoring: at most this deep (0: never), a node whose static value plus
  // margin x depth stays at or below alpha is searched by the quiescence
  // search alone against alpha; if that agrees, the node fails low with it.
  int razor_depth = 0;
  Score razor_margin = 0;
  // Late-move reductions: from this depth, quiet moves after the first
  // `lmr_min_moves` are searched shallower first, by
  // lmr_base + log(depth) x log(move number) / lmr_divisor plies.
  int lmr_min_depth;
  int lmr_min_moves;
  double lmr_base;
  double lmr_divisor;
  // Late-move pruning: at most this deep, quiet moves after the first
  // lmp_base + depth x depth are skipped.
  int lmp_depth;
  int lmp_base;
  // Static exchange pruning at shallow depths: a capture losing more than
  // margin x depth in the exchange is skipped.
  int see_prune_depth;
  Score see_prune_margin;
  // The same for quiet moves, which lose material by standing where they
  // can be taken: at most this deep (0: never), one that loses more than
  // margin x depth is skipped.
  int see_quiet_depth = 0;
  Score see_quiet_margin = 0;
  // History pruning: at most this deep (0: never), a quiet move whose
  // history (its own and after the moves before it) is below -margin x
  // depth is skipped.
  int history_prune_depth = 0;
  int history_prune_margin = 0;
  // Singular extensions: from this depth (0: never), where the table's move
  // has a lower bound or an exact value at most `singular_depth_slack` plies
  // shallower, the node is searched without that move at half the depth
  // against the table's value less margin x depth. If no other move reaches
  // it, the table's move is singular and is searched one ply deeper; if the
  // others still beat the node's beta, the node fails high at once.
  int singular_min_depth = 0;
  int singular_depth_slack = 3;
  Score singular_margin = 2;
  // Internal iterative reduction: from this depth (0: never), a node off
  // the principal line whose position the table holds no move for is
  // searched a ply shallower. Without a move to try first its search costs
  // more and is likely an unexpected one; a later visit finds the move this
  // one leaves in the table.
  int iir_min_depth = 0;
  // ProbCut: from this depth (0: never), off the principal line and out of
  // check, a capture whose exchange alone would lift the static value to
  // beta + margin is searched `probcut_reduction` plies shallower against
  // that raised bound; if it holds, so would the full search of the node
  // at beta, and the node fails high.
  int probcut_min_depth = 0;
  Score probcut_margin = 0;
  int probcut_reduction = 4;
};

// Late-move reductions by depth and move number, computed once.
class ReductionTable {
 public:
  static constexpr int kSize = 64;
  explicit ReductionTable(const Selectivity& selectivity) {
    for (int depth = 1; depth < kSize; ++depth) {
      for (int moves = 1; moves < kSize; ++moves) {
        const double plies = selectivity.lmr_base + std::log(static_cast<double>(depth)) *
                                                        std::log(static_cast<double>(moves)) /
                                                        selectivity.lmr_divisor;
        table_[depth][moves] = std::max(0, static_cast<int>(plies));
      }
    }
  }
  [[nodiscard]] int at(int depth, int moves) const {
    return table_[std::min(depth, kSize - 1)][std::min(moves, kSize - 1)];
  }

 private:
  std::array<std::array<int, kSize>, kSize> table_{};
};

}  // namespace brudno::engine
