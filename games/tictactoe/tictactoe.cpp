#include "games/tictactoe/tictactoe.hpp"

#include <array>
#include <bit>
#include <cctype>

#include "games/common/zobrist.hpp"

namespace brudno::games {
namespace {

constexpr std::array<std::uint16_t, 8> kLines = {
    0007, 0070, 0700,  // rows
    0111, 0222, 0444,  // columns
    0421, 0124,        // diagonals
};

constexpr auto kSquareKeys = zobrist_keys<18>(0x7171);

bool has_line(std::uint16_t stones) {
  for (const auto line : kLines) {
    if ((stones & line) == line) return true;
  }
  return false;
}

// Empty squares that would complete a line of `stones`.
std::uint16_t winning_squares(std::uint16_t stones, std::uint16_t empty) {
  std::uint16_t squares = 0;
  for (const auto line : kLines) {
    const std::uint16_t missing = line & ~stones;
    if (std::popcount(missing) == 1 && (missing & empty)) squares |= missing;
  }
  return squares;
}

// Rows split by `/` are three rows of three cells each: `X/../.../...`
// has nine cells but no board's rows.
bool rows_are_whole(std::string_view text) {
  if (text.find('/') == std::string_view::npos) return true;
  int rows = 1;
  int cells = 0;
  for (const char c : text) {
    if (c == '/') {
      if (cells != 3) return false;
      ++rows;
      cells = 0;
    } else if (!std::isspace(static_cast<unsigned char>(c))) {
      ++cells;
    }
  }
  return rows == 3 && cells == 3;
}

}  // namespace

std::optional<TicTacToe> TicTacToe::parse(std::string_view text) {
  if (!rows_are_whole(text)) return std::nullopt;
  TicTacToe position;
  int square = 0;
  for (const char c : text) {
    if (c == '/' || std::isspace(static_cast<unsigned char>(c))) continue;
    if (square == 9) return std::nullopt;
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (upper == 'X' || upper == 'O') {
      const int side = upper == 'X' ? 0 : 1;
      position.stones_[side] |= 1 << square;
      position.key_ ^= kSquareKeys[side * 9 + square];
    } else if (c != '.' && c != '-') {
      return std::nullopt;
    }
    ++square;
  }
  if (square != 9) return std::nullopt;
  const int x = std::popcount(position.stones_[0]);
  const int o = std::popcount(position.stones_[1]);
  if (x != o && x != o + 1) return std::nullopt;
  position.ply_ = x + o;
  // The side to move cannot already have three in a row, nor both sides.
  if (has_line(position.stones_[position.side_to_move()])) return std::nullopt;
  return position;
}

std::string TicTacToe::to_text() const {
  std::string text;
  for (int square = 0; square < 9; ++square) {
    if (square > 0 && square % 3 == 0) text += '/';
    text += (stones_[0] >> square) & 1 ? 'X' : (stones_[1] >> square) & 1 ? 'O' : '.';
  }
  return text;
}

std::string TicTacToe::to_display() const {
  std::string text;
  for (int row = 0; row < 3; ++row) {
    text += ' ';
    for (int col = 0; col < 3; ++col) {
      const int square = row * 3 + col;
      text += (stones_[0] >> square) & 1   ? 'X'
              : (stones_[1] >> square) & 1 ? 'O'
                                           : static_cast<char>('1' + square);
      text += col < 2 ? " | " : "\n";
    }
    if (row < 2) text += "---+---+---\n";
  }
  text += side_to_move() == 0 ? "X to move\n" : "O to move\n";
  return text;
}

std::optional<TicTacToe::Move> TicTacToe::parse_move(std::string_view text) const {
  if (text.size() != 1 || text[0] < '1' || text[0] > '9') return std::nullopt;
  const auto square = static_cast<Move>(text[0] - '1');
  if (status() != engine::Status::kOngoing || !((empty() >> square) & 1)) return std::nullopt;
  return square;
}

std::string TicTacToe::move_text(Move move) {
  return std::string(1, static_cast<char>('1' + move));
}

void TicTacToe::legal_moves(engine::MoveList<Move>& moves) const {
  for (std::uint16_t free = empty(); free != 0; free &= free - 1) {
    moves.push_back(static_cast<Move>(std::countr_zero(free)));
  }
}

void TicTacToe::play(Move move) {
  const int side = side_to_move();
  stones_[side] |= 1 << move;
  key_ ^= kSquareKeys[side * 9 + move];
  ++ply_;
}

void TicTacToe::undo(Move move) {
  --ply_;
  const int side = side_to_move();
  stones_[side] &= ~(1 << move);
  key_ ^= kSquareKeys[side * 9 + move];
}

engine::Status TicTacToe::status() const {
  if (has_line(stones_[side_to_move() ^ 1])) return engine::Status::kLost;
  if (ply_ == 9) return engine::Status::kDrawn;
  return engine::Status::kOngoing;
}

void TicTacToe::keep_forced_moves(engine::MoveList<Move>& moves) const {
  const int me = side_to_move();
  const std::uint16_t free = empty();
  auto keep_only = [&moves](std::uint16_t squares) {
    for (const Move move : moves) {
      if ((squares >> move) & 1) {
        moves.clear();
        moves.push_back(move);
        return true;
      }
    }
    return false;
  };
  if (keep_only(winning_squares(stones_[me], free))) return;
  if (keep_only(winning_squares(stones_[me ^ 1], free))) return;
  std::uint16_t double_threats = 0;
  for (const Move move : moves) {
    const auto after = static_cast<std::uint16_t>(stones_[me] | (1 << move));
    const auto free_after = static_cast<std::uint16_t>(free & ~(1 << move));
    if (std::popcount(winning_squares(after, free_after)) >= 2) double_threats |= 1 << move;
  }
  keep_only(double_threats);
}

int TicTacToe::move_hint(Move move) const {
  const int me = side_to_move();
  const auto after = static_cast<std::uint16_t>(stones_[me] | (1 << move));
  const auto free_after = static_cast<std::uint16_t>(empty() & ~(1 << move));
  return std::popcount(winning_squares(after, free_after));
}

}  // namespace brudno::games
