#pragma once
// What a game offers a UCI session beyond the search, asked through
// GameFeatures<G>: a win/draw/loss model (UCI_ShowWDL), a strength limit
// calibrated in Elo (UCI_LimitStrength, UCI_Elo), a breakdown of its
// evaluation (`eval`) and options of its own. The primary template offers none of them; a game that
// has them specializes it (chess: protocol/chess_features.hpp), and the one
// file that makes the sessions (game_registry.cpp) includes the
// specializations, so that the generic session never names a game.

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/score.hpp"
#include "protocol/info_format.hpp"

namespace brudno::protocol {

template <class G>
struct GameFeatures {};

// The win, draw and loss chances of the side to move at `score`, in permille.
template <class G>
concept HasWdlModel = requires(const G& root) {
  { GameFeatures<G>::win_draw_loss(root, engine::Score{}) } -> std::same_as<WdlPerMille>;
};

// UCI_Elo's range and the strength-limit level (engine/strength_limit.hpp)
// that plays at an Elo within it.
template <class G>
concept HasStrengthLimit = requires(int elo) {
  { GameFeatures<G>::kLimitedEloMin } -> std::convertible_to<int>;
  { GameFeatures<G>::kLimitedEloMax } -> std::convertible_to<int>;
  { GameFeatures<G>::level_for_elo(elo) } -> std::convertible_to<double>;
};

// Options of the game's own beyond the generic ones (chess: EvalFile, Use
// NNUE), kept per session in GameFeatures<G>::Options: their `option name
// ...` lines; set_option, which answers nothing for a name not its own, an
// empty text when set, else the fault; configure, which makes a position of
// the session's search as the options say (chess: the network it evaluates
// with; a strength-limited session plays by the evaluation its Elo scale was
// calibrated with). is_host_option says which of them reach beyond the
// session onto the machine (chess's EvalFile reads a file there), which a
// server's clients may not set.
template <class G>
concept HasGameOptions = requires(typename GameFeatures<G>::Options& options, G& position,
                                  std::string_view name, std::string_view value,
                                  bool strength_limited) {
  { GameFeatures<G>::option_lines() } -> std::same_as<std::vector<std::string>>;
  { GameFeatures<G>::set_option(options, name, value) } -> std::same_as<std::optional<std::string>>;
  { GameFeatures<G>::is_host_option(name) } -> std::same_as<bool>;
  {
    GameFeatures<G>::configure(position, std::as_const(options), strength_limited)
    } -> std::same_as<void>;
};

// The session's state for those options: GameFeatures<G>::Options, or
// nothing for a game without.
template <class G>
struct GameOptionsOf {
  struct type {};
};
template <class G>
requires HasGameOptions<G>
struct GameOptionsOf<G> {
  using type = typename GameFeatures<G>::Options;
};

// The evaluation's terms as a table, for `eval`.
template <class G>
concept HasEvaluationBreakdown = requires(const G& position) {
  { GameFeatures<G>::evaluation_breakdown(position) } -> std::same_as<std::string>;
};

}  // namespace brudno::protocol
