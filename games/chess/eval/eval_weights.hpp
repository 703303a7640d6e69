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
    {{0, 0}, {83, 107}, {329, 297}, {349, 324}, {493, 554}, {986, 1022}, {0, 0}}};

// Mobility: per square a piece reaches that holds no piece of its own side
// and no attack of an enemy pawn (knight, bishop, rook, queen).
inline constexpr Pair kKnightMobility = {10, 4};
inline constexpr Pair kBishopMobility = {7, 4};
inline constexpr Pair kRookMobility = {4, 5};
inline constexpr Pair kQueenMobility = {4, 1};

// Pawn structure. Passed: by the pawn's rank seen from its own side (rank 2 = index 1).
inline constexpr std::array<Pair, 8> kPassedPawn = {
    {{0, 0}, {1, 12}, {7, 13}, {8, 18}, {28, 40}, {43, 60}, {67, 111}, {0, 0}}};
inline constexpr Pair kIsolatedPawn = {-18, -10};
// Per pawn with a pawn of its own side in front of it on its file.
inline constexpr Pair kDoubledPawn = {-3, -11};

inline constexpr Pair kBishopPair = {30, 68};
inline constexpr Pair kRookOpenFile = {54, -11};    // no pawn on the rook's file
inline constexpr Pair kRookHalfOpenFile = {22, 9};  // only enemy pawns on it

// Passed pawns, mostly in the endgame, by the pawn's rank as kPassedPawn:
// the square in front of it empty, and per square of distance (at most 5)
// from each king to that square. The defending king's distance counts for
// the pawn, its own king's against it: a far passer the enemy king cannot
// reach is worth most.
inline constexpr std::array<Pair, 8> kPassedFree = {
    {{0, 0}, {0, 9}, {-3, 2}, {5, 17}, {7, 11}, {11, 21}, {27, 66}, {0, 0}}};
inline constexpr std::array<Pair, 8> kPassedOwnKingDistance = {
    {{0, 0}, {-1, -3}, {-6, -7}, {-1, -17}, {3, -22}, {1, -28}, {2, -35}, {0, 0}}};
inline constexpr std::array<Pair, 8> kPassedEnemyKingDistance = {
    {{0, 0}, {2, -1}, {-2, 9}, {-5, 23}, {-7, 32}, {1, 48}, {19, 38}, {0, 0}}};

// King safety, middlegame mostly: own pawns on the two ranks in front of the
// king (its file and the two beside it), those files without an own pawn,
// and each attack of an enemy piece on a square next to the king or the
// square in front of those, by the attacker's type (knight .. queen). A
// queen reaches more of those squares than a knight, so each of its attacks
// weighs less. The attacks cost more again when two or more enemy pieces
// take part: one piece alone seldom mates, so that weight is per attack
// once there are two attackers, keeping the sum linear in its weights.
inline constexpr Pair kKingShieldPawn = {13, -19};
inline constexpr Pair kKingOpenFile = {-22, -12};
inline constexpr std::array<Pair, 7> kKingZoneAttack = {
    {{0, 0}, {0, 0}, {-5, -8}, {-2, -7}, {2, -4}, {1, -16}, {0, 0}}};
inline constexpr Pair kKingZoneMultipleAttackers = {-9, 7};

// Threats, a bonus for the attacking side: each enemy knight, bishop, rook
// or queen attacked by one of its pawns, each enemy rook or queen attacked
// by one of its knights or bishops, and each enemy knight, bishop, rook or
// queen it attacks that no enemy piece or pawn defends.
inline constexpr Pair kPawnThreat = {50, 34};
inline constexpr Pair kMinorOnMajorThreat = {38, 26};
inline constexpr Pair kHangingPiece = {28, 16};

// A knight on its 4th to 6th rank, defended by an own pawn, where no enemy
// pawn can ever attack it.
inline constexpr Pair kKnightOutpost = {35, 28};

// For the side to move: the move in hand is worth something.
inline constexpr Pair kTempo = {13, -1};

