// The evaluation's terms. One function computes every term that is not kept
// incrementally, through a sink: the fast sink only sums, the tracing sink
// also counts each feature, so evaluate() and the tuner's trace cannot drift apart.

#include "games/chess/evaluation.hpp"

#include "games/chess/chess.hpp"

namespace brudno::games {

using namespace chess;
using eval::Pair;

namespace {

// The files beside each file.
constexpr Bitboard adjacent_files(int file) {
  return (file > 0 ? file_bb(file - 1) : 0) | (file < 7 ? file_bb(file + 1) : 0);
}

// The squares in front of `square` for `color`, on its file.
constexpr Bitboard ahead_on_file(Color color, Square square) {
  Bitboard ahead = 0;
  for (int rank = rank_of(square) + (color == kWhite ? 1 : -1); rank >= 0 && rank < 8;
       rank += color == kWhite ? 1 : -1)
    ahead |= square_bb(make_square(file_of(square), rank));
  return ahead;
}

// Where enemy pawns would stop a pawn of `color` on `square`: its file and
// the files beside it, in front of it.
constexpr Bitboard passed_span(Color color, Square square) {
  Bitboard span = ahead_on_file(color, square);
  if (file_of(square) > 0) span |= ahead_on_file(color, square - 1);
  if (file_of(square) < 7) span |= ahead_on_file(color, square + 1);
  return span;
}

constexpr auto kPassedSpan = [] {
  std::array<std::array<Bitboard, 64>, 2> spans{};
  for (Square square = 0; square < 64; ++square) {
    spans[kWhite][square] = passed_span(kWhite, square);
    spans[kBlack][square] = passed_span(kBlack, square);
  }
  return spans;
}();

// Sums weight x count, white's minus black's. One sum rather than one per
// colour, which a colour known only at run time would index in memory: the
// evaluation measured about 5% faster so.
struct SumSink {
  Pair total;
  void add(Color color, eval::Term, int, Pair weight, int count) {
    total += weight * (color == kWhite ? count : -count);
  }
};

// Also counts every feature and sums every term.
struct TraceSink {
  eval::EvalTrace& trace;
  void add(Color color, eval::Term term, int feature, Pair weight, int count) {
    trace.counts[color][feature] += count;
    trace.terms[color][term] += weight * count;
  }
};

template <class Sink>
void pawn_terms(const Chess& position, Color us, Sink& sink) {
  const Bitboard ours = position.pieces(us, kPawn);
  const Bitboard theirs = position.pieces(~us, kPawn);
  for (Bitboard pawns = ours; pawns;) {
    const Square square = pop_lsb(pawns);
    const int file = file_of(square);
    if (!(ours & adjacent_files(file)))
      sink.add(us, eval::kPawnStructureTerm, eval::kIsolatedPawnFeature, eval::kIsolatedPawn, 1);
    // The passed span's own file: a table, where ahead_on_file() is a loop.
    if (ours & kPassedSpan[us][square] & file_bb(file))
      sink.add(us, eval::kPawnStructureTerm, eval::kDoubledPawnFeature, eval::kDoubledPawn, 1);
    if (!(theirs & kPassedSpan[us][square])) {
      const int rank = relative_rank(us, square);
      sink.add(us, eval::kPassedPawnTerm, eval::kPassedPawnFeature + rank, eval::kPassedPawn[rank],
               1);
    }
  }
}

// Mobility, king attacks, bishops and rooks: the terms that need the pieces' attacks.
template <class Sink>
void piece_terms(const Chess& position, Color us, Sink& sink) {
  const Color them = ~us;
  const Bitboard occupied = position.occupied();
  const Bitboard their_pawns = position.pieces(them, kPawn);
  const Bitboard pawn_guarded = them == kWhite ? shift<7>(their_pawns) | shift<9>(their_pawns)
                                               : shift<-9>(their_pawns) | shift<-7>(their_pawns);
  const Bitboard reachable = ~position.pieces(us) & ~pawn_guarded;
  const Square their_king = position.king_square(them);
  const Bitboard zone_ring = kKingAttacks[their_king] | square_bb(their_king);
  const Bitboard king_zone =
      zone_ring | (them == kWhite ? shift<8>(zone_ring) : shift<-8>(zone_ring));
  int zone_attacks = 0;

  const auto score = [&](Bitboard attacks, int feature, Pair weight) {
    sink.add(us, eval::kMobilityTerm, feature, weight, std::popcount(attacks & reachable));
    zone_attacks += std::popcount(attacks & king_zone);
  };
  for (Bitboard knights = position.pieces(us, kKnight); knights;)
    score(kKnightAttacks[pop_lsb(knights)], eval::kKnightMobilityFeature, eval::kKnightMobility);
  for (Bitboard bishops = position.pieces(us, kBishop); bishops;)
    score(bishop_attacks(pop_lsb(bishops), occupied), eval::kBishopMobilityFeature,
          eval::kBishopMobility);
  const Bitboard our_pawns = position.pieces(us, kPawn);
  for (Bitboard rooks = position.pieces(us, kRook); rooks;) {
    const Square square = pop_lsb(rooks);
    score(rook_attacks(square, occupied), eval::kRookMobilityFeature, eval::kRookMobility);
    const Bitboard file = file_bb(file_of(square));
    if (!(file & our_pawns)) {
      if (file & their_pawns) {
        sink.add(us, eval::kRookTerm, eval::kRookHalfOpenFileFeature, eval::kRookHalfOpenFile, 1);
      } else {
        sink.add(us, eval::kRookTerm, eval::kRookOpenFileFeature, eval::kRookOpenFile, 1);
      }
    }
  }
  for (Bitboard queens = position.pieces(us, kQueen); queens;)
    score(queen_attacks(pop_lsb(queens), occupied), eval::kQueenMobilityFeature,
          eval::kQueenMobility);
  // Attacks on the enemy king count against the enemy.
  sink.add(them, eval::kKingSafetyTerm, eval::kKingZoneAttackFeature, eval::kKingZoneAttack,
           zone_attacks);

  const Bitboard bishops = position.pieces(us, kBishop);
  if ((bishops & kDarkSquares) && (bishops & ~kDarkSquares))
    sink.add(us, eval::kBishopTerm, eval::kBishopPairFeature, eval::kBishopPair, 1);
}

template <class Sink>
void king_shelter(const Chess& position, Color us, Sink& sink) {
  const Square king = position.king_square(us);
  const int file = file_of(king);
  const Bitboard files = file_bb(file) | adjacent_files(file);
  const int rank = rank_of(king) + (us == kWhite ? 1 : -1);
  Bitboard front = 0;
  for (const int step : {0, us == kWhite ? 1 : -1}) {
    if (rank + step >= 0 && rank + step < 8) front |= rank_bb(rank + step);
  }
  const Bitboard our_pawns = position.pieces(us, kPawn);
  sink.add(us, eval::kKingSafetyTerm, eval::kKingShieldPawnFeature, eval::kKingShieldPawn,
           std::popcount(our_pawns & files & front));
  int open_files = 0;
  for (int f = std::max(0, file - 1); f <= std::min(7, file + 1); ++f)
    open_files += !(our_pawns & file_bb(f));
  sink.add(us, eval::kKingSafetyTerm, eval::kKingOpenFileFeature, eval::kKingOpenFile, open_files);
}

template <class Sink>
void non_incremental_terms(const Chess& position, Sink& sink) {
  for (const Color color : {kWhite, kBlack}) {
    pawn_terms(position, color, sink);
    piece_terms(position, color, sink);
    king_shelter(position, color, sink);
  }
}

int phase_of(const Chess& position) {
  int phase = 0;
  for (int type = kKnight; type <= kQueen; ++type)
    phase +=
        eval::kPhaseWeight[type] * std::popcount(position.pieces(static_cast<PieceType>(type)));
  return std::min(phase, eval::kFullPhase);
}

}  // namespace

// Material, at most 16 pieces a side, and the other terms are bounded by a
// few thousand centipawns: far inside +-engine::kMaxHeuristic.
engine::Score Chess::evaluate() const {
  SumSink sink;
  non_incremental_terms(*this, sink);
  const Pair total = piece_square_ + sink.total;
  const int value = eval::taper(total, phase_of(*this));
  return side_ == kWhite ? value : -value;
}

namespace chess::eval {

std::string_view term_name(Term term) {
  constexpr std::array<std::string_view, kTermCount> kNames = {
      "Material",     "Piece squares", "Mobility", "Pawn structure",
      "Passed pawns", "King safety",   "Bishops",  "Rooks"};
  return kNames[term];
}

const std::array<Pair, kFeatureCount>& weights() {
  static const auto table = [] {
    std::array<Pair, kFeatureCount> flat{};
    for (int type = kPawn; type <= kKing; ++type) {
      flat[kValueFeature + type] = kPieceValue[type];
      for (Square square = 0; square < 64; ++square)
        flat[kPieceSquareFeature + 64 * type + square] = kPieceSquareTable[type][square];
    }
    flat[kKnightMobilityFeature] = kKnightMobility;
    flat[kBishopMobilityFeature] = kBishopMobility;
    flat[kRookMobilityFeature] = kRookMobility;
    flat[kQueenMobilityFeature] = kQueenMobility;
    for (int rank = 0; rank < 8; ++rank) flat[kPassedPawnFeature + rank] = kPassedPawn[rank];
    flat[kIsolatedPawnFeature] = kIsolatedPawn;
    flat[kDoubledPawnFeature] = kDoubledPawn;
    flat[kBishopPairFeature] = kBishopPair;
    flat[kRookOpenFileFeature] = kRookOpenFile;
    flat[kRookHalfOpenFileFeature] = kRookHalfOpenFile;
    flat[kKingShieldPawnFeature] = kKingShieldPawn;
    flat[kKingOpenFileFeature] = kKingOpenFile;
    flat[kKingZoneAttackFeature] = kKingZoneAttack;
    return flat;
  }();
  return table;
}

int EvalTrace::white_total() const {
  Pair total;
  for (int term = 0; term < kTermCount; ++term) total += terms[kWhite][term] - terms[kBlack][term];
  return taper(total, phase);
}

EvalTrace trace(const Chess& position) {
  EvalTrace result;
  TraceSink sink{result};
  // Material and piece squares from scratch (play() keeps their sum incrementally).
  for (Bitboard all = position.occupied(); all;) {
    const Square square = pop_lsb(all);
    const Piece piece = position.piece_on(square);
    const Color color = color_of(piece);
    const int type = type_of(piece);
    const Square own_view = relative_square(color, square);
    sink.add(color, kMaterialTerm, kValueFeature + type, kPieceValue[type], 1);
    sink.add(color, kPieceSquareTerm, kPieceSquareFeature + 64 * type + own_view,
             kPieceSquareTable[type][own_view], 1);
  }
  non_incremental_terms(position, sink);
  result.phase = phase_of(position);
  return result;
}

}  // namespace chess::eval

}  // namespace brudno::games
