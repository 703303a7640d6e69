#pragma once
// Texel's method: fit evaluation weights so that a logistic of the static
// score predicts the results of the games the positions came from. With a
// score E in centipawns (white's view) and a scale K,
//   P(white wins) = 1 / (1 + 10^(-K E / 400)),
// and the error is the mean over positions of (result - P)^2, result being
// 1, 0.5 or 0. The evaluation is linear in its weights (eval_weights.hpp),
//   E = (mg x phase + eg x (24 - phase)) / 24,
//   mg = sum over features of weight.mg x (white's count - black's count)
// (eg the same), so the error's gradient is exact and cheap: the weights move
// by Adam's rule on the whole set at each step. K is fitted first, on the
// weights as they are, and held fixed while the weights move.

#include <cstdint>
#include <vector>

#include "games/chess/eval/evaluation.hpp"
#include "tools/tune/named_weights.hpp"

namespace brudno::tools::tune {

// 1 / (1 + 10^(-k x score / 400)).
double win_probability(double score, double k);

// Positions with their results, each stored as the counts of the fitted
// features (white's minus black's, non-zero ones only) and what every other
// feature adds, which the tuner does not move.
class Dataset {
 public:
  // `fitted`: the features whose weights are parameters (fitted_features()).
  explicit Dataset(std::vector<int> fitted);

  // A position by its trace, and white's score in its game.
  void add(const games::chess::eval::EvalTrace& trace, double result);

  [[nodiscard]] std::size_t size() const { return positions_.size(); }
  [[nodiscard]] std::size_t parameter_count() const { return fitted_.size(); }
  // The fitted weights as the evaluation has them now.
  [[nodiscard]] std::vector<Weight> current_weights() const;

  // Position i's score (white's view) under `weights`.
  [[nodiscard]] double score(std::size_t i, const std::vector<Weight>& weights) const;
  // The mean squared error of the predicted results.
  [[nodiscard]] double mean_error(const std::vector<Weight>& weights, double k) const;
  // d(mean_error) / d(each weight).
  [[nodiscard]] std::vector<Weight> gradient(const std::vector<Weight>& weights, double k) const;

 private:
  struct Count {
    std::uint16_t parameter;
    std::int16_t count;
  };
  struct Position {
    float result;
    float fixed_mg;  // the features not fitted, white's view
    float fixed_eg;
    std::uint8_t phase;
    std::uint32_t first;  // its counts: counts_[first, end)
    std::uint32_t end;
  };
  std::vector<int> fitted_;
  std::vector<int> parameter_of_feature_;  // -1 for a feature not fitted
  std::vector<Position> positions_;
  std::vector<Count> counts_;
};

// The K that minimises the error of `weights` (golden-section search, K in
// [0.05, 5]).
double fit_scale(const Dataset& data, const std::vector<Weight>& weights);

struct TuneSettings {
  int iterations = 3000;
  double learning_rate = 1.0;  // centipawns a step at first, about; a tenth of it at the end
  // Ridge towards the start: prior x (weight - start)^2, summed over the
  // weights, is added to the error. A few thousand games leave some weights
  // barely determined (the bishop pair's middlegame and endgame values trade
  // off against each other); the prior keeps those near the hand-set values
  // unless the results say otherwise.
  double prior = 0;
};

// `start` moved by Adam to a lower error (plus the prior's term) on `data`.
std::vector<Weight> tune(const Dataset& data, std::vector<Weight> start, double k,
                         const TuneSettings& settings);

}  // namespace brudno::tools::tune
