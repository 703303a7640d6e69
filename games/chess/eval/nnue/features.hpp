#pragma once
// The network's input features (docs/nnue.md, "Architecture"): 768 per
// perspective, 2 (own, opponent) x 6 piece types x 64 squares, black seeing
// the board mirrored vertically. The same formula as tools/nnue/records.py.

#include "games/chess/types.hpp"

namespace brudno::games::chess::nnue {

constexpr int feature_index(Color perspective, Piece piece, Square square) {
  const int side = color_of(piece) == perspective ? 0 : 1;
  const int type = type_of(piece) - kPawn;
  const Square seen = perspective == kWhite ? square : square ^ 56;
  return (side * 6 + type) * 64 + seen;
}

static_assert(feature_index(kWhite, make_piece(kWhite, kPawn), 8) == 8);
static_assert(feature_index(kBlack, make_piece(kBlack, kPawn), 48) == 8);
static_assert(feature_index(kWhite, make_piece(kBlack, kKing), 63) == 11 * 64 + 63);

}  // namespace brudno::games::chess::nnue
