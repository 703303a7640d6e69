// Move ordering: the table move first, then the game's hints, killers, history;
// and the busy marks the parallel search shares out work with.

#include "engine/move_ordering.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <vector>

#include "engine/busy_table.hpp"
#include "engine/correction_history.hpp"
#include "engine/search_memory.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace brudno::engine {
namespace {

using games::TicTacToe;

std::vector<TicTacToe::Move> picked_order(const TicTacToe& position,
                                          std::optional<std::uint16_t> table_move,
                                          const KillerTable& killers, const HistoryTable& history) {
  MoveList<TicTacToe::Move> moves;
  position.legal_moves(moves);
  MovePicker<TicTacToe> picker(position, moves, table_move, 0, killers, history);
  std::vector<TicTacToe::Move> order;
  while (const auto move = picker.next()) order.push_back(*move);
  return order;
}

TEST(MovePicker, HandsOutEveryMoveOnceWithTheTableMoveFirst) {
  const auto board = *TicTacToe::parse("X../.O./...");
  MoveList<TicTacToe::Move> legal;
  board.legal_moves(legal);
  const KillerTable killers;
  const HistoryTable history(history_slots<TicTacToe>());
  for (const auto table_move : legal) {
    const auto order = picked_order(board, move_bits<TicTacToe>(table_move), killers, history);
    ASSERT_EQ(order.size(), legal.size());
    EXPECT_EQ(order.front(), table_move);
    for (const auto move : legal) EXPECT_EQ(std::count(order.begin(), order.end(), move), 1);
  }
}

TEST(MovePicker, KillersComeBeforeHistoryAndHistoryBeforeTheRest) {
  const auto board = TicTacToe::start_position();
  MoveList<TicTacToe::Move> legal;
  board.legal_moves(legal);
  // Pick two moves the game's own hints do not rank above the others.
  KillerTable killers;
  HistoryTable history(history_slots<TicTacToe>());
  const auto killer = legal[3];
  const auto rewarded = legal[6];
  killers.record(0, move_bits<TicTacToe>(killer));
  history.reward(history_slot<TicTacToe>(rewarded), 5);
  const auto order = picked_order(board, std::nullopt, killers, history);
  ASSERT_EQ(order.size(), legal.size());
  const auto at = [&](TicTacToe::Move move) {
    return std::find(order.begin(), order.end(), move) - order.begin();
  };
  EXPECT_LT(at(killer), at(rewarded));
  for (const auto move : legal) {
    if (move != killer && move != rewarded &&
        board.move_hint(move) <= std::max(board.move_hint(killer), board.move_hint(rewarded))) {
      EXPECT_LT(at(rewarded), at(move)) << TicTacToe::move_text(move);
    }
  }
}

// A game that names no history slots gets one per value of its move's bits:
// tic-tac-toe's one-byte moves need 256, not a chess board's 4096.
TEST(HistoryTable, IsAsLargeAsTheGamesMovesNeed) {
  static_assert(history_slots<TicTacToe>() == 256);
  const HistoryTable history(history_slots<TicTacToe>());
  EXPECT_EQ(history.slots(), 256U);
  MoveList<TicTacToe::Move> legal;
  TicTacToe::start_position().legal_moves(legal);
  for (const auto move : legal) {
    EXPECT_EQ(history_slot<TicTacToe>(move), move_bits<TicTacToe>(move));
    EXPECT_EQ(history.value(history_slot<TicTacToe>(move)), 0);
  }
}

// A cut-off's history gravity keeps every value within the bound, however
// many bonuses and maluses arrive, of every depth's step; and a move that
// cuts more often than it fails, at one depth, ends up with a good history
// (a deep step nearly overwrites the value, so the mixed depths above leave
// it to the last few).
TEST(QuietHistory, StaysWithinItsBound) {
  QuietHistory history(64);
  for (int i = 0; i < 1000; ++i) {
    const int bonus = QuietHistory::bonus_for(1 + i % 30);
    ASSERT_LE(bonus, QuietHistory::kBound);
    history.update(i % 2, 7, i % 3 == 0 ? -bonus : bonus);
    ASSERT_LE(std::abs(history.value(i % 2, 7)), QuietHistory::kBound);
  }
  for (int i = 0; i < 300; ++i) {
    const int bonus = QuietHistory::bonus_for(4);
    history.update(1, 8, i % 3 == 0 ? -bonus : bonus);
  }
  EXPECT_GT(history.value(1, 8), 0);
  history.set_counter(5, 9);
  EXPECT_EQ(history.counter(5), std::optional<std::uint16_t>{9});
  history.clear();
  EXPECT_EQ(history.value(1, 7), 0);
  EXPECT_EQ(history.value(1, 8), 0);
  EXPECT_EQ(history.counter(5), std::nullopt);
}

// The continuation histories keep the quiet history's gravity:
// a run of bonuses or maluses nears the bound and never passes it, aging
// halves, clearing forgets; a row is the previous slot's values.
TEST(ContinuationHistory, StaysWithinItsBoundAndItsRowsAreItsValues) {
  ContinuationHistory history(16);
  for (int i = 0; i < 200; ++i) {
    history.update(3, 5, 1600);
    history.update(3, 6, -1600);
  }
  EXPECT_GT(history.value(3, 5), ContinuationHistory::kBound * 9 / 10);
  EXPECT_LE(history.value(3, 5), ContinuationHistory::kBound);
  EXPECT_LT(history.value(3, 6), -ContinuationHistory::kBound * 9 / 10);
  EXPECT_EQ(history.value(5, 3), 0) << "a pair is ordered: after 3 is not after 5";
  EXPECT_EQ(history.row(3)[5], history.value(3, 5));
  const int before = history.value(3, 5);
  history.age();
  EXPECT_EQ(history.value(3, 5), before / 2);
  history.clear();
  EXPECT_EQ(history.value(3, 5), 0);
}

// Ageing is done row by row as rows are next used; the oracle halves every
// value at every age, as the table did before. Random updates, ages (up to
// twenty in a row, past the fifteen that zero a row), reads of values and
// of whole rows, and clears: every value always the oracle's.
TEST(ContinuationHistory, AgesRowsWhenUsedAsIfAllWereHalvedAtOnce) {
  constexpr std::size_t kSlots = 12;
  ContinuationHistory history(kSlots);
  std::vector<int> oracle(kSlots * kSlots, 0);
  std::uint64_t state = 12345;
  const auto next = [&state](std::uint64_t bound) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 33) % bound;
  };
  int reads = 0;
  for (int step = 0; step < 20000; ++step) {
    const auto previous = static_cast<std::size_t>(next(kSlots));
    const auto slot = static_cast<std::size_t>(next(kSlots));
    switch (next(10)) {
      case 0:
      case 1: {
        const int ages = next(8) == 0 ? static_cast<int>(next(21)) : 1;
        for (int i = 0; i < ages; ++i) {
          history.age();
          for (int& value : oracle) value /= 2;
        }
        break;
      }
      case 2: {
        const std::int16_t* row = history.row(previous);
        for (std::size_t s = 0; s < kSlots; ++s) ASSERT_EQ(row[s], oracle[previous * kSlots + s]);
        ++reads;
        break;
      }
      case 3:
        if (next(50) == 0) {
          history.clear();
          std::fill(oracle.begin(), oracle.end(), 0);
        }
        break;
      default: {
        const int bonus = static_cast<int>(next(2 * 1600 + 1)) - 1600;
        history.update(previous, slot, bonus);
        int& value = oracle[previous * kSlots + slot];
        value = value + bonus - value * std::abs(bonus) / ContinuationHistory::kBound;
      }
    }
    ASSERT_EQ(history.value(previous, slot), oracle[previous * kSlots + slot]) << "step " << step;
  }
  EXPECT_GT(reads, 1000);
  EXPECT_TRUE(std::any_of(oracle.begin(), oracle.end(), [](int value) { return value != 0; }));
}

