#pragma once
// Connect Four on the standard 7 x 6 board. Two bitboards are the position:
// the stones of the side to move and all stones. Moves are columns, written
// 1-7 from the left. The hot functions are inline: the solver calls them at
// every node.

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/game.hpp"
#include "games/common/zobrist.hpp"
#include "games/connect4/bitboard.hpp"

namespace brudno::games {

class ConnectFour {
 public:
  using Move = std::uint8_t;  // column 0-6
  static constexpr std::string_view kName = "connect4";
  static constexpr engine::GameTraits kTraits{.aspiration_window = 4, .only_outcomes = true};

  static ConnectFour start_position() { return {}; }
  // Either the move sequence of the benchmark files (`4453`: columns 1-7 from
  // the empty board; `` is the empty board) or six rows top to bottom split by
  // `/`, cells `x` (first player), `o` or `.` (`......./......./.../...x.o.`).
  static std::optional<ConnectFour> parse(std::string_view text);
  // The board form.
  [[nodiscard]] std::string to_text() const;
  [[nodiscard]] std::string to_display() const;
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  static std::string move_text(Move move) { return std::string(1, static_cast<char>('1' + move)); }

  void legal_moves(engine::MoveList<Move>& moves) const {
    const connect4::Bitboard open = playable();
    for (const int column : kColumnOrder) {
      if (open & connect4::column_cells(column)) moves.push_back(static_cast<Move>(column));
    }
  }
  // play, undo and outcome_horizon run at every node of the solver: forced
  // inline, as GCC's inliner left them out of line once the shared search
  // worker grew, which cost the solver several percent
  // (docs/log/benchmarks-search.md, "Before and after the hardening").
  [[gnu::always_inline]] void play(Move column) {
    const connect4::Bitboard stone =
        (mask_ + connect4::bottom_cell(column)) & connect4::column_cells(column);
    key_ ^= kCellKeys[(moves_ & 1) * 64 + std::countr_zero(stone)];
    current_ ^= mask_;  // the side to move changes: `current_` becomes the opponent's stones
    mask_ |= stone;
    ++moves_;
  }
  [[gnu::always_inline]] void undo(Move column) {
    const connect4::Bitboard in_column = mask_ & connect4::column_cells(column);
    const connect4::Bitboard stone = connect4::Bitboard{1} << (63 - std::countl_zero(in_column));
    --moves_;
    mask_ ^= stone;
    current_ ^= mask_;
    key_ ^= kCellKeys[(moves_ & 1) * 64 + std::countr_zero(stone)];
  }
  [[nodiscard]] engine::Status status() const {
    if (connect4::has_four(current_ ^ mask_)) return engine::Status::kLost;
    if (moves_ == connect4::kCells) return engine::Status::kDrawn;
    return engine::Status::kOngoing;
  }
  // Open threats of the side to move minus those of the opponent.
  [[nodiscard]] engine::Score evaluate() const {
    const Threats& cells = threats();
    return std::popcount(cells.mine) - std::popcount(cells.theirs);
  }
  [[nodiscard]] std::uint64_t key() const { return key_; }
  [[nodiscard]] int side_to_move() const { return moves_ & 1; }
  [[nodiscard]] int max_plies_left() const { return connect4::kCells - moves_; }
  [[nodiscard]] int stones() const { return moves_; }

