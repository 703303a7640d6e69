// The position's invariants, checked from scratch (Chess::is_consistent):
// what play(), undo() and the null move keep incrementally must equal what
// the board says, and the board must be one the rules can reach.

#include <array>
#include <bit>

#include "games/chess/chess.hpp"

namespace brudno::games {

using namespace chess;

// One invariant or a family of them per step, each answering whether it holds.
class Chess::ConsistencyCheck {
 public:
  explicit ConsistencyCheck(const Chess& position) : position_(position) {}

  // Each square's piece is in its type's and colour's sets, each empty
  // square in none, and no square is in two sets of types or of colours.
  [[nodiscard]] bool board_agrees_with_sets() const {
    std::array<Bitboard, 7> by_type{};
    std::array<Bitboard, 2> by_color{};
    for (Square square = 0; square < 64; ++square) {
      const Piece piece = position_.board_[square];
      if (piece == kNoPiece) continue;
      if (!is_piece(piece)) return false;
      by_type[0] |= square_bb(square);
      by_type[type_of(piece)] |= square_bb(square);
      by_color[color_of(piece)] |= square_bb(square);
    }
    if (by_type != position_.by_type_ || by_color != position_.by_color_) return false;
    Bitboard seen = 0;
    for (int type = kPawn; type <= kKing; ++type) {
      if (seen & position_.by_type_[type]) return false;
      seen |= position_.by_type_[type];
    }
    const Bitboard white = position_.by_color_[kWhite];
    const Bitboard black = position_.by_color_[kBlack];
    return seen == position_.by_type_[0] && !(white & black) && (white | black) == seen;
  }

  // One king a side, no pawn on the first or last rank, and the side that
  // has just moved not in check.
  [[nodiscard]] bool material_is_possible() const {
    if (position_.side_ != kWhite && position_.side_ != kBlack) return false;
    for (const Color color : {kWhite, kBlack}) {
      if (std::popcount(position_.pieces(color, kKing)) != 1) return false;
    }
    if (position_.pieces(kPawn) & (kRank1 | kRank8)) return false;
    const Color us = position_.side_;
    return !(position_.attackers_to(position_.king_square(~us), position_.occupied()) &
             position_.pieces(us));
  }

  // What play() and undo() keep incrementally: the key and the material
  // and piece-square sum.
  [[nodiscard]] bool incremental_values_agree() const {
    if (position_.key_ != position_.compute_key()) return false;
    eval::Pair piece_square;
    for (Bitboard all = position_.occupied(); all;) {
      const Square square = pop_lsb(all);
      piece_square += eval::kPieceSquare[position_.board_[square]][square];
    }
    return piece_square == position_.piece_square_;
  }

  // Each right's king and rook on their first rank, the rook on the right's
  // side of the king (in standard mode the king on e1 or e8 and the rook in
  // the corner), the squares it needs as add_castling_right() set them, and
  // a move of either piece taking the right away.
  [[nodiscard]] bool castling_rights_hold() const {
    for (int index = 0; index < 4; ++index) {
      if (!(position_.castling_ & (1 << index))) continue;
      const auto color = static_cast<Color>(index >> 1);
      const bool long_side = index & 1;
      const Square king = position_.king_square(color);
      const Square rook = position_.castling_rook_[index];
      if (!is_square(rook) || position_.board_[rook] != make_piece(color, kRook)) return false;
      if (relative_rank(color, king) != 0 || rank_of(rook) != rank_of(king)) return false;
      if ((file_of(rook) < file_of(king)) != long_side) return false;
      if (!position_.chess960_ && (file_of(king) != 4 || file_of(rook) != (long_side ? 0 : 7)))
        return false;
      const CastlingPaths paths = castling_paths(color, king, rook);
      if (position_.castling_path_[index] != paths.empty ||
          position_.castling_king_path_[index] != paths.safe)
        return false;
      const int bit = 1 << index;
      if ((position_.castling_mask_[king] & bit) || (position_.castling_mask_[rook] & bit))
        return false;
    }
    return true;
  }

  // Kept only after a double step, and only where a pawn can take on it.
  [[nodiscard]] bool en_passant_is_plausible() const {
    const Square target = position_.en_passant_;
    if (target == kNoSquare) return true;
    const Color us = position_.side_;
    if (!is_square(target) || relative_rank(us, target) != 5) return false;
    const Square pawn = target - forward(us);
    const Square origin = target + forward(us);
    return position_.board_[pawn] == make_piece(~us, kPawn) &&
           position_.board_[target] == kNoPiece && position_.board_[origin] == kNoPiece &&
           (kPawnAttacks[~us][target] & position_.pieces(us, kPawn)) != 0;
  }

  // The FEN reader caps the clocks; each move or null move since adds at
  // most one to them, and one entry to the history.
  [[nodiscard]] bool clocks_in_range() const {
    const auto plies = static_cast<int>(position_.history_.size());
    return position_.halfmove_clock_ >= 0 &&
           position_.halfmove_clock_ <= kMaxHalfmoveClock + plies &&
           position_.plies_since_null_ >= 0 &&
           position_.plies_since_null_ <= kMaxHalfmoveClock + plies &&
           position_.fullmove_number_ >= 1 &&
           position_.fullmove_number_ <= kMaxFullmoveNumber + plies;
  }

 private:
  static bool is_piece(Piece piece) {
    return type_of(piece) >= kPawn && type_of(piece) <= kKing && (piece & ~15) == 0;
  }

  const Chess& position_;
};

bool Chess::is_consistent() const {
  const ConsistencyCheck check(*this);
  // The board first: the other steps read it through the sets.
  return check.board_agrees_with_sets() && check.material_is_possible() &&
         check.incremental_values_agree() && check.castling_rights_hold() &&
         check.en_passant_is_plausible() && check.clocks_in_range();
}

}  // namespace brudno::games
