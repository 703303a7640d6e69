#pragma once
// Every weight of the evaluation, in one place. Each is a pair: its value in
// the middlegame and in the endgame (centipawns); the evaluation tapers
// between them by the material left. The evaluation is a sum of weight x
// feature count (white's count minus black's), so a tuner can read a
// position's feature counts (EvalTrace) and fit these numbers.

#include <array>
#include <cstdint>

#include "games/chess/types.hpp"

namespace brudno::games::chess::eval {

// A middlegame/endgame pair.
struct Pair {
  int mg = 0;
  int eg = 0;
  constexpr Pair operator+(Pair other) const { return {mg + other.mg, eg + other.eg}; }
  constexpr Pair operator-(Pair other) const { return {mg - other.mg, eg - other.eg}; }
  constexpr Pair operator-() const { return {-mg, -eg}; }
  constexpr Pair operator*(int count) const { return {mg * count, eg * count}; }
  constexpr Pair& operator+=(Pair other) { return *this = *this + other; }
  constexpr Pair& operator-=(Pair other) { return *this = *this - other; }
  constexpr bool operator==(const Pair&) const = default;
};

// Material, by piece type (none, pawn ... king).
inline constexpr std::array<Pair, 7> kPieceValue = {
    {{0, 0}, {90, 120}, {320, 300}, {330, 320}, {480, 540}, {950, 1000}, {0, 0}}};

// Mobility: per square a piece reaches that holds no piece of its own side
// and no attack of an enemy pawn (knight, bishop, rook, queen).
inline constexpr Pair kKnightMobility = {4, 4};
inline constexpr Pair kBishopMobility = {5, 5};
inline constexpr Pair kRookMobility = {2, 5};
inline constexpr Pair kQueenMobility = {1, 3};

// Pawn structure. Passed: by the pawn's rank seen from its own side (rank 2 = index 1).
inline constexpr std::array<Pair, 8> kPassedPawn = {
    {{0, 0}, {2, 8}, {4, 12}, {10, 25}, {22, 45}, {40, 80}, {65, 130}, {0, 0}}};
inline constexpr Pair kIsolatedPawn = {-12, -14};
// Per pawn with a pawn of its own side in front of it on its file.
inline constexpr Pair kDoubledPawn = {-10, -24};

inline constexpr Pair kBishopPair = {30, 55};
inline constexpr Pair kRookOpenFile = {30, 12};     // no pawn on the rook's file
inline constexpr Pair kRookHalfOpenFile = {14, 8};  // only enemy pawns on it

// Passed pawns, mostly in the endgame, by the pawn's rank as kPassedPawn:
// the square in front of it empty, and per square of distance (at most 5)
// from each king to that square. The defending king's distance counts for
// the pawn, its own king's against it: a far passer the enemy king cannot
// reach is worth most.
inline constexpr std::array<Pair, 8> kPassedFree = {
    {{0, 0}, {0, 0}, {0, 2}, {2, 5}, {4, 10}, {8, 20}, {12, 30}, {0, 0}}};
inline constexpr std::array<Pair, 8> kPassedOwnKingDistance = {
    {{0, 0}, {0, 0}, {0, -1}, {0, -2}, {0, -4}, {0, -6}, {0, -8}, {0, 0}}};
inline constexpr std::array<Pair, 8> kPassedEnemyKingDistance = {
    {{0, 0}, {0, 0}, {0, 2}, {0, 5}, {0, 10}, {0, 15}, {0, 20}, {0, 0}}};

// King safety, middlegame mostly: own pawns on the two ranks in front of the
// king (its file and the two beside it), those files without an own pawn,
// and each attack of an enemy piece on a square next to the king or the
// square in front of those, by the attacker's type (knight .. queen). A
// queen reaches more of those squares than a knight, so each of its attacks
// weighs less. The attacks cost more again when two or more enemy pieces
// take part: one piece alone seldom mates, so that weight is per attack
// once there are two attackers, keeping the sum linear in its weights.
inline constexpr Pair kKingShieldPawn = {14, 0};
inline constexpr Pair kKingOpenFile = {-18, 0};
inline constexpr std::array<Pair, 7> kKingZoneAttack = {
    {{0, 0}, {0, 0}, {-10, -2}, {-8, -2}, {-8, -2}, {-6, -2}, {0, 0}}};
inline constexpr Pair kKingZoneMultipleAttackers = {-7, 0};

// Threats, a bonus for the attacking side: each enemy knight, bishop, rook
// or queen attacked by one of its pawns, each enemy rook or queen attacked
// by one of its knights or bishops, and each enemy knight, bishop, rook or
// queen it attacks that no enemy piece or pawn defends.
inline constexpr Pair kPawnThreat = {50, 40};
inline constexpr Pair kMinorOnMajorThreat = {40, 30};
inline constexpr Pair kHangingPiece = {35, 20};

// A knight on its 4th to 6th rank, defended by an own pawn, where no enemy
// pawn can ever attack it.
inline constexpr Pair kKnightOutpost = {28, 16};

// For the side to move: the move in hand is worth something.
inline constexpr Pair kTempo = {20, 10};

// Piece-square tables, from white's side (a1 = 0), black's are mirrored.
// Hand-made from a few rules rather than typed square by square: pieces
// gain towards the centre, pawns as they advance, the king stays home and
// sheltered in the middlegame and walks to the centre in the endgame.
namespace detail {

// 0 in the four centre squares, 3 on the edge.
constexpr int edge_distance(Square square) {
  const int file = file_of(square) < 4 ? 3 - file_of(square) : file_of(square) - 4;
  const int rank = rank_of(square) < 4 ? 3 - rank_of(square) : rank_of(square) - 4;
  return file > rank ? file : rank;
}

constexpr Pair piece_square(PieceType type, Square square) {
  const int centre = 3 - edge_distance(square);  // 3 in the centre, 0 on the edge
  const int file = file_of(square);
  const int rank = rank_of(square);
  switch (type) {
    case kPawn: {
      if (rank == 0 || rank == 7) return {0, 0};
      const bool centre_file = file == 3 || file == 4;
      return {(rank - 1) * 3 + (centre_file && rank >= 3 ? 12 : 0) +
                  (centre_file && rank == 1 ? -6 : 0),
              (rank - 1) * 5};
    }
    case kKnight:
      return {centre * 10 - 16, centre * 8 - 12};
    case kBishop:
      return {centre * 5 - 6 + (rank == 0 ? -6 : 0), centre * 4 - 6};
    case kRook:
      return {(rank == 6 ? 16 : 0) + (file == 3 || file == 4 ? 5 : 0), rank == 6 ? 10 : 0};
    case kQueen:
      return {centre * 2 - 3, centre * 5 - 7};
    case kKing: {
      const int home = rank == 0 ? (file == 1 || file == 6 ? 24 : file == 2 ? 12 : 0) : -12 * rank;
      return {home, centre * 12 - 18};
    }
    default:
      return {0, 0};
  }
}

}  // namespace detail

// kPieceSquareTable[type][square], white's view.
inline constexpr std::array<std::array<Pair, 64>, 7> kPieceSquareTable = [] {
  std::array<std::array<Pair, 64>, 7> table{};
  for (int type = kPawn; type <= kKing; ++type) {
    for (Square square = 0; square < 64; ++square)
      table[type][square] = detail::piece_square(static_cast<PieceType>(type), square);
  }
  return table;
}();

// Material plus piece-square value of each piece on each square, positive for
// white's pieces and negative for black's: kept up to date in play() and undo().
inline constexpr std::array<std::array<Pair, 64>, 16> kPieceSquare = [] {
  std::array<std::array<Pair, 64>, 16> table{};
  for (int type = kPawn; type <= kKing; ++type) {
    for (Square square = 0; square < 64; ++square) {
      const Pair value = kPieceValue[type] + kPieceSquareTable[type][square];
      table[make_piece(kWhite, static_cast<PieceType>(type))][square] = value;
      table[make_piece(kBlack, static_cast<PieceType>(type))][relative_square(kBlack, square)] =
          -value;
    }
  }
  return table;
}();

// Game phase: 24 with all pieces on the board, 0 with pawns and kings only.
inline constexpr std::array<int, 7> kPhaseWeight = {0, 0, 1, 1, 2, 4, 0};
inline constexpr int kFullPhase = 24;

}  // namespace brudno::games::chess::eval
