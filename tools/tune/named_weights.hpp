#pragma once
// The evaluation's weights that the tuner fits, by the names they have in
// games/chess/eval/eval_weights.hpp, and those constants written back as C++.
//
// Fitted: the piece values (pawn to queen), mobility, the passed pawns by
// rank (2nd to 7th: the pawn itself, its square in front free and the
// kings' distances to that square), pawn structure, the bishop pair, rooks
// on open files, king safety (the zone attacks by knight to queen), threats,
// knight outposts, the tempo, and the piece-square tables (pawn to king,
// 384 pairs, which only a million positions or so determine: with fewer,
// the prior keeps them near the rules that make them now).

#include <string>
#include <string_view>
#include <vector>

#include "games/chess/eval/evaluation.hpp"

namespace brudno::tools::tune {

// A weight as the tuner moves it: a middlegame and an endgame value.
struct Weight {
  double mg = 0;
  double eg = 0;
};

// A constant of eval_weights.hpp: one Pair, or an array of them whose
// entries [first_fitted, last_fitted] the tuner fits (the others, such as a
// pawn on its first rank, never occur).
struct NamedWeight {
  std::string_view name;
  int first_feature;  // eval::Feature of entry 0
  int size;           // 1 for a single Pair
  int first_fitted;
  int last_fitted;
};

const std::vector<NamedWeight>& named_weights();

// The features the tuner fits, in the order of its parameter vector.
std::vector<int> fitted_features();

// The constants as eval_weights.hpp declares them, each fitted entry from
// `fitted` (in fitted_features() order, rounded) and the others as they are.
std::string weights_as_cpp(const std::vector<Weight>& fitted);

}  // namespace brudno::tools::tune
