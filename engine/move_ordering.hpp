#pragma once
// Move ordering below the root: the table move first, then the game's own hint
// bands (threats, captures), then killer moves, then the history heuristic.

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <vector>

#include "engine/game.hpp"
#include "engine/ply.hpp"
#include "engine/zeroed_array.hpp"

namespace brudno::engine {

// Two quiet moves per ply that recently caused a beta cut-off.
class KillerTable {
 public:
  void record(int ply, std::uint16_t move) {
    assert(0 <= ply && ply <= kMaxPly);
    auto& slot = killers_[static_cast<std::size_t>(ply)];
    if (slot[0] == move + 1u) return;
    slot[1] = slot[0];
    slot[0] = move + 1u;  // zero means "no killer"
  }
  [[nodiscard]] bool is_killer(int ply, std::uint16_t move) const {
    assert(0 <= ply && ply <= kMaxPly);
    const auto& slot = killers_[static_cast<std::size_t>(ply)];
    return slot[0] == move + 1u || slot[1] == move + 1u;
  }
  void clear() { killers_ = {}; }

 private:
  std::array<std::array<std::uint32_t, 2>, kMaxPly + 1> killers_{};
};

// Cut-off counts by move (by its history slot, see history_slot()),
// weighted by depth squared and decayed when large. Sized by the game.
class HistoryTable {
 public:
  static constexpr int kLimit = 1 << 16;
  explicit HistoryTable(std::size_t slots) : history_(slots) {}

  void reward(std::size_t slot, int depth) {
    assert(slot < history_.size());
    int& value = history_[slot];
    value += depth * depth;
    if (value >= kLimit) age();
  }
  [[nodiscard]] int value(std::size_t slot) const {
    assert(slot < history_.size());
    return history_[slot];
  }
  // Halves every count: what was learnt counts, but the next cut-offs more.
  void age() {
    for (int& entry : history_) entry /= 2;
  }
  void clear() { std::fill(history_.begin(), history_.end(), 0); }
  [[nodiscard]] std::size_t slots() const { return history_.size(); }

 private:
  std::vector<int> history_;
};

// The quiet-move statistics of the selective search: a history per side and
// move slot, moved towards the outcome of each cut-off with "gravity" (a
// bonus for the move that cut, a malus for the quiet moves tried before it,
// each scaled down as the value nears its bound), and the move that last
// refuted each move of the opponent (counter moves). Sized by the game.
class QuietHistory {
 public:
  static constexpr int kBound = 16384;
  explicit QuietHistory(std::size_t slots) : history_(2 * slots), counters_(slots) {}

  [[nodiscard]] int value(int side, std::size_t slot) const { return history_[index(side, slot)]; }
  // A bonus (positive) or a malus (negative), at most kBound in size.
  void update(int side, std::size_t slot, int bonus) {
    assert(std::abs(bonus) <= kBound);
    int& value = history_[index(side, slot)];
    value += bonus - value * std::abs(bonus) / kBound;
    assert(std::abs(value) <= kBound);
  }
  // The step of a cut-off at `depth`: 32 d² up to depth 20 (Ethereal 12's),
  // so that the shallow cut-offs, most of them, move a value enough to tell
  // in the next nodes, and a deep one nearly overwrites it.
  static int bonus_for(int depth) { return 32 * std::min(depth * depth, 400); }

  // The counter to the opponent's last move (its slot), as move bits.
  [[nodiscard]] std::optional<std::uint16_t> counter(std::size_t previous) const {
    assert(previous < counters_.size());
    const std::uint32_t stored = counters_[previous];
    if (stored == 0) return std::nullopt;
    return static_cast<std::uint16_t>(stored - 1);
  }
  void set_counter(std::size_t previous, std::uint16_t move) {
    assert(previous < counters_.size());
    counters_[previous] = move + 1u;  // zero means "no counter move"
  }
  // Halves every value (see HistoryTable::age()); the counter moves stay.
  void age() {
    for (int& entry : history_) entry /= 2;
  }
  void clear() {
    std::fill(history_.begin(), history_.end(), 0);
    std::fill(counters_.begin(), counters_.end(), 0);
  }

