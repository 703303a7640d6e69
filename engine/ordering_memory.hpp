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

#include <cassert>
#include <cstddef>

#include "engine/move_ordering.hpp"

namespace brudno::engine {

struct OrderingMemory {
  // history_slots() is never 0: a game has at least one move slot.
  explicit OrderingMemory(std::size_t slots) : history(slots), quiet(slots) {
    assert(slots > 0 && history.slots() == slots);
  }

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
    assert(cleared(0) && cleared(slots() - 1));
  }
  [[nodiscard]] std::size_t slots() const { return history.slots(); }

 private:
  // Nothing learnt about the move in `slot`, for either side.
  [[nodiscard]] bool cleared(std::size_t slot) const {
    return history.value(slot) == 0 && quiet.value(0, slot) == 0 && quiet.value(1, slot) == 0 &&
           !quiet.counter(slot);
  }
};

}  // namespace brudno::engine
