#pragma once
// A synthetic game whose positions transpose, for testing the table against
// plain minimax: a row of n items; a move takes one free item, or (where the
// game allows it) two free neighbours at once; the game ends when every item
// is taken. A position is the set of taken items and the side to move, so it
// is reached by many move orders; where a move may take one item or two,
// also at different plies, with different depths left. Values come from a seed: at the end an exact
// value of the position, before it that value blurred by noise.
//
// The synthetic trees (synthetic.hpp) hash the path, so no position repeats
// there; this game is what exercises the table's reuse, enhanced
// transposition cut-offs, replacement and the parallel search's settled
// nodes against an oracle. It is not offered over the protocol.

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/game.hpp"
#include "games/common/zobrist.hpp"

namespace brudno::games {

class PickingGame {
 public:
  // Bits 0-4: the item; bit 5: its right neighbour too.
  using Move = std::uint8_t;
  static constexpr std::string_view kName = "picking";
  static constexpr engine::GameTraits kTraits{};
  static constexpr int kMaxItems = 24;

  // `pairs`: a move may take two neighbours. Without them a position is only
  // ever reached at one ply, so a depth-limited search of it always has the
  // same depth left, and its value is the depth-limited minimax value.
  PickingGame(int items, std::uint64_t seed, bool pairs = true)
      : items_(items), seed_(seed), pairs_(pairs) {}

  static PickingGame start_position() { return {10, 1}; }
  // `N SEED TAKES [TAKEN SIDE]`: N items (1..24), the seed, the most items a
  // move takes (1 or 2), then the taken items as N cells `x` or `.` and the
  // side to move, `0` or `1` (`6 7 2 x..xx. 1`); without them, nothing is
  // taken and side 0 moves.
  static std::optional<PickingGame> parse(std::string_view text);
  [[nodiscard]] std::string to_text() const;
  [[nodiscard]] std::string to_display() const { return "picking game " + to_text() + '\n'; }
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  // `3` takes item 3 (from 1), `3+` takes items 3 and 4.
  static std::string move_text(Move move) {
    return std::to_string((move & 31) + 1) + ((move & 32) != 0 ? "+" : "");
  }

  void legal_moves(engine::MoveList<Move>& moves) const {
    for (int item = 0; item < items_; ++item) {
      if (taken(item)) continue;
      moves.push_back(static_cast<Move>(item));
      if (pairs_ && item + 1 < items_ && !taken(item + 1)) {
        moves.push_back(static_cast<Move>(item | 32));
      }
    }
  }
  void play(Move move) {
    const std::uint32_t items = items_of(move);
    taken_ |= items;
    key_ ^= item_keys(items) ^ kSideKey;
    side_ ^= 1;
  }
  void undo(Move move) {
    const std::uint32_t items = items_of(move);
    taken_ &= ~items;
    key_ ^= item_keys(items) ^ kSideKey;
    side_ ^= 1;
  }
  // No game ends before every item is taken; the last position is a leaf
  // with its exact value (see evaluate), as in the synthetic trees.
  [[nodiscard]] engine::Status status() const { return engine::Status::kOngoing; }
  [[nodiscard]] engine::Score evaluate() const {
    const std::uint64_t hash = mix64(key_ ^ seed_);
    const auto exact = static_cast<engine::Score>(hash % 201) - 100;
    if (full()) return exact;
    return exact + static_cast<engine::Score>(mix64(hash) % 31) - 15;
  }
  [[nodiscard]] std::uint64_t key() const { return key_; }
  [[nodiscard]] int side_to_move() const { return side_; }
  // Each move takes at least one item.
  [[nodiscard]] int max_plies_left() const { return items_ - std::popcount(taken_); }

 private:
  static constexpr auto kItemKeys = zobrist_keys<kMaxItems + 1>(0x9c4b);
  static constexpr std::uint64_t kSideKey = kItemKeys[kMaxItems];

  [[nodiscard]] bool taken(int item) const { return (taken_ >> item) & 1; }
  [[nodiscard]] bool full() const { return std::popcount(taken_) == items_; }
  static std::uint32_t items_of(Move move) {
    const std::uint32_t first = std::uint32_t{1} << (move & 31);
    return (move & 32) != 0 ? first | first << 1 : first;
  }
  static std::uint64_t item_keys(std::uint32_t items) {
    std::uint64_t keys = 0;
    for (; items != 0; items &= items - 1) keys ^= kItemKeys[std::countr_zero(items)];
    return keys;
  }

  int items_;
  std::uint64_t seed_;
  bool pairs_;
  std::uint32_t taken_ = 0;
  int side_ = 0;
  std::uint64_t key_ = 0;
};

static_assert(engine::Game<PickingGame>);
static_assert(engine::HasPlyBound<PickingGame>);

}  // namespace brudno::games
