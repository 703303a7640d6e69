#pragma once
// Material that cannot win: a factor out of kNormalScale by which the
// evaluation of the side ahead is scaled toward 0, so that a GUI never shows
// a winning score for a draw (KNNK, KBK, KNK, same-coloured bishops, a rook
// against a minor, a rook pawn with the bishop of the wrong colour). The
// rules are Stockfish's general pawnless rule and the classic known draws.

#include "games/chess/types.hpp"

namespace brudno::games {
class Chess;
}

namespace brudno::games::chess {

inline constexpr int kNormalScale = 64;

// The scale for `strong`, the side the evaluation favours: kNormalScale
// when nothing is known, 0 for a dead draw.
int endgame_scale(const Chess& position, Color strong);

}  // namespace brudno::games::chess
