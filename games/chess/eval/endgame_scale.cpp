#include "games/chess/eval/endgame_scale.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "games/chess/chess.hpp"
#include "games/chess/rules/bitboard.hpp"

namespace brudno::games::chess {
namespace {

// Pieces in pawn units, as the classic rules count them: enough to say
// "at most a minor piece more" and "less than a rook".
constexpr int kMinorUnits = 3;
constexpr int kRookUnits = 5;
constexpr int kQueenUnits = 9;
// Stockfish's factors for a pawnless side at most a minor piece ahead: a
// rook or more against at most a minor, and against more than that.
constexpr int kAgainstMinorScale = 4;
constexpr int kAgainstMoreScale = 14;

// The non-pawn material of `color`; bishops that all stand on squares of
// one colour count as one, since a second one controls no new square.
int piece_units(const Chess& position, Color color) {
  const Bitboard bishops = position.pieces(color, kBishop);
  const bool one_colour = (bishops & kDarkSquares) == 0 || (bishops & ~kDarkSquares) == 0;
  const int bishop_count =
      one_colour ? std::min(std::popcount(bishops), 1) : std::popcount(bishops);
  return kMinorUnits * (std::popcount(position.pieces(color, kKnight)) + bishop_count) +
         kRookUnits * std::popcount(position.pieces(color, kRook)) +
         kQueenUnits * std::popcount(position.pieces(color, kQueen));
}

int pawnless_scale(const Chess& position, Color strong) {
  const Color weak = ~strong;
  const int ours = piece_units(position, strong);
  const int theirs = piece_units(position, weak);
  // Two knights cannot force mate on a bare king (they can when its own
  // pawns take its moves away: then the rules below).
  const bool two_knights = position.pieces(strong) == (position.pieces(strong, kKnight) |
                                                       position.pieces(strong, kKing)) &&
                           std::popcount(position.pieces(strong, kKnight)) == 2;
  if (two_knights && position.pieces(weak) == position.pieces(weak, kKing)) return 0;
  if (ours - theirs > kMinorUnits) return kNormalScale;
  // KNK, KBK, a minor against a minor: no mate can be forced.
  if (ours < kRookUnits) return 0;
  return theirs <= kMinorUnits ? kAgainstMinorScale : kAgainstMoreScale;
}

// King, bishop and pawns all on one rook file against a bare king that holds
// the queening corner, which the bishop cannot drive it from.
int wrong_bishop_scale(const Chess& position, Color strong) {
  const Color weak = ~strong;
  const Bitboard pawns = position.pieces(strong, kPawn);
  const Bitboard bishops = position.pieces(strong, kBishop);
  if (position.pieces(weak) != position.pieces(weak, kKing)) return kNormalScale;
  if (position.pieces(strong) != (pawns | bishops | position.pieces(strong, kKing)) || bishops == 0)
    return kNormalScale;
  const bool a_file = (pawns & ~kFileA) == 0;
  const bool h_file = (pawns & ~kFileH) == 0;
  if (!a_file && !h_file) return kNormalScale;
  const Square corner = relative_square(strong, make_square(a_file ? 0 : 7, 7));
  const bool corner_dark = (kDarkSquares >> corner) & 1;
  const bool bishops_dark = (bishops & kDarkSquares) != 0;
  const bool bishops_light = (bishops & ~kDarkSquares) != 0;
  if (corner_dark ? bishops_dark : bishops_light) return kNormalScale;
  const Square king = position.king_square(weak);
  const int distance = std::max(std::abs(file_of(king) - file_of(corner)),
                                std::abs(rank_of(king) - rank_of(corner)));
  return distance <= 1 ? 0 : kNormalScale;
}

}  // namespace

int endgame_scale(const Chess& position, Color strong) {
  const Bitboard pawns = position.pieces(strong, kPawn);
  if (pawns == 0) return pawnless_scale(position, strong);
  // Most positions end here: pawns off the rook files.
  if ((pawns & ~kFileA) != 0 && (pawns & ~kFileH) != 0) return kNormalScale;
  return wrong_bishop_scale(position, strong);
}

}  // namespace brudno::games::chess
