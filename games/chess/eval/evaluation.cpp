// The evaluation's terms. One function computes every term that is not kept
// incrementally, through a sink: the fast sink only sums, the tracing sink
// also counts each feature, so evaluate() and the tuner's trace cannot drift apart.

#include "games/chess/eval/evaluation.hpp"

#include "games/chess/chess.hpp"
#include "games/chess/eval/endgame_scale.hpp"
#include "games/chess/eval/nnue/evaluate.hpp"

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

// Chebyshev distance between two squares, at most 5: further than that a
// king is simply far.
constexpr int king_distance(Square a, Square b) {
  const int files = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
  const int ranks = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
  return std::min(std::max(files, ranks), 5);
}

// A side's 4th to 6th ranks, where its knights can stand as outposts.
constexpr std::array<Bitboard, 2> kOutpostRanks = {rank_bb(3) | rank_bb(4) | rank_bb(5),
                                                   rank_bb(2) | rank_bb(3) | rank_bb(4)};

// One side's attacks, gathered while its pieces are scored, for the threats:
// the attack sets are made once per piece and read again here.
struct Attacks {
  Bitboard pawns = 0;   // by its pawns
  Bitboard minors = 0;  // by its knights and bishops
  Bitboard all = 0;     // by any of its pieces, pawns and king
};

Bitboard pawn_attacks(Color color, Bitboard pawns) {
  return color == kWhite ? shift<7>(pawns) | shift<9>(pawns) : shift<-9>(pawns) | shift<-7>(pawns);
}

// Sums weight x count, white's minus black's. One sum rather than one per
// colour, which a colour known only at run time would index in memory: the
// evaluation measured faster so (speed figures: docs/log/benchmarks-search.md,
// "Micro-benchmarks").
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
      // A pawn is never on its last rank, so the square in front exists.
      const Square stop = square + forward(us);
      if (!(position.occupied() & square_bb(stop)))
        sink.add(us, eval::kPassedPawnTerm, eval::kPassedFreeFeature + rank,
                 eval::kPassedFree[rank], 1);
      sink.add(us, eval::kPassedPawnTerm, eval::kPassedOwnKingDistanceFeature + rank,
               eval::kPassedOwnKingDistance[rank], king_distance(position.king_square(us), stop));
      sink.add(us, eval::kPassedPawnTerm, eval::kPassedEnemyKingDistanceFeature + rank,
               eval::kPassedEnemyKingDistance[rank],
               king_distance(position.king_square(~us), stop));
    }
  }
}

