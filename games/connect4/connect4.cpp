#include "games/connect4/connect4.hpp"

#include <bit>
#include <cctype>
#include <vector>

namespace brudno::games {

using connect4::Bitboard;
using connect4::kHeight;
using connect4::kWidth;

namespace {

std::optional<ConnectFour> parse_moves(std::string_view text) {
  ConnectFour position;
  for (const char c : text) {
    if (c < '1' || c > '7') return std::nullopt;
    const auto move = position.parse_move(std::string_view(&c, 1));
    if (!move) return std::nullopt;  // a full column, or the game is already over
    position.play(*move);
  }
  return position;
}

// Finds an order of moves that builds a board: x first, the sides alternating,
// each stone on the floor or on the one below, and no four before the last
// stone. The board alone does not tell the order, and a greedy choice can
// lock itself out (`443`: x must start in column 4, not 3), so this is a
// depth-first search over the column heights reached so far. The stones on
// the board below those heights are then known, so a height vector that
// failed once fails however it is reached again: at most 7^7 of them, each
// remembered in a bitset.
class BoardReplay {
 public:
  explicit BoardReplay(const Bitboard (&stones)[2]) : stones_{stones[0], stones[1]} {
    const Bitboard mask = stones[0] | stones[1];
    for (int column = 0; column < kWidth; ++column) {
      target_[column] = std::popcount(mask & connect4::column_cells(column));
    }
    total_ = std::popcount(mask);
  }

  // Plays the moves on `position` (the empty board); false when no order exists.
  bool find_order(ConnectFour& position) {
    failed_.assign(kStates, false);
    return extend(position, 0);
  }

 private:
  static constexpr int kStates = 7 * 7 * 7 * 7 * 7 * 7 * 7;  // 0-6 stones in each of 7 columns

  [[nodiscard]] int state() const {
    int index = 0;
    for (const int height : height_) index = index * (kHeight + 1) + height;
    return index;
  }

  bool extend(ConnectFour& position, int placed) {
    if (placed == total_) return true;
    const int here = state();
    if (failed_[static_cast<std::size_t>(here)]) return false;
    const Bitboard mine = stones_[placed & 1];
    for (int column = 0; column < kWidth; ++column) {
      if (height_[column] == target_[column]) continue;
      if (!(mine & connect4::cell(column, height_[column]))) continue;
      const auto move = static_cast<ConnectFour::Move>(column);
      position.play(move);
      ++height_[column];
      // Only the last stone may end the game.
      const bool legal = placed + 1 == total_ || position.status() == engine::Status::kOngoing;
      if (legal && extend(position, placed + 1)) return true;
      --height_[column];
      position.undo(move);
    }
    failed_[static_cast<std::size_t>(here)] = true;
    return false;
  }

  Bitboard stones_[2];
  int target_[kWidth] = {};
  int height_[kWidth] = {};
  int total_ = 0;
  std::vector<bool> failed_;
};

}  // namespace

std::optional<ConnectFour> ConnectFour::parse(std::string_view text) {
  if (text.find_first_not_of("1234567") == std::string_view::npos) return parse_moves(text);

  // The board form: rows top to bottom.
  Bitboard stones[2] = {0, 0};
  int row = kHeight - 1;
  int column = 0;
  for (const char c : text) {
    if (c == '/') {
      if (column != kWidth || row == 0) return std::nullopt;
      --row;
      column = 0;
      continue;
    }
    if (column == kWidth) return std::nullopt;
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == 'x' || lower == 'o') {
      stones[lower == 'x' ? 0 : 1] |= connect4::cell(column, row);
    } else if (c != '.') {
      return std::nullopt;
    }
    ++column;
  }
  if (row != 0 || column != kWidth) return std::nullopt;
  const Bitboard mask = stones[0] | stones[1];
  // No floating stones: every stone stands on the floor or on another stone.
  for (int c = 0; c < kWidth; ++c) {
    // Stones stacked from the bottom: adding the bottom cell carries past all of them.
    const Bitboard in_column = mask & connect4::column_cells(c);
    if ((in_column + connect4::bottom_cell(c)) & in_column) return std::nullopt;
  }
  const int x = std::popcount(stones[0]);
  const int o = std::popcount(stones[1]);
  if (x != o && x != o + 1) return std::nullopt;

  // Replay the stones in some legal order, so that the key is built the usual way.
  ConnectFour position;
  if (!BoardReplay(stones).find_order(position)) return std::nullopt;
  return position;
}

std::string ConnectFour::to_text() const {
  std::string text;
  const Bitboard first = moves_ % 2 == 0 ? current_ : current_ ^ mask_;
  for (int row = kHeight - 1; row >= 0; --row) {
    for (int column = 0; column < kWidth; ++column) {
      const Bitboard at = connect4::cell(column, row);
      text += (mask_ & at) ? ((first & at) ? 'x' : 'o') : '.';
    }
    if (row > 0) text += '/';
  }
  return text;
}

std::string ConnectFour::to_display() const {
  std::string text;
  const Bitboard first = moves_ % 2 == 0 ? current_ : current_ ^ mask_;
  for (int row = kHeight - 1; row >= 0; --row) {
    text += '|';
    for (int column = 0; column < kWidth; ++column) {
      const Bitboard at = connect4::cell(column, row);
      text += (mask_ & at) ? ((first & at) ? 'x' : 'o') : '.';
      text += '|';
    }
    text += '\n';
  }
  text += " 1 2 3 4 5 6 7\n";
  text += side_to_move() == 0 ? "x to move\n" : "o to move\n";
  return text;
}

std::optional<ConnectFour::Move> ConnectFour::parse_move(std::string_view text) const {
  if (text.size() != 1 || text[0] < '1' || text[0] > '7') return std::nullopt;
  const auto column = static_cast<Move>(text[0] - '1');
  if (status() != engine::Status::kOngoing || !(playable() & connect4::column_cells(column))) {
    return std::nullopt;
  }
  return column;
}

}  // namespace brudno::games
