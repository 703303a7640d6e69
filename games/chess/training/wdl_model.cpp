#include "games/chess/training/wdl_model.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "games/chess/chess.hpp"

namespace brudno::games::chess {
namespace {

double cubic(const std::array<double, 4>& c, int material) {
  const double m = material / kWdlMaterialScale;
  return ((c[3] * m + c[2]) * m + c[1]) * m + c[0];
}

}  // namespace

int wdl_material(const Chess& position) {
  const int units = std::popcount(position.pieces(kPawn)) +
                    3 * std::popcount(position.pieces(kKnight) | position.pieces(kBishop)) +
                    5 * std::popcount(position.pieces(kRook)) +
                    9 * std::popcount(position.pieces(kQueen));
  return std::clamp(units, kWdlMaterialLow, kWdlMaterialHigh);
}

double wdl_a(const WdlModel& model, int material) {
  return cubic(model.a, material);
}

double wdl_b(const WdlModel& model, int material) {
  // A scale of at least a centipawn: the fit keeps it positive, this keeps
  // a hand-set model from dividing by zero.
  return std::max(cubic(model.b, material), 1.0);
}

double win_probability(const WdlModel& model, double score, int material) {
  return 1.0 / (1.0 + std::exp((wdl_a(model, material) - score) / wdl_b(model, material)));
}

WinDrawLoss win_draw_loss(engine::Score score, int material, const WdlModel& model) {
  if (engine::is_decisive(score))
    return score > 0 ? WinDrawLoss{1000, 0, 0} : WinDrawLoss{0, 0, 1000};
  const int win = static_cast<int>(std::lround(1000 * win_probability(model, score, material)));
  const int loss = static_cast<int>(std::lround(1000 * win_probability(model, -score, material)));
  // a > 0 leaves room for draws; a model that does not is read as no draws.
  const int draw = std::max(1000 - win - loss, 0);
  return {win, draw, 1000 - win - draw};
}

WinDrawLoss win_draw_loss(const Chess& root, engine::Score score) {
  return win_draw_loss(score, wdl_material(root));
}

}  // namespace brudno::games::chess
