#pragma once
// The vocabulary of the chess code: colours, pieces, squares and the 16-bit move.

#include <cassert>
#include <cstdint>

namespace brudno::games::chess {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color color) {
  return static_cast<Color>(color ^ 1);
}

enum PieceType : std::uint8_t {
  kNoPieceType = 0,
  kPawn = 1,
  kKnight = 2,
  kBishop = 3,
  kRook = 4,
  kQueen = 5,
  kKing = 6,
};

// A piece is its type plus 8 for black, so that a piece indexes tables of 16.
enum Piece : std::uint8_t { kNoPiece = 0 };
constexpr Piece make_piece(Color color, PieceType type) {
  return static_cast<Piece>(type + 8 * color);
}
constexpr PieceType type_of(Piece piece) {
  return static_cast<PieceType>(piece & 7);
}
constexpr Color color_of(Piece piece) {
  return static_cast<Color>(piece >> 3);
}

// a1 = 0, b1 = 1, ..., h8 = 63.
using Square = int;
inline constexpr Square kNoSquare = 64;
// On the board: a1..h8, not kNoSquare.
constexpr bool is_square(Square square) {
  return square >= 0 && square < 64;
}
constexpr int file_of(Square square) {
  return square & 7;
}
constexpr int rank_of(Square square) {
  return square >> 3;
}
constexpr Square make_square(int file, int rank) {
  assert(file >= 0 && file < 8 && rank >= 0 && rank < 8);
  return rank * 8 + file;
}
constexpr Bitboard square_bb(Square square) {
  assert(is_square(square));
  return Bitboard{1} << square;
}
// The square as the board shows it to the side `color`: rank 1 is its own back rank.
constexpr Square relative_square(Color color, Square square) {
  return square ^ (color * 56);
}
constexpr int relative_rank(Color color, Square square) {
  return rank_of(square) ^ (color * 7);
}

// Castling rights, one bit each.
enum CastlingRight : std::uint8_t {
  kWhiteShort = 1,
  kWhiteLong = 2,
  kBlackShort = 4,
  kBlackLong = 8,
  kAllCastling = 15,
};
// The index of a right's bit (0 white short .. 3 black long): the rights'
// tables are indexed by it.
constexpr int castling_index(Color color, bool long_side) {
  return 2 * color + (long_side ? 1 : 0);
}
// Where castling puts the king and the rook, in standard chess and in
// Chess960 alike: g1 and f1 on the short side, c1 and d1 on the long.
constexpr Square castling_king_target(Color color, bool long_side) {
  return relative_square(color, make_square(long_side ? 2 : 6, 0));
}
constexpr Square castling_rook_target(Color color, bool long_side) {
  return relative_square(color, make_square(long_side ? 3 : 5, 0));
}

// A move in 16 bits: destination (bits 0-5), origin (6-11), the promotion
// piece minus a knight (12-13) and the kind (14-15). Castling is the king's
// move to its target square (e1g1; in Chess960 it may not move at all, g1g1),
// which side it is told by that square's file (g or c); the all-zero move
// (a1a1) is never legal and stands for "none".
class Move {
 public:
  enum Kind : std::uint16_t {
    kNormal = 0,
    kPromotion = 1 << 14,
    kEnPassant = 2 << 14,
    kCastling = 3 << 14,
  };

  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = kNormal, PieceType promotion = kKnight)
      : bits_(static_cast<std::uint16_t>(to | (from << 6) | ((promotion - kKnight) << 12) | kind)) {
    assert(is_square(from) && is_square(to));
    assert(promotion >= kKnight && promotion <= kQueen);
  }

  [[nodiscard]] constexpr Square from() const { return (bits_ >> 6) & 63; }
  [[nodiscard]] constexpr Square to() const { return bits_ & 63; }
  [[nodiscard]] constexpr Kind kind() const { return static_cast<Kind>(bits_ & (3 << 14)); }
  [[nodiscard]] constexpr PieceType promotion() const {
    return static_cast<PieceType>(((bits_ >> 12) & 3) + kKnight);
  }
  [[nodiscard]] constexpr std::uint16_t bits() const { return bits_; }
  [[nodiscard]] constexpr bool is_none() const { return bits_ == 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t bits_ = 0;
};

}  // namespace brudno::games::chess
