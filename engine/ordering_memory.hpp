#pragma once
// What one search thread learns about move ordering, kept from one search to
// the next of a game as Stockfish and Ethereal keep theirs: the history of
// cut-offs, the quiet-move history and counter moves of the selective search,
// and the killers. Between two searches the histories are halved (the moves
// of the last search still count, the new position's more) and the killers,
// kept by ply from the root and so about positions two plies back by the next
// move, are dropped. A new game (ucinewgame, Clear Hash) clears it all.
// Its move-indexed tables have as many slots as the game asks for
// (history_slots()).

#include <cstddef>

#include "engine/move_ordering.hpp"

namespace brudno::engine {

struct OrderingMemory {
  explicit OrderingMemory(std::size_t slots) : history(slots), quiet(slots) {}

  KillerTable killers;
  HistoryTable history;
  QuietHistory quiet;

  // Called as a search starts.
  void age() {
    killers.clear();
    history.age();
    quiet.age();
  }
  void clear() {
    killers.clear();
    history.clear();
    quiet.clear();
  }
  [[nodiscard]] std::size_t slots() const { return history.slots(); }
};

}  // namespace brudno::engine