// What a search learnt is halved as the next starts; a memory no search has
// been given since it was made or cleared is zero, and is left as it is.
TEST(SearchMemory, AgesWhatASearchWasGivenToLearn) {
  SearchMemory memory;
  const OrderingShape shape{.history_slots = 64, .piece_to_slots = 16, .capture_slots = 64,
                            .correction = true};
  memory.start_search(1, shape);
  OrderingMemory& learnt = memory.thread(0);
  learnt.continuation[0].update(3, 5, 1600);
  learnt.captures.update(9, 1600);
  const int after = learnt.continuation[0].value(3, 5);
  const int capture = learnt.captures.value(9);
  ASSERT_GT(after, 0);
  memory.start_search(1, shape);
  EXPECT_EQ(memory.thread(0).continuation[0].value(3, 5), after / 2);
  EXPECT_EQ(memory.thread(0).captures.value(9), capture / 2);
  memory.clear();
  memory.start_search(1, shape);
  EXPECT_EQ(memory.thread(0).continuation[0].value(3, 5), 0);
}

TEST(CaptureHistory, StaysWithinItsBound) {
  CaptureHistory history(64);
  for (int i = 0; i < 200; ++i) history.update(7, -1600);
  EXPECT_LT(history.value(7), -CaptureHistory::kBound * 9 / 10);
  EXPECT_GE(history.value(7), -CaptureHistory::kBound);
  EXPECT_EQ(history.value(8), 0);
}

