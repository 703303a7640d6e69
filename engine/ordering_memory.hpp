#pragma once
// What one search thread learns about move ordering, kept from one search to
// the next of a game as Stockfish and Ethereal keep theirs: the history of
// cut-offs, the quiet-move history, counter moves, continuation histories
// and capture history of the selective search, its correction history of
// the static value, and the killers. Between two searches the histories are halved (the moves
// of the last search still count, the new position's more) and the killers,
// kept by ply from the root and so about positions two plies back by the next
// move, are dropped. A new game (ucinewgame, Clear Hash) clears it all.
// Its move-indexed tables have as many slots as the game asks for
// (ordering_shape()).

#include <array>
#include <cassert>
#include <cstddef>

#include "engine/correction_history.hpp"
#include "engine/game.hpp"
#include "engine/move_ordering.hpp"

namespace brudno::engine {

struct OrderingMemory {
  // history_slots() is never 0: a game has at least one move slot.
  explicit OrderingMemory(OrderingShape shape)
      : history(shape.history_slots),
        quiet(shape.history_slots),
        continuation{ContinuationHistory(shape.piece_to_slots),
                     ContinuationHistory(shape.piece_to_slots)},
        captures(shape.capture_slots),
        correction(shape.correction) {
    assert(shape.history_slots > 0 && history.slots() == shape.history_slots);
  }

  KillerTable killers;
  HistoryTable history;
  QuietHistory quiet;
  // After the move one ply back, and after the move two plies back.
  std::array<ContinuationHistory, 2> continuation;
  CaptureHistory captures;
  // Not ordering, but learnt the same way and kept as long.
  CorrectionHistory correction;

  // Called as a search is given this memory (SearchMemory::thread()):
  // from then on it may hold what a search learnt.
  void hand_to_search() { blank_ = false; }
  // Called as a search starts. While the memory is blank every table is
  // zero, and halving it would only write zeros. (The continuation
  // histories, megabytes for chess, halve each row when it is next used.)
  void age() {
    killers.clear();
    if (blank_) return;
    history.age();
    quiet.age();
    for (auto& table : continuation) table.age();
    captures.age();
    correction.age();
  }
  void clear() {
    killers.clear();
    history.clear();
    quiet.clear();
    for (auto& table : continuation) table.clear();
    captures.clear();
    correction.clear();
    blank_ = true;
    assert(cleared(0) && cleared(history.slots() - 1));
  }
  [[nodiscard]] OrderingShape shape() const {
    return {history.slots(), continuation[0].slots(), captures.slots(), correction.used()};
  }

 private:
  bool blank_ = true;  // made or cleared, and given to no search since
  // Nothing learnt about the move in `slot`, for either side.
  [[nodiscard]] bool cleared(std::size_t slot) const {
    return history.value(slot) == 0 && quiet.value(0, slot) == 0 && quiet.value(1, slot) == 0 &&
           !quiet.counter(slot);
  }
};

}  // namespace brudno::engine
