// Strictly legal move generation. Per position: the checkers and the pinned
// pieces with their pin lines; in double check only the king moves; in
// single check the other pieces may only take the checker or step between
// it and the king. The king never steps onto a square the opponent attacks
// with the king itself taken off the board (so it cannot retreat along the
// checking line). En passant, which can uncover a rank, is checked directly.

#include "engine/perft.hpp"
#include "games/chess/chess.hpp"

namespace brudno::games {

using namespace chess;

namespace {

// Every square the side `them` attacks, with `occupied` as the blockers.
Bitboard attacked_squares(const Chess& position, Color them, Bitboard occupied) {
  const Bitboard pawns = position.pieces(them, kPawn);
  Bitboard attacked =
      them == kWhite ? shift<7>(pawns) | shift<9>(pawns) : shift<-9>(pawns) | shift<-7>(pawns);
  attacked |= kKingAttacks[position.king_square(them)];
  for (Bitboard knights = position.pieces(them, kKnight); knights;)
    attacked |= kKnightAttacks[pop_lsb(knights)];
  const Bitboard queens = position.pieces(them, kQueen);
  for (Bitboard diagonal = position.pieces(them, kBishop) | queens; diagonal;)
    attacked |= bishop_attacks(pop_lsb(diagonal), occupied);
  for (Bitboard straight = position.pieces(them, kRook) | queens; straight;)
    attacked |= rook_attacks(pop_lsb(straight), occupied);
  return attacked;
}

constexpr PieceType kPromotions[] = {kQueen, kRook, kBishop, kKnight};

// Where the generator puts moves one at a time: the pawns' target sets and
// the promotions broken into moves for the sink's add().
template <class Sink>
class MoveBySink {
 public:
  static constexpr bool kStopsEarly = false;
  // Pawn moves: each target square came from `kDelta` squares back.
  template <int kDelta>
  void add_shifted(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets);
      self().add(Move(to - kDelta, to));
    }
  }
  template <int kDelta>
  void add_promotions_shifted(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets);
      add_promotions(to - kDelta, to);
    }
  }
  void add_promotions(Square from, Square to) {
    for (const PieceType piece : kPromotions) self().add(Move(from, to, Move::kPromotion, piece));
  }

 private:
  Sink& self() { return static_cast<Sink&>(*this); }
};

// In a list, or (perft's last ply, below) only into their number, a
// popcount per piece instead of a write per move.
class ListSink : public MoveBySink<ListSink> {
 public:
  explicit ListSink(Chess::MoveList& moves) : moves_(moves) {}
  void add(Move move) { moves_.push_back(move); }
  void add_from(Square from, Bitboard targets) {
    while (targets) moves_.push_back(Move(from, pop_lsb(targets)));
  }

 private:
  Chess::MoveList& moves_;
};

// Keeps the moves that give check, a piece's whole set of targets at once:
// those where it would attack the king, all of them for a piece whose
// leaving uncovers a check, except along the line it leaves.
class CheckSink : public MoveBySink<CheckSink> {
 public:
  CheckSink(const Chess& position, Chess::MoveList& moves)
      : position_(position), info_(position.check_info()), moves_(moves) {}
  void add(Move move) {
    if (position_.gives_check(move, info_)) moves_.push_back(move);
  }
  void add_from(Square from, Bitboard targets) {
    Bitboard checking = targets & info_.squares[type_of(position_.piece_on(from))];
    if (info_.discoverers & square_bb(from)) checking |= targets & ~line(from, info_.king);
    while (checking) moves_.push_back(Move(from, pop_lsb(checking)));
  }

 private:
  const Chess& position_;
  const Chess::CheckInfo info_;
  Chess::MoveList& moves_;
};

// Stops the generator at the first move (after the king's, which it looks
// at first): only whether there is one is wanted.
class AnySink {
 public:
  static constexpr bool kStopsEarly = true;
  void add(Move) { found_ = true; }
  void add_from(Square, Bitboard targets) { found_ |= targets != 0; }
  template <int>
  void add_shifted(Bitboard targets) {
    found_ |= targets != 0;
  }
  template <int>
  void add_promotions_shifted(Bitboard targets) {
    found_ |= targets != 0;
  }
  void add_promotions(Square, Square) { found_ = true; }
  [[nodiscard]] bool found() const { return found_; }

