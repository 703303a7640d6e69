#include "tools/tune/named_weights.hpp"

#include <cmath>
#include <cstdio>

namespace brudno::tools::tune {

namespace eval = games::chess::eval;

namespace {
constexpr int kPieceTypes = 7;  // the tables' rows: no piece, then pawn to king
}  // namespace

const std::vector<NamedWeight>& named_weights() {
  static const std::vector<NamedWeight> table = {
      {"kPieceValue", eval::kValueFeature, 7, 1, 5},
      {"kKnightMobility", eval::kKnightMobilityFeature, 1, 0, 0},
      {"kBishopMobility", eval::kBishopMobilityFeature, 1, 0, 0},
      {"kRookMobility", eval::kRookMobilityFeature, 1, 0, 0},
      {"kQueenMobility", eval::kQueenMobilityFeature, 1, 0, 0},
      {"kPassedPawn", eval::kPassedPawnFeature, 8, 1, 6},
      {"kIsolatedPawn", eval::kIsolatedPawnFeature, 1, 0, 0},
      {"kDoubledPawn", eval::kDoubledPawnFeature, 1, 0, 0},
      {"kBishopPair", eval::kBishopPairFeature, 1, 0, 0},
      {"kRookOpenFile", eval::kRookOpenFileFeature, 1, 0, 0},
      {"kRookHalfOpenFile", eval::kRookHalfOpenFileFeature, 1, 0, 0},
      {"kPassedFree", eval::kPassedFreeFeature, 8, 1, 6},
      {"kPassedOwnKingDistance", eval::kPassedOwnKingDistanceFeature, 8, 1, 6},
      {"kPassedEnemyKingDistance", eval::kPassedEnemyKingDistanceFeature, 8, 1, 6},
      {"kKingShieldPawn", eval::kKingShieldPawnFeature, 1, 0, 0},
      {"kKingOpenFile", eval::kKingOpenFileFeature, 1, 0, 0},
      {"kKingZoneAttack", eval::kKingZoneAttackFeature, 7, 2, 5},
      {"kKingZoneMultipleAttackers", eval::kKingZoneMultipleAttackersFeature, 1, 0, 0},
      {"kPawnThreat", eval::kPawnThreatFeature, 1, 0, 0},
      {"kMinorOnMajorThreat", eval::kMinorOnMajorThreatFeature, 1, 0, 0},
      {"kHangingPiece", eval::kHangingPieceFeature, 1, 0, 0},
      {"kKnightOutpost", eval::kKnightOutpostFeature, 1, 0, 0},
      {"kTempo", eval::kTempoFeature, 1, 0, 0},
      // Written last: the tables replace the rules that make them now.
      {"kPieceSquareTable", eval::kPieceSquareFeature, kPieceTypes * 64, 64, kPieceTypes * 64 - 1},
  };
  return table;
}

std::vector<int> fitted_features() {
  std::vector<int> features;
  for (const auto& named : named_weights()) {
    for (int entry = named.first_fitted; entry <= named.last_fitted; ++entry)
      features.push_back(named.first_feature + entry);
  }
  return features;
}

namespace {

std::string pair_text(eval::Pair pair) {
  char text[32];
  std::snprintf(text, sizeof text, "{%d, %d}", pair.mg, pair.eg);
  return text;
}

// kPieceSquareTable[type][square] as a literal, one rank a line from a1.
std::string piece_square_text(const std::vector<eval::Pair>& entries) {
  static constexpr const char* kTypeNames[] = {"no piece", "pawn",  "knight", "bishop",
                                               "rook",     "queen", "king"};
  // clang-format would refill the lines; one rank a line reads as a board.
  std::string text =
      "// clang-format off\n"
      "inline constexpr std::array<std::array<Pair, 64>, 7> kPieceSquareTable = {{\n";
  text += "    {},  // no piece\n";
  for (int type = 1; type < kPieceTypes; ++type) {
    text += std::string("    {{  // ") + kTypeNames[type] + "\n";
    for (int square = 0; square < 64; ++square) {
      text += square % 8 == 0 ? "        " : " ";
      text += pair_text(entries[static_cast<std::size_t>(type * 64 + square)]) + ",";
      if (square % 8 == 7) text += "\n";
    }
    text += "    }},\n";
  }
  return text + "}};\n// clang-format on\n";
}

}  // namespace

std::string weights_as_cpp(const std::vector<Weight>& fitted) {
  std::string text;
  std::size_t next = 0;
  for (const auto& named : named_weights()) {
    std::vector<eval::Pair> entries;
    for (int entry = 0; entry < named.size; ++entry) {
      eval::Pair value = eval::weights()[named.first_feature + entry];
      if (entry >= named.first_fitted && entry <= named.last_fitted && next < fitted.size()) {
        value = {static_cast<int>(std::lround(fitted[next].mg)),
                 static_cast<int>(std::lround(fitted[next].eg))};
        ++next;
      }
      entries.push_back(value);
    }
    if (named.first_feature == eval::kPieceSquareFeature) {
      text += piece_square_text(entries);
      continue;
    }
    if (named.size == 1) {
      text += "inline constexpr Pair " + std::string(named.name) + " = " + pair_text(entries[0]) +
              ";\n";
      continue;
    }
    text += "inline constexpr std::array<Pair, " + std::to_string(named.size) + "> " +
            std::string(named.name) + " = {\n    {";
    for (std::size_t i = 0; i < entries.size(); ++i)
      text += (i ? ", " : "") + pair_text(entries[i]);
    text += "}};\n";
  }
  return text;
}

}  // namespace brudno::tools::tune
