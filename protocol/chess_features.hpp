#pragma once
// Chess's features beyond the search (see game_features.hpp): the fitted
// win/draw/loss model, UCI_Elo calibrated against Stockfish 15.1, and the
// evaluation's breakdown by term.

#include <string>

#include "engine/score.hpp"
#include "games/chess/chess.hpp"
#include "games/chess/evaluation.hpp"
#include "games/chess/strength.hpp"
#include "games/chess/wdl_model.hpp"
#include "protocol/game_features.hpp"
#include "protocol/info_format.hpp"

namespace brudno::protocol {

template <>
struct GameFeatures<games::Chess> {
  static WdlPerMille win_draw_loss(const games::Chess& root, engine::Score score) {
    const auto wdl = games::chess::win_draw_loss(root, score);
    return {wdl.win, wdl.draw, wdl.loss};
  }

  static constexpr int kLimitedEloMin = games::chess::kLimitedEloMin;
  static constexpr int kLimitedEloMax = games::chess::kLimitedEloMax;
  static constexpr double level_for_elo(int elo) { return games::chess::level_for_elo(elo); }

  static std::string evaluation_breakdown(const games::Chess& position) {
    return games::chess::eval::breakdown(position);
  }
};

static_assert(HasWdlModel<games::Chess> && HasStrengthLimit<games::Chess> &&
              HasEvaluationBreakdown<games::Chess>);

}  // namespace brudno::protocol
