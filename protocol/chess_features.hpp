#pragma once
// Chess's features beyond the search (see game_features.hpp): the fitted
// win/draw/loss model, UCI_Elo calibrated against Stockfish 15.1, the
// evaluation's breakdown by term (and the network's score when it is in
// use), and the network's options: EvalFile and Use NNUE (docs/nnue.md).

#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/score.hpp"
#include "games/chess/chess.hpp"
#include "games/chess/evaluation.hpp"
#include "games/chess/nnue/active_network.hpp"
#include "games/chess/nnue/evaluate.hpp"
#include "games/chess/strength.hpp"
#include "games/chess/wdl_model.hpp"
#include "protocol/client_text.hpp"
#include "protocol/game_features.hpp"
#include "protocol/info_format.hpp"
#include "protocol/tokens.hpp"

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

  // The hand-written evaluation's terms; with the network in use, its score
  // after them, the one the search uses.
  static std::string evaluation_breakdown(const games::Chess& position) {
    std::string text = games::chess::eval::breakdown(position);
    if (const auto* network = games::chess::nnue::network_in_use()) {
      const int own =
          games::chess::nnue::evaluate(position, *network, games::chess::nnue::engine_simd_path());
      const int white = position.side_to_move() == 0 ? own : -own;
      text += "NNUE evaluation: " + signed_pawns(white) + " (white side), from network " +
              network->name + " (" + std::to_string(network->hidden) + "x2-" +
              std::to_string(network->l1) + "-" + std::to_string(network->l2) + "-1, " +
              games::chess::nnue::simd_path_name(games::chess::nnue::engine_simd_path()) +
              "): the evaluation in use\n";
    }
    return text;
  }

  static std::vector<std::string> option_lines() {
    return {std::string("option name EvalFile type string default ") +
                games::chess::nnue::kEmbeddedNetworkName,
            "option name Use NNUE type check default false"};
  }

  // The network and the choice of it are the process's (the search's
  // evaluate() takes no argument to carry a session's).
  static bool is_process_option(std::string_view name) {
    return equals_ignoring_case(name, "EvalFile") || equals_ignoring_case(name, "Use NNUE");
  }

  static std::optional<std::string> set_option(std::string_view name, std::string_view value) {
    if (equals_ignoring_case(name, "EvalFile")) {
      // The current network stays when the file is refused.
      if (auto fault = games::chess::nnue::load_network(std::string(value)))
        return "EvalFile refused, the network stays " + games::chess::nnue::current_network().name +
               ": " + *fault;
      return std::string{};
    }
    if (equals_ignoring_case(name, "Use NNUE")) {
      const auto on = read_check_value(value);
      if (!on) return "Use NNUE is true or false, not " + quoted_excerpt(value);
      games::chess::nnue::use_network(*on);
      return std::string{};
    }
    return std::nullopt;
  }

 private:
  // Centipawns as pawns with a sign and two decimals, as the breakdown writes them.
  static std::string signed_pawns(int centipawns) {
    const int magnitude = std::abs(centipawns);
    std::string cents = std::to_string(magnitude % 100);
    if (cents.size() < 2) cents = "0" + cents;
    return (centipawns < 0 ? "-" : "+") + std::to_string(magnitude / 100) + "." + cents;
  }
};

static_assert(HasWdlModel<games::Chess> && HasStrengthLimit<games::Chess> &&
              HasEvaluationBreakdown<games::Chess> && HasGameOptions<games::Chess>);

}  // namespace brudno::protocol
