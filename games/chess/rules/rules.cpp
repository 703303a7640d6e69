// The end of the game and the draw rules, and the null move.

#include <cassert>

#include "games/chess/chess.hpp"

namespace brudno::games {

using namespace chess;

engine::Status Chess::status() const {
  MoveList moves;
  legal_moves(moves);
  if (moves.empty()) return in_check() ? engine::Status::kLost : engine::Status::kDrawn;
  return rule_status();
}

engine::Status Chess::rule_status() const {
  const bool drawn = fifty_move_draw() || insufficient_material() || repetitions().count >= 2;
  return drawn ? engine::Status::kDrawn : engine::Status::kOngoing;
}

bool Chess::is_draw(int ply_from_root) const {
  if (fifty_move_draw() || insufficient_material()) return true;
  const Repetitions repeated = repetitions();
  return repeated.count >= 2 || (repeated.nearest != 0 && repeated.nearest <= ply_from_root);
}

bool Chess::fifty_move_draw() const {
  if (halfmove_clock_ < 100) return false;
  if (!in_check()) return true;
  MoveList moves;
  legal_moves(moves);
  return !moves.empty();  // a mate on the hundredth ply stands
}

bool Chess::insufficient_material() const {
  if (by_type_[kPawn] | by_type_[kRook] | by_type_[kQueen]) return false;
  const Bitboard minors = by_type_[kKnight] | by_type_[kBishop];
  if (!more_than_one(minors)) return true;  // KK, KNK, KBK
  // Bishops only, all on squares of one colour: none can ever give check.
  const Bitboard bishops = by_type_[kBishop];
  return by_type_[kKnight] == 0 &&
         ((bishops & kDarkSquares) == 0 || (bishops & ~kDarkSquares) == 0);
}

Chess::Repetitions Chess::repetitions() const {
  // Only positions since the last capture, pawn move or null move can repeat
  // this one, and only those with the same side to move.
  const int size = static_cast<int>(history_.size());
  const int window = std::min({halfmove_clock_, plies_since_null_, size});
  Repetitions found;
  for (int back = 4; back <= window; back += 2) {
    if (history_[size - back].key != key_) continue;
    ++found.count;
    if (found.nearest == 0) found.nearest = back;
  }
  return found;
}

void Chess::play_null() {
  assert(!in_check());
  Undo& undo = history_.emplace_back();
  undo.key = key_;
  undo.captured = kNoPiece;
  undo.castling = castling_;
  undo.en_passant = static_cast<std::uint8_t>(en_passant_);
  undo.plies_since_null = static_cast<std::uint16_t>(std::min(plies_since_null_, 0xFFFF));
  undo.halfmove_clock = static_cast<std::uint16_t>(halfmove_clock_);
  undo.move = Move{};
  undo.moved = kNoPiece;
  nnue_cache_.forget(history_.size());
  key_ ^= zobrist::kWhiteToMove;
  if (en_passant_ != kNoSquare) key_ ^= zobrist::en_passant(en_passant_);
  en_passant_ = kNoSquare;
  ++halfmove_clock_;
  plies_since_null_ = 0;
  fullmove_number_ += side_;
  side_ = ~side_;
  assert(!sampled_check_due<SampledCheck::kPosition>() || is_consistent());
}

void Chess::undo_null() {
  assert(!history_.empty() && history_.back().moved == kNoPiece);
  side_ = ~side_;
  fullmove_number_ -= side_;
  const Undo& undo = history_.back();
  key_ = undo.key;
  en_passant_ = undo.en_passant;
  halfmove_clock_ = undo.halfmove_clock;
  plies_since_null_ = undo.plies_since_null;
  history_.pop_back();
  assert(!sampled_check_due<SampledCheck::kPosition>() || is_consistent());
}

}  // namespace brudno::games