 private:
  [[nodiscard]] std::size_t index(int side, std::size_t slot) const {
    assert(slot < counters_.size());
    return static_cast<std::size_t>(side & 1) * counters_.size() + slot;
  }
  std::vector<int> history_;  // side 0's slots, then side 1's
  std::vector<std::uint32_t> counters_;
};

// How a quiet move did after a move one ply before it (the opponent's last)
// or two (the side's own last): a history per pair of piece-to slots
// (HasPieceToSlots), with the quiet history's gravity. Sized by the game;
// empty for a game without piece-to slots.
class ContinuationHistory {
 public:
  static constexpr int kBound = QuietHistory::kBound;
  explicit ContinuationHistory(std::size_t slots)
      : slots_(slots), table_(slots * slots), row_ages_(slots, 0), row_written_(slots, 0) {}

  // The row of the moves after the one in slot `previous`, aged up to date.
  [[nodiscard]] const std::int16_t* row(std::size_t previous) {
    catch_up(previous);
    return table_.data() + previous * slots_;
  }
  [[nodiscard]] int value(std::size_t previous, std::size_t slot) const {
    assert(previous < slots_ && slot < slots_);
    int value = table_[previous * slots_ + slot];
    for (std::uint32_t i = std::min(pending_ages(previous), kAgesToZero); i > 0; --i) value /= 2;
    return value;
  }
  void update(std::size_t previous, std::size_t slot, int bonus) {
    assert(previous < slots_ && slot < slots_ && std::abs(bonus) <= kBound);
    catch_up(previous);
    row_written_[previous] = 1;
    std::int16_t& entry = table_[previous * slots_ + slot];
    const int value = entry + bonus - entry * std::abs(bonus) / kBound;
    assert(std::abs(value) <= kBound);
    entry = static_cast<std::int16_t>(value);
  }
  // Halves every value, in effect: a row is halved when it is next used,
  // as many times as ages passed since it was last. Halving both tables'
  // 4 MB at every search took 8% of a 5,000-node search's time (self-play),
  // and most rows are not used by a short search. Repeated halving rounds
  // the same way as halving once by the product (trunc(trunc(x/2)/2) =
  // trunc(x/4)), so the values are those of halving every row every time.
  void age() { ++ages_; }
  // Zeroes the rows written, in place: fresh pages (ZeroedArray::clear())
  // would fault again, page by page, in the next game (self-play clears at
  // every game; those faults were 4% of its time).
  void clear() {
    for (std::size_t previous = 0; previous < slots_; ++previous) {
      if (row_written_[previous] == 0) continue;
      std::int16_t* const begin = table_.data() + previous * slots_;
      std::fill(begin, begin + slots_, std::int16_t{0});
      row_written_[previous] = 0;
    }
    std::fill(row_ages_.begin(), row_ages_.end(), 0);
    ages_ = 0;
  }
  [[nodiscard]] std::size_t slots() const { return slots_; }

 private:
  // |value| <= kBound < 2^15: fifteen halvings leave 0.
  static constexpr std::uint32_t kAgesToZero = 15;
  static_assert(kBound < (1 << kAgesToZero));

  [[nodiscard]] std::uint32_t pending_ages(std::size_t previous) const {
    return ages_ - row_ages_[previous];
  }
  void catch_up(std::size_t previous) {
    assert(previous < slots_);
    const std::uint32_t pending = pending_ages(previous);
    if (pending == 0) return;
    row_ages_[previous] = ages_;
    // A row never written is zeros on pages perhaps never touched: leave them so.
    if (row_written_[previous] == 0) return;
    std::int16_t* const begin = table_.data() + previous * slots_;
    if (pending >= kAgesToZero) {
      std::fill(begin, begin + slots_, std::int16_t{0});
      row_written_[previous] = 0;
      return;
    }
    for (std::uint32_t i = 0; i < pending; ++i) {
      for (std::int16_t* entry = begin; entry != begin + slots_; ++entry)
        *entry = static_cast<std::int16_t>(*entry / 2);
    }
  }

