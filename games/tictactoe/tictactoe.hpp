#pragma once
// Tic-tac-toe. Squares 1-9 row by row from the top left (0-8 inside), X moves
// first, values from the side to move. Two 9-bit masks are the whole board.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/game.hpp"

namespace brudno::games {

class TicTacToe {
 public:
  using Move = std::uint8_t;  // square 0-8
  static constexpr std::string_view kName = "tictactoe";
  static constexpr engine::GameTraits kTraits{.aspiration_window = 2, .only_outcomes = true};

  static TicTacToe start_position() { return {}; }
  // Nine cells row by row, `X`, `O` or `.`, rows optionally split by `/` (`XO./.../..X`).
  // The side to move follows from the counts: X when they are equal.
  static std::optional<TicTacToe> parse(std::string_view text);
  [[nodiscard]] std::string to_text() const;
  [[nodiscard]] std::string to_display() const;
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  static std::string move_text(Move move);

  void legal_moves(engine::MoveList<Move>& moves) const;
  void play(Move move);
  void undo(Move move);
  [[nodiscard]] engine::Status status() const;
  // Neutral: the whole game is searched in microseconds, and a static value of 0
  // keeps depth-limited searches exactly comparable with plain minimax, since
  // the forced-move hints then keep the value at every depth, not only at the end.
  [[nodiscard]] engine::Score evaluate() const { return 0; }
  [[nodiscard]] std::uint64_t key() const { return key_; }
  [[nodiscard]] int side_to_move() const { return ply_ & 1; }
  [[nodiscard]] int max_plies_left() const { return 9 - ply_; }

  // The classic program's ordering: a winning move alone; else the forced
  // block alone; else a double threat alone. Each keeps the exact value.
  void keep_forced_moves(engine::MoveList<Move>& moves) const;
  // Threats first: the number of lines the move leaves one stone short of three.
  [[nodiscard]] int move_hint(Move move) const;

  [[nodiscard]] std::uint16_t stones(int side) const { return stones_[side]; }

 private:
  [[nodiscard]] std::uint16_t empty() const { return 0x1ff & ~(stones_[0] | stones_[1]); }

  std::uint16_t stones_[2] = {0, 0};  // X, O
  int ply_ = 0;
  std::uint64_t key_ = 0;
};

static_assert(engine::Game<TicTacToe>);
static_assert(engine::HasForcedMoves<TicTacToe>);
static_assert(engine::HasMoveHints<TicTacToe>);
static_assert(engine::HasPlyBound<TicTacToe>);

}  // namespace brudno::games
