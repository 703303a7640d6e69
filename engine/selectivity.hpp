#pragma once
// The selective search of games with quiescence (chess): what it prunes and
// reduces, and by how much. The margins are in the game's evaluation units
// (centipawns for chess); a game sets its own with `static constexpr
// Selectivity kSelectivity`. Games without the quiescence hooks never use
// any of it: their search is the full-width one, whose node counts are the
// bench signature's.

#include <algorithm>
#include <array>
#include <cmath>

#include "engine/game.hpp"
#include "engine/score.hpp"

namespace brudno::engine {

struct Selectivity {
  // Null-move pruning: from this depth; reduction R = base + depth / divisor;
  // from `verify_depth` on, a null move that fails high is verified by a
  // search of the node itself at depth - R without null moves.
  int null_min_depth = 3;
  int null_base_reduction = 3;
  int null_depth_divisor = 4;
  int null_verify_depth = 12;
  // Reverse futility (static null move): at most this deep, a node whose
  // static value beats beta by margin x depth returns it.
  int reverse_futility_depth = 7;
  Score reverse_futility_margin = 90;
  // Futility: at most this deep, a quiet move is skipped when the static
  // value plus base + margin x depth cannot reach alpha.
  int futility_depth = 3;
  Score futility_base = 100;
  Score futility_margin = 100;
  // Late-move reductions: from this depth, quiet moves after the first
  // `lmr_min_moves` are searched shallower first, by
  // lmr_base + log(depth) x log(move number) / lmr_divisor plies.
  int lmr_min_depth = 3;
  int lmr_min_moves = 3;
  double lmr_base = 0.75;
  double lmr_divisor = 2.25;
  // Late-move pruning: at most this deep, quiet moves after the first
  // lmp_base + depth x depth are skipped.
  int lmp_depth = 8;
  int lmp_base = 3;
  // Static exchange pruning at shallow depths: a capture losing more than
  // margin x depth in the exchange is skipped.
  int see_prune_depth = 4;
  Score see_prune_margin = 100;
};

template <Game G>
constexpr Selectivity selectivity() {
  if constexpr (requires { G::kSelectivity; }) {
    return G::kSelectivity;
  } else {
    return {};
  }
}

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