  std::size_t slots_;
  ZeroedArray<std::int16_t> table_;  // by previous slot, then slot: megabytes for chess
  std::vector<std::uint32_t> row_ages_;  // ages_ when each row was last brought up to date
  std::vector<std::uint8_t> row_written_;  // 0: the row is zeros since it was last cleared
  std::uint32_t ages_ = 0;
};

// How each capture did (HasCaptureSlots: by the piece, its destination and
// what it takes), with the quiet history's gravity: a capture that cuts
// gains, the captures tried before any move that cuts lose. Sized by the
// game; empty for a game without capture slots.
class CaptureHistory {
 public:
  static constexpr int kBound = QuietHistory::kBound;
  explicit CaptureHistory(std::size_t slots) : table_(slots) {}

  [[nodiscard]] int value(std::size_t slot) const {
    assert(slot < table_.size());
    return table_[slot];
  }
  void update(std::size_t slot, int bonus) {
    assert(slot < table_.size() && std::abs(bonus) <= kBound);
    std::int16_t& entry = table_[slot];
    const int value = entry + bonus - entry * std::abs(bonus) / kBound;
    assert(std::abs(value) <= kBound);
    entry = static_cast<std::int16_t>(value);
  }
  void age() {
    for (std::int16_t& entry : table_) entry = static_cast<std::int16_t>(entry / 2);
  }
  void clear() { std::fill(table_.begin(), table_.end(), std::int16_t{0}); }
  [[nodiscard]] std::size_t slots() const { return table_.size(); }

 private:
  std::vector<std::int16_t> table_;
};

// What the selective search adds to ordering a node's moves.
struct SelectiveOrdering {
  const QuietHistory* history = nullptr;  // null: the plain HistoryTable orders them
  int side = 0;
  std::optional<std::uint16_t> counter;  // the counter to the opponent's last move
  // The continuation histories' rows after the moves one and two plies
  // back (null where there was none: the root, a null move, a game
  // without piece-to slots).
  std::array<const std::int16_t*, 2> continuation{nullptr, nullptr};
  // The capture history (null: a game without capture slots).
  const CaptureHistory* captures = nullptr;

  // A quiet move's history: its own, and how it did after the moves one
  // and two plies back. Bounded by three times QuietHistory::kBound.
  [[nodiscard]] int value(std::size_t slot, std::size_t piece_to) const {
    int sum = history->value(side, slot);
    for (const std::int16_t* row : continuation) {
      if (row != nullptr) sum += row[piece_to];
    }
    return sum;
  }
};

// Puts the move whose bits are `bits` first (swapping it with the first);
// false, with the list as it was, when it is not in the list.
template <Game G>
bool table_move_first(MoveList<typename G::Move>& moves, std::optional<std::uint16_t> bits) {
  if (!bits) return false;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (move_bits<G>(moves[i]) == *bits) {
      std::swap(moves[0], moves[i]);
      return true;
    }
  }
  return false;
}

// Hands out the moves of one node best first: the table move before anything
// else, then the rest by score (selection sort: a cut-off usually comes early,
// so most of the list is never sorted). The rest are scored only when the
// table move did not cut: scoring asks the game for hints, which costs more
// than a whole node at a cut node that needs just the one move.
//
// For a selective search (a SelectiveOrdering given) the order is staged:
// noisy moves (a positive hint: captures, queen promotions) by their hint
// and capture history, each capture's exchange checked as it comes up, then
// killers, the counter move and quiet moves by their histories, and last
// the captures that lose material, or none of them (LosingCaptures).
template <Game G>
class MovePicker {
 public:
  using Move = typename G::Move;
  enum class LosingCaptures : std::uint8_t { kLast, kDropped };

  MovePicker(const G& position, MoveList<Move>& moves, std::optional<std::uint16_t> table_move,
             int ply, const KillerTable& killers, const HistoryTable& history,
             SelectiveOrdering ordering = {}, LosingCaptures losing = LosingCaptures::kLast)
      : position_(position),
        moves_(moves),
        killers_(killers),
        history_(history),
        ordering_(ordering),
        ply_(ply),
        losing_(losing),
        table_move_first_(table_move_first<G>(moves, table_move)),
        end_(moves.size()) {}