 private:
  bool found_ = false;
};

class CountSink {
 public:
  static constexpr bool kStopsEarly = false;
  void add(Move) { ++count_; }
  void add_from(Square, Bitboard targets) { count_ += std::popcount(targets); }
  template <int>
  void add_shifted(Bitboard targets) {
    count_ += std::popcount(targets);
  }
  template <int>
  void add_promotions_shifted(Bitboard targets) {
    count_ += 4 * std::popcount(targets);
  }
  void add_promotions(Square, Square) { count_ += 4; }
  [[nodiscard]] std::size_t count() const { return count_; }

 private:
  std::size_t count_ = 0;
};

}  // namespace

Bitboard Chess::attackers_to(Square square, Bitboard occupied) const {
  return (kPawnAttacks[kBlack][square] & pieces(kWhite, kPawn)) |
         (kPawnAttacks[kWhite][square] & pieces(kBlack, kPawn)) |
         (kKnightAttacks[square] & by_type_[kKnight]) | (kKingAttacks[square] & by_type_[kKing]) |
         (bishop_attacks(square, occupied) & (by_type_[kBishop] | by_type_[kQueen])) |
         (rook_attacks(square, occupied) & (by_type_[kRook] | by_type_[kQueen]));
}

bool Chess::can_castle(int index, Bitboard occupied, Bitboard danger,
                       Bitboard their_straight) const {
  if (!(castling_ & (1 << index)) || (occupied & castling_path_[index]) ||
      (danger & castling_king_path_[index]))
    return false;
  // In Chess960 the castling rook may stand between the king's target and
  // a rook or queen of theirs on the back rank (rook b1, queen a1, king
  // landing on c1): `danger` saw the rook still there. In the corners it
  // shields nothing, so standard chess never gets this far.
  const Square rook = castling_rook_[index];
  if (!(file_of(rook) == 0 || file_of(rook) == 7)) {
    const Square target = castling_king_target(static_cast<Color>(index >> 1), index & 1);
    if (rook_attacks(target, occupied ^ square_bb(rook)) & their_straight & rank_bb(rank_of(rook)))
      return false;
  }
  return true;
}

