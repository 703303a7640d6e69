#pragma once
// What a game says about itself beyond the Game concept's functions: its
// traits, declared in one place, each game with its own
//
//   static constexpr engine::GameTraits kTraits{.aspiration_window = 4, .only_outcomes = true};
//
// (`kTraits{}` for a game that keeps every default). The engine and the
// protocol read a trait only from there, so that a misspelt trait is a
// compile error (a designated initializer must name a member, in the order
// of the members below) instead of a default taken silently, and
// traits_of() (engine/game.hpp) checks by static_assert that the traits
// agree with the game's functions and that no trait is declared the old
// way, as a member of the game.

#include <cstddef>
#include <optional>

#include "engine/score.hpp"
#include "engine/selectivity.hpp"

namespace brudno::engine {

struct GameTraits {
  // --- the search -------------------------------------------------------
  // Whether a node asks for its children's table lines before it searches
  // them (playing each move to learn its key). A game whose moves cost more
  // to play than a cache miss, and whose nodes cut off after a move or two
  // (chess), says false.
  bool prefetch_children = true;
  // The tables of move ordering indexed by move (history, counter moves)
  // have one entry per slot. 0: each value of the move's bits is its own
  // slot. A game whose move bits are many more than its moves says how many
  // slots it needs, and has `static std::size_t history_slot(Move)` (below
  // history_slots) say which slot a move takes.
  std::size_t history_slots = 0;
  // Half-width of the first aspiration window, in the game's evaluation
  // units (engine/aspiration.hpp).
  Score aspiration_window = 25;
  // Every exact value is a win, a loss or a draw (no static values at the
  // end of the game): the solver can then search the distance to the end
  // directly.
  bool only_outcomes = false;
  // The margins and depths of the selective search (engine/selectivity.hpp),
  // in the game's evaluation units and tuned on its play: set exactly when
  // the game has the selective search's hooks (HasSelectiveSearch).
  std::optional<Selectivity> selectivity{};

  // --- the optional hooks of engine/game.hpp ------------------------------
  // Each says that the game has the functions of that concept; a game that
  // declares one must have them all, and one that does not must have none
  // of them, so that a misspelt hook does not compile into a search that
  // goes without it.
  bool move_hints = false;       // HasMoveHints: move_hint()
  bool forced_moves = false;     // HasForcedMoves: keep_forced_moves()
  bool ply_bound = false;        // HasPlyBound: max_plies_left()
  bool outcome_horizon = false;  // HasOutcomeHorizon: outcome_horizon()
  bool rule_status = false;      // HasRuleStatus: is_draw(), in_check()
  bool null_move = false;        // HasNullMove: play_null(), undo_null(), has_non_pawn_material()
  bool chance = false;  // HasChance: is_chance_node(), chance_weight(), kMinValue, kMaxValue

  // --- text at the protocol boundary ------------------------------------
  // `static std::optional<G> parse(std::string_view, std::string& fault)`:
  // the game says what is wrong with a text it cannot read.
  bool explains_bad_positions = false;
  // A Chess960 mode: `parse(text, fault, chess960)` and `kStartFen`.
  bool chess960 = false;
  // `std::string write_move(Move) const`: the root writes the moves of its
  // lines, their text depending on a mode of the position (Chess960 castling).
  bool writes_moves_from_position = false;
  // The game's own perft division, `games::perft_divide(G&, int, const
  // std::atomic<bool>*)` (chess counts its last ply in bulk).
  bool own_perft = false;
};

}  // namespace brudno::engine