// The correction history learns the average error of the static value for a
// key and side, the deeper searches weighing more, and corrects by at most
// its bound.
TEST(CorrectionHistory, LearnsTheErrorOfAStructureUpToItsBound) {
  CorrectionHistory correction(true);
  constexpr std::uint64_t kKey = 12345;
  for (int i = 0; i < 400; ++i) correction.update(0, kKey, 10, 40, 8);  // found 30 above
  EXPECT_NEAR(correction.corrected(10, 0, kKey), 40, 1);
  EXPECT_EQ(correction.corrected(10, 1, kKey), 10) << "the other side to move learnt nothing";
  EXPECT_EQ(correction.corrected(10, 0, kKey + 1), 10) << "nor another structure";
  for (int i = 0; i < 400; ++i) correction.update(1, kKey, 0, -900, 12);
  EXPECT_NEAR(correction.corrected(0, 1, kKey), -CorrectionHistory::kMaxCorrection, 1);
  EXPECT_GE(correction.corrected(0, 1, kKey), -CorrectionHistory::kMaxCorrection);
  correction.age();
  EXPECT_NEAR(correction.corrected(10, 0, kKey), 25, 2);
  correction.clear();
  EXPECT_EQ(correction.corrected(10, 0, kKey), 10);
  EXPECT_FALSE(CorrectionHistory(false).used());
}

TEST(BusyTable, AClaimSucceedsOnlyWhileNoOtherThreadHoldsTheKey) {
  BusyTable busy;
  const std::uint64_t key = 0x0123'4567'89ab'cdefULL;
  EXPECT_TRUE(busy.try_claim(key));
  EXPECT_FALSE(busy.try_claim(key));  // a second thread finds it taken
  // Another key in the same slot is not taken for this one.
  const std::uint64_t neighbour = key ^ (std::uint64_t{1} << 40);
  EXPECT_TRUE(busy.try_claim(neighbour));
  busy.release(neighbour);
  busy.release(key);
  EXPECT_TRUE(busy.try_claim(key));
  busy.release(key);
  busy.mark(key);  // a mark, as for an eldest brother, also makes it taken
  EXPECT_FALSE(busy.try_claim(key));
}

TEST(BusyTable, AReleaseDoesNotEraseAnotherPositionsMark) {
  BusyTable busy;
  const std::uint64_t first = 0x1111'0000'0000'0005ULL;
  const std::uint64_t second = 0x2222'0000'0000'0005ULL;  // the same slot
  EXPECT_TRUE(busy.try_claim(first));
  EXPECT_TRUE(busy.try_claim(second));  // another thread takes the slot over
  busy.release(first);                  // the first search ends while the other goes on
  EXPECT_FALSE(busy.try_claim(second));
  busy.release(second);
  EXPECT_TRUE(busy.try_claim(second));
}

}  // namespace
}  // namespace brudno::engine
