#include "games/chess/rules/san.hpp"

namespace brudno::games {

namespace {

constexpr char kSanPieceLetters[] = " PNBRQK";

std::string square_text(chess::Square square) {
  return {static_cast<char>('a' + chess::file_of(square)),
          static_cast<char>('1' + chess::rank_of(square))};
}

// What tells `move` apart from the other legal moves of the same kind of
// piece to the same square: nothing, the file, the rank, or both.
std::string disambiguation(const Chess& position, Chess::Move move, const Chess::MoveList& legal) {
  const chess::PieceType type = chess::type_of(position.piece_on(move.from()));
  bool ambiguous = false;
  bool same_file = false;
  bool same_rank = false;
  for (const auto other : legal) {
    if (other.to() != move.to() || other.from() == move.from()) continue;
    if (chess::type_of(position.piece_on(other.from())) != type) continue;
    ambiguous = true;
    same_file |= chess::file_of(other.from()) == chess::file_of(move.from());
    same_rank |= chess::rank_of(other.from()) == chess::rank_of(move.from());
  }
  if (!ambiguous) return "";
  const std::string from = square_text(move.from());
  if (!same_file) return from.substr(0, 1);
  if (!same_rank) return from.substr(1, 1);
  return from;
}

}  // namespace

std::string san(const Chess& position, Chess::Move move) {
  std::string text;
  if (move.kind() == Chess::Move::kCastling) {
    // The king's target square tells the side (in Chess960 the king may not move).
    text = chess::file_of(move.to()) == 6 ? "O-O" : "O-O-O";
  } else {
    const chess::PieceType type = chess::type_of(position.piece_on(move.from()));
    const bool capture = position.is_capture(move);
    if (type == chess::kPawn) {
      if (capture)
        text = std::string(1, static_cast<char>('a' + chess::file_of(move.from()))) + "x";
      text += square_text(move.to());
      if (move.kind() == Chess::Move::kPromotion) {
        text += std::string("=") + kSanPieceLetters[move.promotion()];
      }
    } else {
      Chess::MoveList legal;
      position.legal_moves(legal);
      text = kSanPieceLetters[type];
      text += disambiguation(position, move, legal);
      if (capture) text += 'x';
      text += square_text(move.to());
    }
  }
  Chess after = position;
  after.play(move);
  if (after.in_check()) {
    Chess::MoveList replies;
    after.legal_moves(replies);
    text += replies.empty() ? '#' : '+';
  }
  return text;
}

}  // namespace brudno::games
