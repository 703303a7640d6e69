#include "games/g2048/g2048.hpp"

#include <charconv>
#include <sstream>
#include <vector>

#include "games/common/zobrist.hpp"

namespace brudno::games {
namespace {

using g2048::Board;
using g2048::Direction;

constexpr std::string_view kDirectionNames[] = {"u", "d", "l", "r"};
constexpr std::string_view kSpawnWord = "spawn";
// Keys of boards with a tile due differ from those of boards to slide.
constexpr std::uint64_t kSpawnKey = 0x9d1c35a2b4f6e871ULL;

std::optional<int> parse_number(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The exponent of a tile value: 0 for 0, k for 2^k (2 to 32768); none else.
std::optional<int> rank_of_value(int value) {
  if (value == 0) return 0;
  for (int rank = 1; rank <= g2048::kMaxRank; ++rank) {
    if (value == 1 << rank) return rank;
  }
  return std::nullopt;
}

int value_of_rank(int rank) {
  return rank == 0 ? 0 : 1 << rank;
}

}  // namespace

std::optional<Game2048> Game2048::parse(std::string_view text) {
  std::istringstream in{std::string(text)};
  Board board = 0;
  std::string word;
  for (int cell = 0; cell < g2048::kCells; ++cell) {
    if (!(in >> word)) return std::nullopt;
    const auto value = parse_number(word);
    if (!value) return std::nullopt;
    const auto rank = rank_of_value(*value);
    if (!rank) return std::nullopt;
    board = g2048::with_rank(board, cell, *rank);
  }
  bool spawn_due = false;
  if (in >> word) {
    if (word != kSpawnWord) return std::nullopt;
    // A tile is due only where there is room for it.
    if (g2048::empty_cells(board) == 0) return std::nullopt;
    spawn_due = true;
  }
  if (in >> word) return std::nullopt;
  return Game2048(board, spawn_due);
}

std::string Game2048::to_text() const {
  std::string text;
  for (int cell = 0; cell < g2048::kCells; ++cell) {
    if (cell > 0) text += ' ';
    text += std::to_string(value_of_rank(g2048::rank_at(board_, cell)));
  }
  if (spawn_due_) text += ' ' + std::string(kSpawnWord);
  return text;
}

std::string Game2048::to_display() const {
  std::ostringstream out;
  for (int row = 0; row < 4; ++row) {
    for (int column = 0; column < 4; ++column) {
      const int value = value_of_rank(g2048::rank_at(board_, 4 * row + column));
      std::string cell = value == 0 ? "." : std::to_string(value);
      out << std::string(6 - cell.size(), ' ') << cell;
    }
    out << '\n';
  }
  out << (spawn_due_ ? "a tile is due (spawn)\n" : "to slide\n");
  return out.str();
}

std::optional<Game2048::Move> Game2048::parse_move(std::string_view text) const {
  engine::MoveList<Move> legal;
  legal_moves(legal);
  std::optional<Move> move;
  if (!spawn_due_) {
    for (int i = 0; i < 4; ++i) {
      if (text == kDirectionNames[i]) move = static_cast<Move>(i);
    }
  } else if (const auto at = text.find('@'); at != std::string_view::npos) {
    const auto tile = parse_number(text.substr(0, at));
    const auto cell = parse_number(text.substr(at + 1));
    if (tile && cell && (*tile == 2 || *tile == 4) && *cell >= 1 && *cell <= g2048::kCells) {
      move = spawn(*cell - 1, *tile == 4);
    }
  }
  // A slide that changes nothing, or a tile on an occupied cell, is no move.
  if (!move || !legal.contains(*move)) return std::nullopt;
  return move;
}

std::string Game2048::move_text(Move move) {
  if (!is_spawn(move)) return std::string(kDirectionNames[move & 3]);
  const int index = move - kFirstSpawn;
  return std::string((index & 1) != 0 ? "4" : "2") + "@" + std::to_string(index / 2 + 1);
}

void Game2048::legal_moves(engine::MoveList<Move>& moves) const {
  if (spawn_due_) {
    for (int cell = 0; cell < g2048::kCells; ++cell) {
      if (g2048::rank_at(board_, cell) != 0) continue;
      moves.push_back(spawn(cell, false));
      moves.push_back(spawn(cell, true));
    }
    return;
  }
  Slides& slides = slides_[undo_top_];
  slides.from = board_;
  for (int i = 0; i < 4; ++i) {
    slides.to[i] = g2048::slide(board_, static_cast<Direction>(i));
    if (slides.to[i] != board_) moves.push_back(static_cast<Move>(i));
  }
}

void Game2048::play(Move move) {
  if (is_spawn(move)) {
    const int index = move - kFirstSpawn;
    board_ = g2048::with_rank(board_, index / 2, (index & 1) != 0 ? 2 : 1);
    spawn_due_ = false;
    return;
  }
  const Slides& slides = slides_[undo_top_];
  const Board slid = slides.from == board_ ? slides.to[move & 3]
                                           : g2048::slide(board_, static_cast<Direction>(move));
  undo_[undo_top_++ % kUndoRing] = board_;
  board_ = slid;
  spawn_due_ = true;
}

void Game2048::undo(Move move) {
  if (is_spawn(move)) {
    board_ = g2048::with_rank(board_, (move - kFirstSpawn) / 2, 0);
    spawn_due_ = true;
    return;
  }
  board_ = undo_[--undo_top_ % kUndoRing];
  spawn_due_ = false;
}

engine::Status Game2048::status() const {
  if (spawn_due_ || g2048::can_move(board_)) return engine::Status::kOngoing;
  return engine::Status::kLost;
}

engine::Score Game2048::evaluate() const {
  if (!spawn_due_ && !g2048::can_move(board_)) return g2048::kLostValue;
  const auto& table = g2048::row_tables().heuristic;
  const Board columns = g2048::transpose(board_);
  std::int64_t value = g2048::kAliveBonus;
  for (int row = 0; row < 4; ++row) {
    value += table[g2048::row_of(board_, row)] + table[g2048::row_of(columns, row)];
  }
  return static_cast<engine::Score>(value);
}

std::uint64_t Game2048::key() const {
  // The board is the whole position: one mix of it is a key.
  return mix64(board_) ^ (spawn_due_ ? kSpawnKey : 0);
}

}  // namespace brudno::games