template <Color kUs, bool kNoisyOnly, class Sink>
void Chess::generate_for(Sink& sink) const {
  constexpr Color kThem = ~kUs;
  constexpr int kUp = kUs == kWhite ? 8 : -8;
  constexpr int kUpWest = kUs == kWhite ? 7 : -9;
  constexpr int kUpEast = kUs == kWhite ? 9 : -7;
  constexpr Bitboard kRank7 = kUs == kWhite ? rank_bb(6) : rank_bb(1);
  constexpr Bitboard kRank3 = kUs == kWhite ? rank_bb(2) : rank_bb(5);

  const Bitboard occupied = this->occupied();
  const Bitboard ours = pieces(kUs);
  const Bitboard theirs = pieces(kThem);
  const Square king = king_square(kUs);
  const Bitboard their_diagonal = pieces(kThem, kBishop) | pieces(kThem, kQueen);
  const Bitboard their_straight = pieces(kThem, kRook) | pieces(kThem, kQueen);

  const Bitboard checkers = attackers_to(king, occupied) & theirs;
  const Bitboard danger = attacked_squares(*this, kThem, occupied ^ square_bb(king));
  const Bitboard king_targets = kNoisyOnly ? theirs : ~ours;
  sink.add_from(king, kKingAttacks[king] & king_targets & ~danger);
  if constexpr (Sink::kStopsEarly) {
    if (sink.found()) return;
  }
  if (more_than_one(checkers)) return;

  // The squares the other pieces may move to: anywhere, or onto the checker
  // or between it and the king.
  const Bitboard evasion = checkers ? between(king, lsb(checkers)) | checkers : ~Bitboard{0};
  const Bitboard capture_targets = theirs & evasion;
  const Bitboard targets = kNoisyOnly ? capture_targets : ~ours & evasion;

  // Pieces of ours alone between the king and one of their sliders.
  Bitboard pinned = 0;
  Bitboard snipers = (rook_attacks(king, theirs) & their_straight) |
                     (bishop_attacks(king, theirs) & their_diagonal);
  while (snipers) {
    const Bitboard blockers = between(king, pop_lsb(snipers)) & occupied;
    if (!more_than_one(blockers)) pinned |= blockers & ours;
  }

  // Pawns that are not pinned, all at once.
  const Bitboard empty = ~occupied;
  const Bitboard pawns = pieces(kUs, kPawn) & ~pinned;
  const Bitboard promoting = pawns & kRank7;
  const Bitboard others = pawns & ~kRank7;
  if constexpr (!kNoisyOnly) {
    const Bitboard single = shift<kUp>(others) & empty;
    const Bitboard twice = shift<kUp>(single & kRank3) & empty & evasion;
    sink.template add_shifted<kUp>(single & evasion);
    sink.template add_shifted<2 * kUp>(twice);
  }
  sink.template add_shifted<kUpWest>(shift<kUpWest>(others) & capture_targets);
  sink.template add_shifted<kUpEast>(shift<kUpEast>(others) & capture_targets);
  if (promoting) {
    sink.template add_promotions_shifted<kUp>(shift<kUp>(promoting) & empty & evasion);
    sink.template add_promotions_shifted<kUpWest>(shift<kUpWest>(promoting) & capture_targets);
    sink.template add_promotions_shifted<kUpEast>(shift<kUpEast>(promoting) & capture_targets);
  }
  // Pinned pawns, one by one, along their pin line. In check a pinned piece
  // has no move: it could not take or block a second attacker on its king.
  if (!checkers) {
    for (Bitboard pinned_pawns = pieces(kUs, kPawn) & pinned; pinned_pawns;) {
      const Square from = pop_lsb(pinned_pawns);
      const Bitboard along = line(king, from);
      const Bitboard captures = kPawnAttacks[kUs][from] & theirs & along;
      const Bitboard push = square_bb(from + kUp) & empty & along;
      Bitboard destinations = captures;
      if (!kNoisyOnly || (square_bb(from) & kRank7)) destinations |= push;
      if (!kNoisyOnly && push && (square_bb(from) & rank_bb(kUs == kWhite ? 1 : 6)))
        destinations |= square_bb(from + 2 * kUp) & empty;
      while (destinations) {
        const Square to = pop_lsb(destinations);
        if (square_bb(from) & kRank7) {
          sink.add_promotions(from, to);
        } else {
          sink.add(Move(from, to));
        }
      }
    }
  }
  // En passant: legal when it takes the checker or blocks, and when taking
  // both pawns off their rank and file uncovers no slider on the king.
  if (en_passant_ != kNoSquare) {
    const Square captured = en_passant_ - kUp;
    if (evasion & (square_bb(en_passant_) | square_bb(captured))) {
      for (Bitboard takers = kPawnAttacks[kThem][en_passant_] & pieces(kUs, kPawn); takers;) {
        const Square from = pop_lsb(takers);
        const Bitboard after =
            (occupied ^ square_bb(from) ^ square_bb(captured)) | square_bb(en_passant_);
        if (!(rook_attacks(king, after) & their_straight) &&
            !(bishop_attacks(king, after) & their_diagonal))
          sink.add(Move(from, en_passant_, Move::kEnPassant));
      }
    }
  }

  // Pieces. A pinned knight never moves; a pinned slider stays on its line.
  for (Bitboard knights = pieces(kUs, kKnight) & ~pinned; knights;) {
    const Square from = pop_lsb(knights);
    sink.add_from(from, kKnightAttacks[from] & targets);
  }
  const Bitboard queens = pieces(kUs, kQueen);
  for (Bitboard diagonal = pieces(kUs, kBishop) | queens; diagonal;) {
    const Square from = pop_lsb(diagonal);
    Bitboard reach = bishop_attacks(from, occupied) & targets;
    if (square_bb(from) & pinned) reach &= line(king, from);
    sink.add_from(from, reach);
  }
  for (Bitboard straight = pieces(kUs, kRook) | queens; straight;) {
    const Square from = pop_lsb(straight);
    Bitboard reach = rook_attacks(from, occupied) & targets;
    if (square_bb(from) & pinned) reach &= line(king, from);
    sink.add_from(from, reach);
  }

  // Castling: the squares between king and rook and their targets empty,
  // the king not in check and not passing or landing on an attacked square.
  if constexpr (!kNoisyOnly) {
    constexpr int kShort = castling_index(kUs, false);
    constexpr int kLong = castling_index(kUs, true);
    if ((castling_ & ((1 << kShort) | (1 << kLong))) && !checkers) {
      if (can_castle(kShort, occupied, danger, their_straight))
        sink.add(Move(king, castling_king_target(kUs, false), Move::kCastling));
      if (can_castle(kLong, occupied, danger, their_straight))
        sink.add(Move(king, castling_king_target(kUs, true), Move::kCastling));
    }
  }
}

