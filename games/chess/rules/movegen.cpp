// Strictly legal move generation. Per position: the checkers and the pinned
// pieces with their pin lines; in double check only the king moves; in
// single check the other pieces may only take the checker or step between
// it and the king. The king never steps onto a square the opponent attacks
// with the king itself taken off the board (so it cannot retreat along the
// checking line). En passant, which can uncover a rank, is checked directly.

#include <cassert>

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
      assert(is_square(to - kDelta));
      self().add(Move(to - kDelta, to));
    }
  }
  template <int kDelta>
  void add_promotions_shifted(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets);
      assert(is_square(to - kDelta));
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

// What every step of the generator needs of the position, found once for
// the side to move: the pieces, our king and their sliders, the checkers,
// the squares our king may not step onto, where the other pieces may go
// and which of them are pinned.
struct Situation {
  Bitboard occupied;
  Bitboard ours;
  Bitboard theirs;
  Square king;
  Bitboard their_diagonal;  // their bishops and queens
  Bitboard their_straight;  // their rooks and queens
  Bitboard checkers;
  // What they attack with our king taken off the board, so that it cannot
  // step back along a checking line.
  Bitboard danger;
  // Filled once the king's moves are out, unless it is double check: any
  // square, or in check the checker and the squares between it and the king.
  Bitboard evasion;
  Bitboard capture_targets;  // their pieces within `evasion`
  // Where a piece other than the king may go: the captures alone for the
  // noisy moves, else every square within `evasion` that is not ours.
  Bitboard targets;
  Bitboard pinned;  // ours, alone between our king and one of their sliders
};

// The pawns' steps and ranks, seen from the side `kUs`.
template <Color kUs>
struct PawnGeometry {
  static constexpr int kUp = kUs == kWhite ? 8 : -8;
  static constexpr int kUpWest = kUs == kWhite ? 7 : -9;
  static constexpr int kUpEast = kUs == kWhite ? 9 : -7;
  static constexpr Bitboard kHomeRank = kUs == kWhite ? rank_bb(1) : rank_bb(6);
  static constexpr Bitboard kRank3 = kUs == kWhite ? rank_bb(2) : rank_bb(5);
  static constexpr Bitboard kRank7 = kUs == kWhite ? rank_bb(6) : rank_bb(1);
};

// The first part of the situation: pieces, king, checkers, danger.
template <Color kUs>
[[gnu::always_inline]] inline Situation look_at(const Chess& position) {
  constexpr Color kThem = ~kUs;
  Situation at{};
  at.occupied = position.occupied();
  at.ours = position.pieces(kUs);
  at.theirs = position.pieces(kThem);
  at.king = position.king_square(kUs);
  assert(is_square(at.king));
  at.their_diagonal = position.pieces(kThem, kBishop) | position.pieces(kThem, kQueen);
  at.their_straight = position.pieces(kThem, kRook) | position.pieces(kThem, kQueen);
  at.checkers = position.attackers_to(at.king, at.occupied) & at.theirs;
  at.danger = attacked_squares(position, kThem, at.occupied ^ square_bb(at.king));
  return at;
}

// The rest, for the pieces other than the king (never in double check):
// where they may go, and which are pinned.
template <bool kNoisyOnly>
[[gnu::always_inline]] inline void find_targets_and_pins(Situation& at) {
  assert(!more_than_one(at.checkers));
  at.evasion = at.checkers ? between(at.king, lsb(at.checkers)) | at.checkers : ~Bitboard{0};
  at.capture_targets = at.theirs & at.evasion;
  at.targets = kNoisyOnly ? at.capture_targets : ~at.ours & at.evasion;
  at.pinned = 0;
  Bitboard snipers = (rook_attacks(at.king, at.theirs) & at.their_straight) |
                     (bishop_attacks(at.king, at.theirs) & at.their_diagonal);
  while (snipers) {
    const Bitboard blockers = between(at.king, pop_lsb(snipers)) & at.occupied;
    if (!more_than_one(blockers)) at.pinned |= blockers & at.ours;
  }
}

// The pawns that are not pinned, all at once by shifting the set.
template <Color kUs, bool kNoisyOnly, class Sink>
[[gnu::always_inline]] inline void add_free_pawn_moves(const Chess& position, const Situation& at,
                                                       Sink& sink) {
  using Pawn = PawnGeometry<kUs>;
  const Bitboard empty = ~at.occupied;
  const Bitboard pawns = position.pieces(kUs, kPawn) & ~at.pinned;
  const Bitboard promoting = pawns & Pawn::kRank7;
  const Bitboard others = pawns & ~Pawn::kRank7;
  if constexpr (!kNoisyOnly) {
    const Bitboard single = shift<Pawn::kUp>(others) & empty;
    const Bitboard twice = shift<Pawn::kUp>(single & Pawn::kRank3) & empty & at.evasion;
    sink.template add_shifted<Pawn::kUp>(single & at.evasion);
    sink.template add_shifted<2 * Pawn::kUp>(twice);
  }
  sink.template add_shifted<Pawn::kUpWest>(shift<Pawn::kUpWest>(others) & at.capture_targets);
  sink.template add_shifted<Pawn::kUpEast>(shift<Pawn::kUpEast>(others) & at.capture_targets);
  if (promoting) {
    sink.template add_promotions_shifted<Pawn::kUp>(shift<Pawn::kUp>(promoting) & empty &
                                                    at.evasion);
    sink.template add_promotions_shifted<Pawn::kUpWest>(shift<Pawn::kUpWest>(promoting) &
                                                        at.capture_targets);
    sink.template add_promotions_shifted<Pawn::kUpEast>(shift<Pawn::kUpEast>(promoting) &
                                                        at.capture_targets);
  }
}

