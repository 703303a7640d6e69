#pragma once
// 2048 as a game of brudno: one player slides the tiles (u, d, l, r); then
// chance puts a 2 (weight 9) or a 4 (weight 1) on a uniformly chosen empty
// cell, so each (cell, tile) outcome of a board with e empty cells has
// probability 9/(10e) or 1/(10e). The game ends when no slide changes the
// board. The position alternates between decision nodes (the player to
// slide) and chance nodes (a slide made, its tile not yet placed); the
// search (HasChance) takes the expectation over the spawns.
//
// Text (docs/protocol.md): the 16 tile values row by row from the top left,
// 0 for an empty cell, then the word `spawn` when a tile is due. Moves:
// `u d l r`, and a spawn as `<tile>@<cell>`, the cell numbered 1-16 row by
// row from the top left (`2@1`, `4@16`), so that a game replays exactly.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/game.hpp"
#include "games/g2048/board.hpp"
#include "games/g2048/evaluation.hpp"

namespace brudno::games {

class Game2048 {
 public:
  // 0-3: the slides u d l r; 16 + 2 * cell + (0 for a 2, 1 for a 4): a spawn.
  using Move = std::uint8_t;
  static constexpr std::string_view kName = "2048";
  static constexpr engine::Score kMinValue = g2048::kMinValue;
  static constexpr engine::Score kMaxValue = g2048::kMaxValue;
  // Evaluations step in hundreds of units and more.
  static constexpr engine::GameTraits kTraits{.aspiration_window = 2000};
  static constexpr Move kFirstSpawn = 16;
  static constexpr std::uint32_t kTwoWeight = 9;
  static constexpr std::uint32_t kFourWeight = 1;
  // A 2 on cell 6 and one on cell 15 (numbered from 1).
  static constexpr g2048::Board kStartBoard =
      (g2048::Board{1} << (4 * 5)) | (g2048::Board{1} << (4 * 14));

  Game2048() = default;
  explicit Game2048(g2048::Board board, bool spawn_due = false)
      : board_(board), spawn_due_(spawn_due) {}

  static Game2048 start_position() { return Game2048(kStartBoard); }
  static std::optional<Game2048> parse(std::string_view text);
  [[nodiscard]] std::string to_text() const;
  [[nodiscard]] std::string to_display() const;
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  static std::string move_text(Move move);

  void legal_moves(engine::MoveList<Move>& moves) const;
  void play(Move move);
  void undo(Move move);
  [[nodiscard]] engine::Status status() const;
  [[nodiscard]] engine::Score evaluate() const;
  [[nodiscard]] std::uint64_t key() const;
  [[nodiscard]] int side_to_move() const { return 0; }
  [[nodiscard]] bool is_chance_node() const { return spawn_due_; }
  [[nodiscard]] std::uint32_t chance_weight(Move move) const {
    return (move & 1) != 0 ? kFourWeight : kTwoWeight;
  }

  [[nodiscard]] g2048::Board board() const { return board_; }
  static constexpr Move spawn(int cell, bool four) {
    return static_cast<Move>(kFirstSpawn + 2 * cell + (four ? 1 : 0));
  }
  static constexpr bool is_spawn(Move move) { return move >= kFirstSpawn; }

 private:
  // Boards before the slides still to undo: a search undoes at most
  // kMaxPly slides, so a ring of them is enough however long the game.
  static constexpr std::size_t kUndoRing = 256;

  // The slides legal_moves() worked out, kept for play() to reuse: one set
  // per slide depth (undo_top_), so that a node's set outlives the search
  // of its first move's subtree.
  struct Slides {
    g2048::Board from = 0;  // the board they are of
    std::array<g2048::Board, 4> to{};
  };

  g2048::Board board_ = 0;
  bool spawn_due_ = false;
  std::uint8_t undo_top_ = 0;  // wraps with the ring
  std::array<g2048::Board, kUndoRing> undo_{};
  mutable std::array<Slides, kUndoRing> slides_{};
};

static_assert(engine::HasChance<Game2048>);

}  // namespace brudno::games
