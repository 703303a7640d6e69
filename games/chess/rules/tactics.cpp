// What the search asks about a move before playing it: its ordering band,
// its static exchange value, whether it gives check.

#include "games/chess/chess.hpp"

namespace brudno::games {

using namespace chess;

namespace {

// Exchange values (centipawns) by piece type; the king is never taken.
constexpr std::array<int, 7> kSeeValue = {0, 100, 300, 300, 500, 900, 0};

// Pieces of `color` pinned to their own king, and the sliders of the other
// side that pin them.
struct Pins {
  Bitboard pinned = 0;
  Bitboard pinners = 0;
};

Pins pins_on(const Chess& position, Color color) {
  Pins pins;
  const Square king = position.king_square(color);
  const Bitboard theirs = position.pieces(~color);
  const Bitboard queens = position.pieces(~color, kQueen);
  Bitboard snipers = (rook_attacks(king, theirs) & (position.pieces(~color, kRook) | queens)) |
                     (bishop_attacks(king, theirs) & (position.pieces(~color, kBishop) | queens));
  while (snipers) {
    const Square sniper = pop_lsb(snipers);
    const Bitboard blockers = between(king, sniper) & position.occupied();
    if (blockers && !more_than_one(blockers) && (blockers & position.pieces(color))) {
      pins.pinned |= blockers;
      pins.pinners |= square_bb(sniper);
    }
  }
  return pins;
}

}  // namespace

int Chess::move_hint(Move move) const {
  int band = 0;
  if (is_capture(move)) {
    const PieceType victim = move.kind() == Move::kEnPassant ? kPawn : type_of(board_[move.to()]);
    band = 64 + 8 * victim - type_of(board_[move.from()]);
  }
  if (move.kind() == Move::kPromotion) {
    if (move.promotion() == kQueen) return 100 + band;
    return band > 0 ? band : -1;
  }
  return band;
}

bool Chess::see_ge(Move move, int threshold) const {
  if (move.kind() != Move::kNormal) return threshold <= 0;
  const Square from = move.from();
  const Square to = move.to();
  // `balance` is what the side to move has won if the exchange stops now,
  // less the threshold; each capture flips whose turn it is to stop.
  int swap = kSeeValue[type_of(board_[to])] - threshold;
  if (swap < 0) return false;
  swap = kSeeValue[type_of(board_[from])] - swap;
  if (swap <= 0) return true;

  Bitboard occupied = this->occupied() ^ square_bb(from) ^ square_bb(to);
  Color stm = side_;
  Bitboard attackers = attackers_to(to, occupied);
  // Each side's pins are found when it first has a piece to take with:
  // most exchanges the search asks about (quiet moves near the horizon)
  // end before the opponent has any, and the pins cost more than the rest.
  Pins pins[2];
  bool pins_found[2] = {false, false};
  const Bitboard diagonal = by_type_[kBishop] | by_type_[kQueen];
  const Bitboard straight = by_type_[kRook] | by_type_[kQueen];
  int result = 1;
  while (true) {
    stm = ~stm;
    attackers &= occupied;
    Bitboard ours = attackers & pieces(stm);
    if (!ours) break;
    if (!pins_found[stm]) {
      pins[stm] = pins_on(*this, stm);
      pins_found[stm] = true;
    }
    // A pinned piece takes part only once its pinner has left the board.
    if (pins[stm].pinners & occupied) ours &= ~pins[stm].pinned;
    if (!ours) break;
    result ^= 1;
    // The least valuable attacker takes; sliders behind it join in (x-rays).
    Bitboard taker;
    if ((taker = ours & by_type_[kPawn])) {
      if ((swap = kSeeValue[kPawn] - swap) < result) break;
      occupied ^= square_bb(lsb(taker));
      attackers |= bishop_attacks(to, occupied) & diagonal;
    } else if ((taker = ours & by_type_[kKnight])) {
      if ((swap = kSeeValue[kKnight] - swap) < result) break;
      occupied ^= square_bb(lsb(taker));
    } else if ((taker = ours & by_type_[kBishop])) {
      if ((swap = kSeeValue[kBishop] - swap) < result) break;
      occupied ^= square_bb(lsb(taker));
      attackers |= bishop_attacks(to, occupied) & diagonal;
    } else if ((taker = ours & by_type_[kRook])) {
      if ((swap = kSeeValue[kRook] - swap) < result) break;
      occupied ^= square_bb(lsb(taker));
      attackers |= rook_attacks(to, occupied) & straight;
    } else if ((taker = ours & by_type_[kQueen])) {
      if ((swap = kSeeValue[kQueen] - swap) < result) break;
      occupied ^= square_bb(lsb(taker));
      attackers |=
          (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & straight);
    } else {
      // The king takes last, and only if nothing can take it back.
      return (attackers & ~pieces(stm)) ? result ^ 1 : result;
    }
  }
  return result != 0;
}

bool Chess::gives_check(Move move) const {
  const Color us = side_;
  const Square king = king_square(~us);
  const Square from = move.from();
  Square to = move.to();
  PieceType type = type_of(board_[from]);
  Bitboard occupied = (this->occupied() ^ square_bb(from)) | square_bb(to);
  Bitboard movers = square_bb(from);  // our pieces no longer where they were
  if (move.kind() == Move::kEnPassant) occupied ^= square_bb(to - forward(us));
  if (move.kind() == Move::kPromotion) type = move.promotion();
  if (move.kind() == Move::kCastling) {
    // Only the rook can give check: from its new square, beside the king's.
    // Both leave their squares before either lands (in Chess960 the king
    // may land where the rook stood).
    const int index = castling_index_of(move);
    const Square rook_from = castling_rook_[index];
    const Square rook_to = castling_rook_target(us, index & 1);
    occupied = (this->occupied() ^ square_bb(from) ^ square_bb(rook_from)) | square_bb(to) |
               square_bb(rook_to);
    to = rook_to;
    movers |= square_bb(rook_from);
    type = kRook;
  }
  Bitboard direct = 0;
  switch (type) {
    case kPawn:
      direct = kPawnAttacks[us][to];
      break;
    case kKnight:
      direct = kKnightAttacks[to];
      break;
    case kBishop:
      direct = bishop_attacks(to, occupied);
      break;
    case kRook:
      direct = rook_attacks(to, occupied);
      break;
    case kQueen:
      direct = queen_attacks(to, occupied);
      break;
    default:
      break;
  }
  if (direct & square_bb(king)) return true;
  // Discovered: one of our other sliders now sees the king.
  const Bitboard queens = pieces(us, kQueen);
  const Bitboard diagonal = (pieces(us, kBishop) | queens) & ~movers;
  const Bitboard straight = (pieces(us, kRook) | queens) & ~movers;
  return ((bishop_attacks(king, occupied) & diagonal) |
          (rook_attacks(king, occupied) & straight)) != 0;
}

Chess::CheckInfo Chess::check_info() const {
  const Color us = side_;
  const Square king = king_square(~us);
  const Bitboard occupied = this->occupied();
  CheckInfo info{king, {}, 0};
  info.squares[kPawn] = kPawnAttacks[~us][king];
  info.squares[kKnight] = kKnightAttacks[king];
  info.squares[kBishop] = bishop_attacks(king, occupied);
  info.squares[kRook] = rook_attacks(king, occupied);
  info.squares[kQueen] = info.squares[kBishop] | info.squares[kRook];
  const Bitboard queens = pieces(us, kQueen);
  Bitboard snipers = (rook_attacks(king, 0) & (pieces(us, kRook) | queens)) |
                     (bishop_attacks(king, 0) & (pieces(us, kBishop) | queens));
  while (snipers) {
    const Bitboard blockers = between(king, pop_lsb(snipers)) & occupied;
    if (blockers && !more_than_one(blockers)) info.discoverers |= blockers & pieces(us);
  }
  return info;
}

}  // namespace brudno::games
