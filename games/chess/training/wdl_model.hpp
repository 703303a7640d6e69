#pragma once
// UCI_ShowWDL: the chances of a win, a draw and a loss for the side to move,
// per mille, from its score and the material on the board. Stockfish's form
// of the model: P(win) = 1 / (1 + exp((a - x) / b)) for a score of x
// centipawns, P(loss) the same at -x, and the rest a draw; a and b are
// cubics in the material (pawn 1, minor 3, rook 5, queen 9, both sides,
// clamped to [17, 78], over 58), so that one pawn ahead means more in an
// endgame than with the queens on. The coefficients are fitted by
// `brudno fit-wdl` to the results of brudno's own games (docs/benchmarks.md,
// "Win, draw and loss model").

#include <array>

#include "engine/score.hpp"

namespace brudno::games {
class Chess;
}

namespace brudno::games::chess {

struct WinDrawLoss {
  int win = 0;
  int draw = 1000;
  int loss = 0;
};

struct WdlModel {
  std::array<double, 4> a;  // constant, then the coefficients of m, m^2, m^3
  std::array<double, 4> b;
};

// Fitted by `brudno fit-wdl` to 400 self-play games at 1+0.01 (see the
// header comment).
inline constexpr WdlModel kWdlModel = {{{308.946, -308.938, 1.536, 86.068}},
                                       {{128.544, 29.240, -51.057, 40.963}}};

inline constexpr int kWdlMaterialLow = 17;
inline constexpr int kWdlMaterialHigh = 78;
inline constexpr double kWdlMaterialScale = 58.0;

// The material the model reads: both sides, clamped to [17, 78].
int wdl_material(const Chess& position);

// The model's a and b at a material count.
double wdl_a(const WdlModel& model, int material);
double wdl_b(const WdlModel& model, int material);

// P(win) of a score, between 0 and 1.
double win_probability(const WdlModel& model, double score, int material);

// Per mille, summing to 1000; a decisive score is all win or all loss.
WinDrawLoss win_draw_loss(engine::Score score, int material, const WdlModel& model = kWdlModel);
// The same for a score of `root`'s side to move.
WinDrawLoss win_draw_loss(const Chess& root, engine::Score score);

}  // namespace brudno::games::chess