// Piece-square tables, kPieceSquareTable[type][square] from white's side
// (a1 = 0, one rank a line), black's mirrored: fitted by `brudno tune`
// (docs/benchmarks.md, "Evaluation tuning") from tables that rules made
// (pieces towards the centre, pawns forward, the king home in the
// middlegame and central in the endgame).
// clang-format off
inline constexpr std::array<std::array<Pair, 64>, 7> kPieceSquareTable = {{
    {},  // no piece
    {{  // pawn
        {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
        {6, 3}, {11, 5}, {0, -7}, {-10, -4}, {-27, 8}, {13, 6}, {22, 2}, {-7, 3},
        {13, 14}, {10, 6}, {-5, -2}, {-1, 0}, {-1, 0}, {-2, 1}, {12, -2}, {5, 2},
        {10, 17}, {-1, 12}, {7, 2}, {20, 0}, {11, -6}, {-5, 4}, {-4, 18}, {-9, 8},
        {11, 24}, {12, 35}, {13, 11}, {5, 13}, {18, 21}, {8, 11}, {7, 17}, {-7, 15},
        {8, 16}, {15, 16}, {21, 28}, {5, 2}, {25, 19}, {23, 41}, {31, 29}, {27, 18},
        {15, 1}, {20, 36}, {18, 30}, {28, 25}, {29, 26}, {15, 31}, {11, 19}, {10, 13},
        {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
    }},
    {{  // knight
        {-17, -12}, {-23, -18}, {-14, -14}, {-15, -7}, {-14, -19}, {-27, -21}, {-15, -7}, {-20, -14},
        {-21, -21}, {-8, -6}, {-15, -6}, {7, 2}, {1, -7}, {3, 2}, {-1, -9}, {-28, -18},
        {-32, -13}, {4, 2}, {-8, -5}, {6, 4}, {8, 1}, {4, -1}, {2, -7}, {-19, -5},
        {-15, -10}, {-3, -2}, {-2, 7}, {11, 8}, {6, 16}, {-1, 4}, {-6, -4}, {-3, -14},
        {-8, -1}, {-1, -9}, {3, 16}, {10, 11}, {8, 18}, {0, -9}, {-1, 0}, {1, -11},
        {-17, -10}, {-6, -1}, {3, 6}, {5, 2}, {6, 4}, {8, 7}, {0, -1}, {-16, -13},
        {-20, -15}, {-6, 0}, {-6, -3}, {-3, 2}, {-4, -2}, {-3, -5}, {-6, -5}, {-13, -10},
        {-21, -18}, {-15, -10}, {-16, -12}, {-16, -10}, {-16, -12}, {-16, -12}, {-17, -14}, {-17, -14},
    }},
    {{  // bishop
        {-15, -1}, {-13, -8}, {-17, -19}, {-13, -1}, {-11, -9}, {-18, -9}, {-17, -5}, {-10, -5},
        {0, -2}, {1, -13}, {-12, -7}, {-8, 2}, {7, -2}, {-11, -9}, {21, -10}, {-12, -4},
        {-7, -4}, {-7, 7}, {14, 7}, {3, 6}, {8, 0}, {13, 2}, {-7, 2}, {-4, -13},
        {-11, -4}, {-4, -4}, {9, 18}, {21, -4}, {20, -1}, {-7, 4}, {0, 2}, {-8, -10},
        {-12, -11}, {5, 1}, {-3, 3}, {13, 6}, {19, 0}, {11, 20}, {-1, 1}, {-7, -3},
        {-6, -9}, {-1, -3}, {2, -2}, {4, 3}, {6, 3}, {7, 7}, {6, 4}, {-7, -8},
        {-6, -7}, {-3, -2}, {-2, -3}, {0, 1}, {-2, -1}, {-1, 1}, {-3, -6}, {-8, -8},
        {-5, -5}, {-7, -7}, {-8, -9}, {-5, -4}, {-5, -7}, {-5, -4}, {-7, -6}, {-6, -5},
    }},
    {{  // rook
        {6, -11}, {-13, -7}, {-1, 3}, {18, -12}, {12, -11}, {21, -11}, {-14, 0}, {-3, -8},
        {-26, -1}, {-2, -4}, {-4, 0}, {-3, -13}, {1, -16}, {3, -9}, {-13, -10}, {-11, -7},
        {-12, 0}, {5, 6}, {0, 7}, {6, -6}, {1, -9}, {-5, -6}, {-13, -10}, {7, -2},
        {5, 0}, {-1, 6}, {4, -5}, {4, 0}, {4, 7}, {-4, 1}, {-1, 5}, {-1, 6},
        {3, 1}, {5, 5}, {10, 6}, {8, -1}, {4, -5}, {5, 11}, {-1, 0}, {1, 0},
        {7, 10}, {5, 6}, {5, 6}, {11, 9}, {11, 10}, {10, 10}, {3, -2}, {4, 6},
        {17, 7}, {8, 10}, {22, 19}, {28, 25}, {27, 20}, {18, 15}, {16, 13}, {16, 13},
        {4, 9}, {-2, 0}, {2, 9}, {4, 3}, {2, -4}, {0, 3}, {0, 0}, {0, -6},
    }},
    {{  // queen
        {-3, -7}, {5, -10}, {2, -13}, {-3, -10}, {-1, -10}, {-13, -10}, {-3, -6}, {-6, -8},
        {-4, -11}, {-8, -6}, {2, -4}, {12, -3}, {6, 2}, {0, 0}, {4, -3}, {-5, -9},
        {-14, -6}, {-16, -2}, {-1, 2}, {1, 3}, {-7, 3}, {2, 6}, {1, 1}, {-2, -7},
        {0, -9}, {-13, -6}, {-7, 2}, {-3, 8}, {6, 8}, {4, 7}, {8, 0}, {8, -5},
        {-5, -5}, {-3, 0}, {2, 2}, {-1, 7}, {6, 7}, {1, 5}, {10, 2}, {3, -5},
        {-6, -7}, {-4, -1}, {4, 7}, {0, 4}, {7, 6}, {6, 5}, {-1, -2}, {6, -6},
        {-9, -8}, {-1, 2}, {2, 1}, {1, 0}, {-1, 0}, {0, -1}, {-2, 1}, {3, -4},
        {1, -6}, {-3, -8}, {-2, -5}, {-2, -6}, {0, -5}, {-2, -7}, {-3, -8}, {-2, -7},
    }},
    {{  // king
        {-6, -16}, {38, -12}, {17, -12}, {-17, -18}, {3, -20}, {-25, -11}, {20, -9}, {0, -27},
        {-10, -16}, {-5, 14}, {-7, 5}, {-14, 3}, {0, 3}, {-6, 5}, {-9, -4}, {-10, -27},
        {-22, -9}, {-20, 3}, {-23, 10}, {-23, 5}, {-25, 9}, {-20, 3}, {-22, -1}, {-23, -15},
        {-35, -17}, {-33, 0}, {-37, 5}, {-44, -9}, {-40, -3}, {-38, 3}, {-33, -8}, {-39, -23},
        {-48, -17}, {-48, -6}, {-49, 1}, {-56, -9}, {-56, -12}, {-49, -1}, {-47, -3}, {-49, -22},
        {-59, -18}, {-60, -8}, {-59, 5}, {-61, -5}, {-62, -7}, {-59, 6}, {-59, -5}, {-60, -19},
        {-71, -14}, {-71, -1}, {-70, 1}, {-71, -3}, {-71, -3}, {-70, 2}, {-71, 0}, {-71, -15},
        {-84, -18}, {-83, -15}, {-83, -15}, {-84, -17}, {-84, -17}, {-84, -17}, {-84, -17}, {-85, -22},
    }},
}};
// clang-format on

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
