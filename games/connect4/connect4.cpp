#include "games/connect4/connect4.hpp"

#include <cctype>

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

  // Replay column by column from the bottom so that the key is built the usual way.
  ConnectFour position;
  Bitboard left[2] = {stones[0], stones[1]};
  while (left[0] | left[1]) {
    const int side = position.side_to_move();
    bool played = false;
    for (int c = 0; c < kWidth && !played; ++c) {
      const Bitboard next = (position.mask_ + connect4::bottom_cell(c)) & connect4::column_cells(c);
      if (next & left[side]) {
        // Never complete a four before the last stone: replaying must stay legal.
        position.play(static_cast<Move>(c));
        if (position.status() != engine::Status::kOngoing && (left[0] | left[1]) != next) {
          position.undo(static_cast<Move>(c));
          continue;
        }
        left[side] ^= next;
        played = true;
      }
    }
    if (!played) return std::nullopt;  // no legal order of moves makes this board
  }
  if (connect4::has_four(position.current_)) return std::nullopt;  // the side to move already won
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
