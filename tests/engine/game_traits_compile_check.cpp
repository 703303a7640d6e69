// A game's traits are checked where they are declared: each case below is
// compiled on its own (tests/engine/CMakeLists.txt, GameTraits.*) and the
// test passes when the good one compiles and every other fails to, with the
// error that names the fault. Without these checks a misspelt trait would
// compile and the engine would take the default silently; a game states the
// optional hooks it has by a static_assert beside its class, which fails
// where a hook's function is misspelt.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/aspiration.hpp"
#include "engine/game.hpp"

namespace {

using brudno::engine::GameTraits;
using brudno::engine::MoveList;
using brudno::engine::Score;
using brudno::engine::Status;

// The smallest game: only its declarations, enough for the concept.
struct CheckedGame {
  using Move = std::uint8_t;
  static constexpr std::string_view kName = "checked";
#if BRUDNO_TRAITS_CASE == 0  // declared well: compiles
  static constexpr GameTraits kTraits{.aspiration_window = 4, .only_outcomes = true};
#elif BRUDNO_TRAITS_CASE == 1  // a misspelt trait
  static constexpr GameTraits kTraits{.aspiraton_window = 4, .only_outcomes = true};
#elif BRUDNO_TRAITS_CASE == 2  // a trait declared the old way, beside kTraits
  static constexpr GameTraits kTraits{.only_outcomes = true};
  static constexpr Score kAspirationWindow = 4;
#elif BRUDNO_TRAITS_CASE == 3  // history slots without the function that picks them
  static constexpr GameTraits kTraits{.history_slots = 64};
#elif BRUDNO_TRAITS_CASE == 4  // no traits at all
#elif BRUDNO_TRAITS_CASE == 5  // a hook stated beside the class, its function misspelt
  static constexpr GameTraits kTraits{.aspiration_window = 4, .only_outcomes = true};
  [[nodiscard]] int max_plies_lef() const;
#elif BRUDNO_TRAITS_CASE == 6  // the selective search's margins without its functions
  static constexpr GameTraits kTraits{.aspiration_window = 4, .only_outcomes = true};
  static constexpr brudno::engine::Selectivity kSelectivity{};
#endif
  static CheckedGame start_position();
  static std::optional<CheckedGame> parse(std::string_view text);
  [[nodiscard]] std::string to_text() const;
  [[nodiscard]] std::string to_display() const;
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  static std::string move_text(Move move);
  void legal_moves(MoveList<Move>& moves) const;
  void play(Move move);
  void undo(Move move);
  [[nodiscard]] Status status() const;
  [[nodiscard]] Score evaluate() const;
  [[nodiscard]] std::uint64_t key() const;
  [[nodiscard]] int side_to_move() const;
};

static_assert(brudno::engine::Game<CheckedGame>, "CheckedGame is not a Game");
#if BRUDNO_TRAITS_CASE == 5
// How a game states the hooks it has (engine/game.hpp).
static_assert(brudno::engine::HasPlyBound<CheckedGame>, "CheckedGame has no max_plies_left()");
#endif
static_assert(brudno::engine::aspiration_width<CheckedGame>() == 4);
static_assert(brudno::engine::HasOnlyOutcomes<CheckedGame>);
static_assert(brudno::engine::history_slots<CheckedGame>() == 256);

}  // namespace