// The pinned pawns, one by one, along their pin line. Only out of check: in
// check a pinned piece has no move, as it could not take or block a second
// attacker on its king.
template <Color kUs, bool kNoisyOnly, class Sink>
[[gnu::always_inline]] inline void add_pinned_pawn_moves(const Chess& position, const Situation& at,
                                                         Sink& sink) {
  using Pawn = PawnGeometry<kUs>;
  assert(!at.checkers);
  const Bitboard empty = ~at.occupied;
  for (Bitboard pinned_pawns = position.pieces(kUs, kPawn) & at.pinned; pinned_pawns;) {
    const Square from = pop_lsb(pinned_pawns);
    const Bitboard along = line(at.king, from);
    const Bitboard captures = kPawnAttacks[kUs][from] & at.theirs & along;
    const Bitboard push = square_bb(from + Pawn::kUp) & empty & along;
    const bool promotes = square_bb(from) & Pawn::kRank7;
    Bitboard destinations = captures;
    if (!kNoisyOnly || promotes) destinations |= push;
    if (!kNoisyOnly && push && (square_bb(from) & Pawn::kHomeRank))
      destinations |= square_bb(from + 2 * Pawn::kUp) & empty;
    while (destinations) {
      const Square to = pop_lsb(destinations);
      if (promotes) {
        sink.add_promotions(from, to);
      } else {
        sink.add(Move(from, to));
      }
    }
  }
}

// En passant: legal when it takes the checker or blocks, and when taking
// both pawns off their rank and file uncovers no slider on the king.
template <Color kUs, class Sink>
[[gnu::always_inline]] inline void add_en_passant(const Chess& position, const Situation& at,
                                                  Sink& sink) {
  const Square target = position.en_passant_square();
  if (target == kNoSquare) return;
  const Square captured = target - PawnGeometry<kUs>::kUp;
  if (!(at.evasion & (square_bb(target) | square_bb(captured)))) return;
  for (Bitboard takers = kPawnAttacks[~kUs][target] & position.pieces(kUs, kPawn); takers;) {
    const Square from = pop_lsb(takers);
    const Bitboard after =
        (at.occupied ^ square_bb(from) ^ square_bb(captured)) | square_bb(target);
    if (!(rook_attacks(at.king, after) & at.their_straight) &&
        !(bishop_attacks(at.king, after) & at.their_diagonal))
      sink.add(Move(from, target, Move::kEnPassant));
  }
}

// Knights, bishops, rooks and queens. A pinned knight never moves; a pinned
// slider stays on its line.
template <Color kUs, class Sink>
[[gnu::always_inline]] inline void add_piece_moves(const Chess& position, const Situation& at,
                                                   Sink& sink) {
  for (Bitboard knights = position.pieces(kUs, kKnight) & ~at.pinned; knights;) {
    const Square from = pop_lsb(knights);
    sink.add_from(from, kKnightAttacks[from] & at.targets);
  }
  const Bitboard queens = position.pieces(kUs, kQueen);
  for (Bitboard diagonal = position.pieces(kUs, kBishop) | queens; diagonal;) {
    const Square from = pop_lsb(diagonal);
    Bitboard reach = bishop_attacks(from, at.occupied) & at.targets;
    if (square_bb(from) & at.pinned) reach &= line(at.king, from);
    sink.add_from(from, reach);
  }
  for (Bitboard straight = position.pieces(kUs, kRook) | queens; straight;) {
    const Square from = pop_lsb(straight);
    Bitboard reach = rook_attacks(from, at.occupied) & at.targets;
    if (square_bb(from) & at.pinned) reach &= line(at.king, from);
    sink.add_from(from, reach);
  }
}

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

// The steps in the order the moves have always been listed (the search's
// node counts depend on it): king, pawns, en passant, pieces, castling.
template <Color kUs, bool kNoisyOnly, class Sink>
void Chess::generate_for(Sink& sink) const {
  Situation at = look_at<kUs>(*this);
  const Bitboard king_targets = kNoisyOnly ? at.theirs : ~at.ours;
  sink.add_from(at.king, kKingAttacks[at.king] & king_targets & ~at.danger);
  if constexpr (Sink::kStopsEarly) {
    if (sink.found()) return;
  }
  if (more_than_one(at.checkers)) return;  // only the king moves

  find_targets_and_pins<kNoisyOnly>(at);
  add_free_pawn_moves<kUs, kNoisyOnly>(*this, at, sink);
  if (!at.checkers) add_pinned_pawn_moves<kUs, kNoisyOnly>(*this, at, sink);
  add_en_passant<kUs>(*this, at, sink);
  add_piece_moves<kUs>(*this, at, sink);

  // Castling: the squares between king and rook and their targets empty,
  // the king not in check and not passing or landing on an attacked square.
  if constexpr (!kNoisyOnly) {
    constexpr int kShort = castling_index(kUs, false);
    constexpr int kLong = castling_index(kUs, true);
    if ((castling_ & ((1 << kShort) | (1 << kLong))) && !at.checkers) {
      if (can_castle(kShort, at.occupied, at.danger, at.their_straight))
        sink.add(Move(at.king, castling_king_target(kUs, false), Move::kCastling));
      if (can_castle(kLong, at.occupied, at.danger, at.their_straight))
        sink.add(Move(at.king, castling_king_target(kUs, true), Move::kCastling));
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
