#pragma once
// The hand-written evaluation, term by term, for a tuner and for the `eval`
// command. Chess::evaluate() is the fast form of the same sum.
//
// Each feature has one weight (eval_weights.hpp); a position's value is
// sum over features of weight x (white's count - black's count), a
// middlegame and an endgame sum, tapered by the phase:
// (mg * phase + eg * (24 - phase)) / 24, from white's side; evaluate()
// returns it from the side to move's. The tempo is a feature of the side to
// move, so the sum from white's side still equals evaluate() with either
// side to move.

#include <array>
#include <string>

#include "games/chess/eval/eval_weights.hpp"

namespace brudno::games {
class Chess;
}

namespace brudno::games::chess::eval {

// The terms the breakdown shows, each a group of features.
enum Term : int {
  kMaterialTerm,
  kPieceSquareTerm,
  kMobilityTerm,
  kPawnStructureTerm,
  kPassedPawnTerm,
  kKingSafetyTerm,
  kBishopTerm,
  kRookTerm,
  kKnightTerm,
  kThreatTerm,
  kTempoTerm,
  kTermCount,
};
std::string_view term_name(Term term);

// The features, one per weight, as indices of a flat weight vector.
enum Feature : int {
  kValueFeature = 0,                        // + piece type
  kPieceSquareFeature = kValueFeature + 7,  // + 64 * type + square from its own side
  kKnightMobilityFeature = kPieceSquareFeature + 7 * 64,
  kBishopMobilityFeature,
  kRookMobilityFeature,
  kQueenMobilityFeature,
  kPassedPawnFeature,  // + rank from its own side
  kIsolatedPawnFeature = kPassedPawnFeature + 8,
  kDoubledPawnFeature,
  kBishopPairFeature,
  kRookOpenFileFeature,
  kRookHalfOpenFileFeature,
  kKingShieldPawnFeature,
  kKingOpenFileFeature,
  kKingZoneAttackFeature,  // + the attacker's piece type
  kKingZoneMultipleAttackersFeature = kKingZoneAttackFeature + 7,
  kPassedFreeFeature,                                                   // + rank from its own side
  kPassedOwnKingDistanceFeature = kPassedFreeFeature + 8,               // + rank
  kPassedEnemyKingDistanceFeature = kPassedOwnKingDistanceFeature + 8,  // + rank
  kPawnThreatFeature = kPassedEnemyKingDistanceFeature + 8,
  kMinorOnMajorThreatFeature,
  kHangingPieceFeature,
  kKnightOutpostFeature,
  kTempoFeature,  // counted for the side to move
  kFeatureCount,
};

// The weight of every feature, in feature order.
const std::array<Pair, kFeatureCount>& weights();

// A position's features and terms per colour.
struct EvalTrace {
  std::array<std::array<int, kFeatureCount>, 2> counts{};  // [colour][feature]
  std::array<std::array<Pair, kTermCount>, 2> terms{};     // [colour][term]: weight x count sums
  int phase = 0;                                           // 0 (endgame) .. 24
  // Out of 64, per colour: how much of a value in that colour's favour is
  // kept, for material that cannot win (endgame_scale.hpp).
  std::array<int, 2> scale{64, 64};
  // The tapered total from white's side: what evaluate() gives with white to move.
  [[nodiscard]] int white_total() const;
};

EvalTrace trace(const Chess& position);

// The per-term table of the `eval` command: white, black and total, each in
// middlegame and endgame pawns, then the tapered total from white's side.
std::string breakdown(const Chess& position);

// Tapers a middlegame/endgame pair by the phase.
constexpr int taper(Pair value, int phase) {
  return (value.mg * phase + value.eg * (kFullPhase - phase)) / kFullPhase;
}

}  // namespace brudno::games::chess::eval