// Mobility, king attacks, knight outposts, bishops and rooks: the terms that
// need the pieces' attacks, which it adds to `ours` (whose pawn attacks are
// already there; `theirs` has the enemy's).
template <class Sink>
void piece_terms(const Chess& position, Color us, Attacks& ours, const Attacks& theirs,
                 Sink& sink) {
  const Color them = ~us;
  const Bitboard occupied = position.occupied();
  const Bitboard their_pawns = position.pieces(them, kPawn);
  const Bitboard reachable = ~position.pieces(us) & ~theirs.pawns;
  const Square their_king = position.king_square(them);
  const Bitboard zone_ring = kKingAttacks[their_king] | square_bb(their_king);
  const Bitboard king_zone =
      zone_ring | (them == kWhite ? shift<8>(zone_ring) : shift<-8>(zone_ring));
  std::array<int, 7> zone_attacks{};  // by the attacker's type
  int zone_attackers = 0;

  const auto score = [&](PieceType type, Bitboard attacks, int feature, Pair weight) {
    sink.add(us, eval::kMobilityTerm, feature, weight, std::popcount(attacks & reachable));
    const int on_zone = std::popcount(attacks & king_zone);
    zone_attacks[type] += on_zone;
    zone_attackers += on_zone != 0;
    ours.all |= attacks;
  };
  for (Bitboard knights = position.pieces(us, kKnight); knights;) {
    const Square square = pop_lsb(knights);
    const Bitboard attacks = kKnightAttacks[square];
    score(kKnight, attacks, eval::kKnightMobilityFeature, eval::kKnightMobility);
    ours.minors |= attacks;
    // Defended by a pawn, and no enemy pawn on the files beside it, ahead,
    // that could ever drive it away.
    if ((kOutpostRanks[us] & ours.pawns & square_bb(square)) &&
        !(their_pawns & kPassedSpan[us][square] & ~file_bb(file_of(square))))
      sink.add(us, eval::kKnightTerm, eval::kKnightOutpostFeature, eval::kKnightOutpost, 1);
  }
  for (Bitboard bishops = position.pieces(us, kBishop); bishops;) {
    const Bitboard attacks = bishop_attacks(pop_lsb(bishops), occupied);
    score(kBishop, attacks, eval::kBishopMobilityFeature, eval::kBishopMobility);
    ours.minors |= attacks;
  }
  const Bitboard our_pawns = position.pieces(us, kPawn);
  for (Bitboard rooks = position.pieces(us, kRook); rooks;) {
    const Square square = pop_lsb(rooks);
    score(kRook, rook_attacks(square, occupied), eval::kRookMobilityFeature, eval::kRookMobility);
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
    score(kQueen, queen_attacks(pop_lsb(queens), occupied), eval::kQueenMobilityFeature,
          eval::kQueenMobility);
  ours.all |= ours.pawns | kKingAttacks[position.king_square(us)];
  // Attacks on the enemy king count against the enemy.
  int total_zone_attacks = 0;
  for (int type = kKnight; type <= kQueen; ++type) {
    sink.add(them, eval::kKingSafetyTerm, eval::kKingZoneAttackFeature + type,
             eval::kKingZoneAttack[type], zone_attacks[type]);
    total_zone_attacks += zone_attacks[type];
  }
  sink.add(them, eval::kKingSafetyTerm, eval::kKingZoneMultipleAttackersFeature,
           eval::kKingZoneMultipleAttackers, zone_attackers >= 2 ? total_zone_attacks : 0);

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

// What `us` attacks of the enemy's pieces (not pawns, not the king), from
// both sides' attacks as piece_terms left them.
template <class Sink>
void threats(const Chess& position, Color us, const Attacks& ours, const Attacks& theirs,
             Sink& sink) {
  const Color them = ~us;
  const Bitboard majors = position.pieces(them, kRook) | position.pieces(them, kQueen);
  const Bitboard pieces = majors | position.pieces(them, kKnight) | position.pieces(them, kBishop);
  sink.add(us, eval::kThreatTerm, eval::kPawnThreatFeature, eval::kPawnThreat,
           std::popcount(ours.pawns & pieces));
  sink.add(us, eval::kThreatTerm, eval::kMinorOnMajorThreatFeature, eval::kMinorOnMajorThreat,
           std::popcount(ours.minors & majors));
  sink.add(us, eval::kThreatTerm, eval::kHangingPieceFeature, eval::kHangingPiece,
           std::popcount(ours.all & pieces & ~theirs.all));
}

template <class Sink>
void non_incremental_terms(const Chess& position, Sink& sink) {
  std::array<Attacks, 2> attacks;
  for (const Color color : {kWhite, kBlack})
    attacks[color].pawns = pawn_attacks(color, position.pieces(color, kPawn));
  for (const Color color : {kWhite, kBlack}) {
    pawn_terms(position, color, sink);
    piece_terms(position, color, attacks[color], attacks[~color], sink);
    king_shelter(position, color, sink);
  }
  for (const Color color : {kWhite, kBlack})
    threats(position, color, attacks[color], attacks[~color], sink);
  sink.add(static_cast<Color>(position.side_to_move()), eval::kTempoTerm, eval::kTempoFeature,
           eval::kTempo, 1);
}

int phase_of(const Chess& position) {
  int phase = 0;
  for (int type = kKnight; type <= kQueen; ++type)
    phase +=
        eval::kPhaseWeight[type] * std::popcount(position.pieces(static_cast<PieceType>(type)));
  return std::min(phase, eval::kFullPhase);
}

// A white-side value scaled toward 0 where the side it favours cannot win
// with the material it has (endgame_scale.hpp).
int scaled_for_material(const Chess& position, int white_value) {
  if (white_value == 0) return 0;
  const int scale = endgame_scale(position, white_value > 0 ? kWhite : kBlack);
  return scale == kNormalScale ? white_value : white_value * scale / kNormalScale;
}

}  // namespace

// Material, at most 16 pieces a side, and the other terms are bounded by a
// few thousand centipawns: far inside +-engine::kMaxHeuristic.
engine::Score Chess::evaluate() const {
  if (network_ != nullptr) {
    // The network's scale is centipawns too, unbounded in principle. Material
    // that cannot win is scaled toward 0 as the hand-written value is: the
    // network learns it only roughly, from the scores of searches that had it.
    constexpr int kBound = engine::kMaxHeuristic - 1;
    const int own = chess::nnue::evaluate(*this, *network_, chess::nnue::engine_simd_path());
    const int white_value = scaled_for_material(*this, side_ == kWhite ? own : -own);
    return std::clamp(side_ == kWhite ? white_value : -white_value, -kBound, kBound);
  }
  return hand_written_evaluate();
}

engine::Score Chess::hand_written_evaluate() const {
  SumSink sink;
  non_incremental_terms(*this, sink);
  const Pair total = piece_square_ + sink.total;
  const int value = scaled_for_material(*this, eval::taper(total, phase_of(*this)));
  return side_ == kWhite ? value : -value;
}

namespace chess::eval {

std::string_view term_name(Term term) {
  constexpr std::array<std::string_view, kTermCount> kNames = {
      "Material", "Piece squares", "Mobility", "Pawn structure", "Passed pawns", "King safety",
      "Bishops",  "Rooks",         "Knights",  "Threats",        "Tempo"};
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
    for (int rank = 0; rank < 8; ++rank) {
      flat[kPassedPawnFeature + rank] = kPassedPawn[rank];
      flat[kPassedFreeFeature + rank] = kPassedFree[rank];
      flat[kPassedOwnKingDistanceFeature + rank] = kPassedOwnKingDistance[rank];
      flat[kPassedEnemyKingDistanceFeature + rank] = kPassedEnemyKingDistance[rank];
    }
    flat[kIsolatedPawnFeature] = kIsolatedPawn;
    flat[kDoubledPawnFeature] = kDoubledPawn;
    flat[kBishopPairFeature] = kBishopPair;
    flat[kRookOpenFileFeature] = kRookOpenFile;
    flat[kRookHalfOpenFileFeature] = kRookHalfOpenFile;
    flat[kKingShieldPawnFeature] = kKingShieldPawn;
    flat[kKingOpenFileFeature] = kKingOpenFile;
    for (int type = 0; type < 7; ++type)
      flat[kKingZoneAttackFeature + type] = kKingZoneAttack[type];
    flat[kKingZoneMultipleAttackersFeature] = kKingZoneMultipleAttackers;
    flat[kPawnThreatFeature] = kPawnThreat;
    flat[kMinorOnMajorThreatFeature] = kMinorOnMajorThreat;
    flat[kHangingPieceFeature] = kHangingPiece;
    flat[kKnightOutpostFeature] = kKnightOutpost;
    flat[kTempoFeature] = kTempo;
    return flat;
  }();
  return table;
}

int EvalTrace::white_total() const {
  Pair total;
  for (int term = 0; term < kTermCount; ++term) total += terms[kWhite][term] - terms[kBlack][term];
  const int value = taper(total, phase);
  return value * (value > 0 ? scale[kWhite] : scale[kBlack]) / kNormalScale;
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
  result.scale = {endgame_scale(position, kWhite), endgame_scale(position, kBlack)};
  return result;
}

}  // namespace chess::eval

}  // namespace brudno::games