template <bool kNoisyOnly, class Sink>
void Chess::generate(Sink& sink) const {
  if (side_ == kWhite) {
    generate_for<kWhite, kNoisyOnly>(sink);
  } else {
    generate_for<kBlack, kNoisyOnly>(sink);
  }
}

void Chess::legal_moves(MoveList& moves) const {
  ListSink sink(moves);
  generate<false>(sink);
}
void Chess::noisy_moves(MoveList& moves) const {
  ListSink sink(moves);
  generate<true>(sink);
}
std::size_t Chess::count_legal_moves() const {
  CountSink sink;
  generate<false>(sink);
  return sink.count();
}
bool Chess::is_legal_plain(Move move) const {
  if (move.kind() != Move::kNormal) return false;
  const Color us = side_;
  const Square from = move.from();
  const Square to = move.to();
  const Piece piece = board_[from];
  if (piece == kNoPiece || color_of(piece) != us || (pieces(us) & square_bb(to))) return false;
  const Bitboard occupied = this->occupied();
  const Bitboard target = square_bb(to);
  switch (type_of(piece)) {
    case kPawn: {
      if (relative_rank(us, to) == 7) return false;  // a promotion
      const Square ahead = from + forward(us);
      const bool push = to == ahead && board_[to] == kNoPiece;
      const bool twice = relative_rank(us, from) == 1 && to == ahead + forward(us) &&
                         board_[ahead] == kNoPiece && board_[to] == kNoPiece;
      const bool takes = (kPawnAttacks[us][from] & target) && board_[to] != kNoPiece;
      if (!push && !twice && !takes) return false;
      break;
    }
    case kKnight:
      if (!(kKnightAttacks[from] & target)) return false;
      break;
    case kBishop:
      if (!(bishop_attacks(from, occupied) & target)) return false;
      break;
    case kRook:
      if (!(rook_attacks(from, occupied) & target)) return false;
      break;
    case kQueen:
      if (!(queen_attacks(from, occupied) & target)) return false;
      break;
    case kKing:
      if (!(kKingAttacks[from] & target)) return false;
      break;
    default:
      return false;
  }
  // Legal when nothing of theirs, the taken piece aside, then attacks the king.
  const Bitboard after = (occupied ^ square_bb(from)) | target;
  const Square king = type_of(piece) == kKing ? to : king_square(us);
  return !(attackers_to(king, after) & pieces(~us) & ~target);
}

void Chess::checking_moves(MoveList& moves) const {
  CheckSink sink(*this, moves);
  generate<false>(sink);
}
bool Chess::has_legal_move() const {
  AnySink sink;
  generate<false>(sink);
  return sink.found();
}

std::uint64_t perft(Chess& position, int depth, const std::atomic<bool>* abandoned) {
  if (depth <= 0) return 1;
  if (depth == 1) return position.count_legal_moves();
  if (engine::perft_abandoned(abandoned, depth)) return 0;
  Chess::MoveList moves;
  position.legal_moves(moves);
  std::uint64_t total = 0;
  for (const Chess::Move move : moves) {
    position.play(move);
    total += perft(position, depth - 1, abandoned);
    position.undo(move);
  }
  return total;
}

std::vector<PerftDivision> perft_divide(Chess& position, int depth,
                                        const std::atomic<bool>* abandoned) {
  Chess::MoveList moves;
  position.legal_moves(moves);
  std::vector<PerftDivision> division;
  for (const Chess::Move move : moves) {
    position.play(move);
    division.push_back({move, perft(position, depth - 1, abandoned)});
    position.undo(move);
  }
  return division;
}

}  // namespace brudno::games