  // An immediate win alone; else the one forced block (any single move when
  // there are two threats: every move loses); else never a move that lets the
  // opponent win at once by playing on top of it, unless all moves do.
  void keep_forced_moves(engine::MoveList<Move>& moves) const {
    const connect4::Bitboard open = playable();
    const connect4::Bitboard wins = threats().mine & open;
    if (wins) return keep_only(moves, wins);
    const connect4::Bitboard threats = this->threats().theirs;
    const connect4::Bitboard forced = open & threats;
    if (forced) return keep_only(moves, forced);  // two forced blocks: one is as lost as the other
    const connect4::Bitboard safe = open & ~(threats >> 1);
    if (!safe) return keep_only(moves, open);
    std::size_t kept = 0;
    for (const Move move : moves) {
      if (safe & connect4::column_cells(move)) moves[kept++] = move;
    }
    moves.resize(kept);
  }
  // No win before ply 3 without an immediate win; no loss before ply 4 while
  // a move exists that neither loses at once nor leaves a threat unblocked.
  [[nodiscard, gnu::always_inline]] engine::OutcomeHorizon outcome_horizon() const {
    const connect4::Bitboard open = playable();
    if (threats().mine & open) return {1, 2, 1};
    const connect4::Bitboard threats = this->threats().theirs;
    const connect4::Bitboard forced = open & threats;
    const connect4::Bitboard safe = (forced ? forced : open) & ~(threats >> 1);
    const bool holds = safe != 0 && (forced & (forced - 1)) == 0;
    return {3, holds ? 4 : 2, holds ? 0 : -2};
  }

  // Threats the move creates, then the centre. Inlined into the move
  // ordering, which asks it of every move at every node.
  [[nodiscard, gnu::always_inline]] int move_hint(Move column) const {
    const connect4::Bitboard stone =
        (mask_ + connect4::bottom_cell(column)) & connect4::column_cells(column);
    const int threats = std::popcount(connect4::winning_cells(current_ | stone, mask_ | stone));
    return threats * 8 + 3 - std::abs(column - 3);
  }

  // A proven value as the benchmark files write it: 22 minus the stones the
  // winner has played when it wins, negative when the side to move loses, 0
  // for a draw.
  [[nodiscard]] int benchmark_score(engine::Score value) const {
    if (!engine::is_decisive(value)) return 0;
    const int plies = engine::plies_to_end(value);
    const int winner_stones =
        value > 0 ? moves_ / 2 + (plies + 1) / 2 : (moves_ + 1) / 2 + plies / 2;
    return value > 0 ? 22 - winner_stones : -(22 - winner_stones);
  }

 private:
  // The winning cells of both sides. The search asks for them several times
  // at each node (horizon, forced moves), so the last answer is kept.
  struct Threats {
    connect4::Bitboard current = ~connect4::Bitboard{0};  // the position they belong to
    connect4::Bitboard mask = 0;
    connect4::Bitboard mine = 0;
    connect4::Bitboard theirs = 0;
  };
  const Threats& threats() const {
    if (threats_.current != current_ || threats_.mask != mask_) {
      threats_ = {current_, mask_, connect4::winning_cells(current_, mask_),
                  connect4::winning_cells(current_ ^ mask_, mask_)};
    }
    return threats_;
  }

  static constexpr int kColumnOrder[connect4::kWidth] = {0, 1, 2, 3, 4, 5, 6};
  static constexpr auto kCellKeys = zobrist_keys<128>(0xc4c4);

  [[nodiscard]] connect4::Bitboard playable() const {
    return (mask_ + connect4::kBottom) & connect4::kBoard;
  }
  static void keep_only(engine::MoveList<Move>& moves, connect4::Bitboard cells) {
    for (const Move move : moves) {
      if (cells & connect4::column_cells(move)) {
        moves.clear();
        moves.push_back(move);
        return;
      }
    }
  }

  connect4::Bitboard current_ = 0;  // stones of the side to move
  connect4::Bitboard mask_ = 0;     // all stones
  int moves_ = 0;
  std::uint64_t key_ = 0;
  mutable Threats threats_;
};

static_assert(engine::Game<ConnectFour>);
static_assert(engine::HasForcedMoves<ConnectFour>);
static_assert(engine::HasMoveHints<ConnectFour>);
static_assert(engine::HasPlyBound<ConnectFour>);
static_assert(engine::HasOutcomeHorizon<ConnectFour>);

}  // namespace brudno::games
