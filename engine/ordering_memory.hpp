#pragma once
// What one search thread learns about move ordering, kept from one search to
// the next of a game as Stockfish and Ethereal keep theirs: the history of
// cut-offs, the quiet-move history and counter moves of the selective search,
// and the killers. Between two searches the histories are halved (the moves
// of the last search still count, the new position's more) and the killers,
// kept by ply from the root and so about positions two plies back by the next
// move, are dropped. A new game (ucinewgame, Clear Hash) clears it all.

#include "engine/move_ordering.hpp"

namespace brudno::engine {

struct OrderingMemory {
  KillerTable killers;
  HistoryTable history;
  QuietHistory quiet;

  // Called as a search starts.
  void age() {
    killers.clear();
    history.age();
    quiet.age();
  }
  void clear() { *this = OrderingMemory{}; }
};

}  // namespace brudno::engine
