#pragma once
// What a game says about its search beyond the Game concept's functions:
// its traits, declared in one place, each game with its own
//
//   static constexpr engine::GameTraits kTraits{.aspiration_window = 4, .only_outcomes = true};
//
// (`kTraits{}` for a game that keeps every default). The engine reads a
// trait only from there, so that a misspelt trait is a compile error (a
// designated initializer must name a member, in the order of the members
// below) instead of a default taken silently, and traits_of()
// (engine/game.hpp) checks by static_assert that the traits agree with the
// game's functions and that no trait is declared the old way, as a member
// of the game.
//
// The optional hooks (engine/game.hpp's Has... concepts) are not traits: a
// game has a hook by having its functions, and states which it has by a
// static_assert beside its class, so that a misspelt function fails there.
// What only the protocol asks of a game is the protocol's
// (protocol/protocol_traits.hpp).

#include <cstddef>

#include "engine/score.hpp"

namespace brudno::engine {

struct GameTraits {
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
};

}  // namespace brudno::engine
