#pragma once
// Chess's features beyond the search (see game_features.hpp): the fitted
// win/draw/loss model, UCI_Elo calibrated against Stockfish 15.1, the
// evaluation's breakdown by term (and the network's score when it is in
// use), and the session's choice of network: EvalFile and Use NNUE
// (docs/nnue.md).

#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/score.hpp"
#include "games/chess/chess.hpp"
#include "games/chess/eval/evaluation.hpp"
#include "games/chess/eval/nnue/active_network.hpp"
#include "games/chess/eval/nnue/evaluate.hpp"
#include "games/chess/strength.hpp"
#include "games/chess/training/wdl_model.hpp"
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

  // The hand-written evaluation's terms; with the network set on the
  // position, its score after them, the one the search uses.
  static std::string evaluation_breakdown(const games::Chess& position) {
    std::string text = games::chess::eval::breakdown(position);
    if (const auto* network = position.network()) {
      const int own =
          games::chess::nnue::evaluate(position, *network, games::chess::nnue::engine_simd_path());
      const int white = position.side_to_move() == 0 ? own : -own;
      text += "NNUE evaluation: " + signed_pawns(white) + " (white side), from network " +
              network->name + " (" + games::chess::nnue::network_shape(*network) + ", " +
              games::chess::nnue::simd_path_name(games::chess::nnue::engine_simd_path()) +
              "): the evaluation in use\n";
    }
    return text;
  }

  // A session's choice of evaluation.
  struct Options {
    // Use NNUE: the network evaluates (the default since net 2 was accepted
    // by an SPRT against the hand-written evaluation, docs/benchmarks.md).
    bool use_network = true;
    // EvalFile: the network it evaluates with.
    const games::chess::nnue::Network* network = &games::chess::nnue::embedded_network();
  };

  static std::vector<std::string> option_lines() {
    return {std::string("option name EvalFile type string default ") +
                games::chess::nnue::kEmbeddedNetworkName,
            "option name Use NNUE type check default true"};
  }

  // EvalFile reads a file of the machine the engine runs on.
  static bool is_host_option(std::string_view name) {
    return equals_ignoring_case(name, "EvalFile");
  }

  static std::optional<std::string> set_option(Options& options, std::string_view name,
                                               std::string_view value) {
    if (equals_ignoring_case(name, "EvalFile")) {
      // The network stays when the file is refused.
      const auto loaded = games::chess::nnue::load_network(std::string(value));
      if (!loaded.network)
        return "EvalFile refused, the network stays " + options.network->name + ": " + loaded.fault;
      options.network = loaded.network;
      return std::string{};
    }
    if (equals_ignoring_case(name, "Use NNUE")) {
      const auto on = read_check_value(value);
      if (!on) return "Use NNUE is true or false, not " + quoted_excerpt(value);
      options.use_network = *on;
      return std::string{};
    }
    return std::nullopt;
  }

  // The network the session's searches evaluate with. UCI_Elo's scale was
  // calibrated with the hand-written evaluation (games/chess/strength.hpp),
  // so a strength-limited session plays by it.
  static void configure(games::Chess& position, const Options& options, bool strength_limited) {
    position.set_network(options.use_network && !strength_limited ? options.network : nullptr);
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