  // The next move, or nothing when all were handed out. Forced inline, with
  // score_rest(): the picker runs at every node, and GCC left it out of line
  // once the search worker grew, which (with the game's own per-node calls
  // out of line too) cost the Connect Four solver much of its speed
  // (docs/log/benchmarks-search.md, "Before and after the hardening", has the
  // measurement).
  [[gnu::always_inline]] std::optional<Move> next() {
    if (next_ >= moves_.size()) return std::nullopt;
    if (next_ == 0 && table_move_first_) return moves_[next_++];
    if (!scored_) score_rest();
    while (next_ < end_) {
      bring_best_forward(end_);
      if constexpr (kStaged) {
        if (keys_[next_] >= kNoisyBand && loses_material(moves_[next_])) {
          put_last();
          continue;
        }
      }
      return moves_[next_++];
    }
    // What is left are the losing captures, put last.
    if (losing_ == LosingCaptures::kDropped || next_ >= moves_.size()) return std::nullopt;
    bring_best_forward(moves_.size());
    return moves_[next_++];
  }
  // Whether the move next() handed out last was the table move, which
  // comes first whatever its exchange: kDropped drops only the losing
  // captures that follow it.
  [[nodiscard]] bool last_was_table_move() const { return next_ == 1 && table_move_first_; }

 private:
  // The staged order needs the selective search's hooks (captures, their
  // exchanges) and its hints.
  static constexpr bool kStaged = HasSelectiveSearch<G> && HasMoveHints<G>;
  // Noisy moves above every quiet one, however good its history.
  static constexpr long long kNoisyBand = 1LL << 40;

  void bring_best_forward(std::size_t end) {
    assert(next_ < end && end <= moves_.size());
    std::size_t best = next_;
    for (std::size_t i = next_ + 1; i < end; ++i) {
      if (keys_[i] > keys_[best]) best = i;
    }
    std::swap(moves_[next_], moves_[best]);
    std::swap(keys_[next_], keys_[best]);
  }
  // Moves the move at next_ behind the others still to come.
  void put_last() {
    assert(next_ < end_);
    --end_;
    std::swap(moves_[next_], moves_[end_]);
    std::swap(keys_[next_], keys_[end_]);
  }
  bool loses_material(Move move) const requires kStaged {
    return ordering_.history != nullptr && position_.is_capture(move) && !position_.see_ge(move, 0);
  }

  // The plain order: the game's hint bands first, then killers, then
  // history. The staged one: noisy moves by hint and capture history, then
  // killers, the counter move and quiet moves by their histories.
  [[gnu::always_inline]] void score_rest() {
    scored_ = true;
    for (std::size_t i = next_; i < moves_.size(); ++i) keys_[i] = key_of(moves_[i]);
  }

  [[gnu::always_inline]] long long key_of(Move move) const {
    const std::uint16_t bits = move_bits<G>(move);
    const std::size_t slot = history_slot<G>(move);
    long long key = 0;
    int hint = 0;
    if constexpr (HasMoveHints<G>) hint = position_.move_hint(move);
    if (ordering_.history == nullptr) {
      key = history_.value(slot);
      if (killers_.is_killer(ply_, bits)) key += 1LL << 20;
      return key + (static_cast<long long>(hint) << 24);
    }
    if constexpr (kStaged) {
      if (hint > 0) {
        key = kNoisyBand + (static_cast<long long>(hint) << 16);
        if constexpr (HasCaptureSlots<G>) {
          if (ordering_.captures != nullptr && position_.is_capture(move)) {
            key += ordering_.captures->value(position_.capture_slot(move));
          }
        }
        return key;
      }
    }
    if constexpr (HasPieceToSlots<G>) {
      key = ordering_.value(slot, position_.piece_to_slot(move));
    } else {
      key = ordering_.history->value(ordering_.side, slot);
    }
    if (killers_.is_killer(ply_, bits)) key += 1LL << 20;
    if (ordering_.counter == bits) key += 1LL << 19;
    return key + (static_cast<long long>(hint) << 24);
  }

  const G& position_;
  MoveList<Move>& moves_;
  const KillerTable& killers_;
  const HistoryTable& history_;
  SelectiveOrdering ordering_;
  int ply_;
  LosingCaptures losing_;
  bool table_move_first_ = false;
  bool scored_ = false;
  std::array<long long, kMaxMoves> keys_;  // set from next_ on by score_rest()
  std::size_t next_ = 0;
  std::size_t end_;  // the losing captures put last lie from here on
};

}  // namespace brudno::engine
