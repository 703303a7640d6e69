#include "tools/tune/texel.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <cmath>
#include <stdexcept>

namespace brudno::tools::tune {

namespace eval = games::chess::eval;

namespace {

constexpr double kFullPhase = eval::kFullPhase;

// Positions a task sums. The sums are split the same way on every run
// (parallel_deterministic_reduce), so a fit is reproducible to the last bit
// whatever the threads.
constexpr std::size_t kPositionsATask = 4096;

using Range = tbb::blocked_range<std::size_t>;

}  // namespace

double win_probability(double score, double k) {
  return 1.0 / (1.0 + std::pow(10.0, -k * score / 400.0));
}

Dataset::Dataset(std::vector<int> fitted)
    : fitted_(std::move(fitted)), parameter_of_feature_(eval::kFeatureCount, -1) {
  for (std::size_t i = 0; i < fitted_.size(); ++i)
    parameter_of_feature_[static_cast<std::size_t>(fitted_[i])] = static_cast<int>(i);
}

void Dataset::add(const eval::EvalTrace& trace, double result) {
  Position position{static_cast<float>(result),
                    0,
                    0,
                    static_cast<std::uint8_t>(trace.phase),
                    static_cast<std::uint32_t>(counts_.size()),
                    0};
  for (int feature = 0; feature < eval::kFeatureCount; ++feature) {
    const int count = trace.counts[0][feature] - trace.counts[1][feature];
    if (count == 0) continue;
    const int parameter = parameter_of_feature_[static_cast<std::size_t>(feature)];
    if (parameter < 0) {
      position.fixed_mg += static_cast<float>(eval::weights()[feature].mg * count);
      position.fixed_eg += static_cast<float>(eval::weights()[feature].eg * count);
    } else {
      counts_.push_back({static_cast<std::uint16_t>(parameter), static_cast<std::int16_t>(count)});
    }
  }
  position.end = static_cast<std::uint32_t>(counts_.size());
  positions_.push_back(position);
}

std::vector<Weight> Dataset::current_weights() const {
  std::vector<Weight> weights;
  for (const int feature : fitted_) {
    const auto pair = eval::weights()[feature];
    weights.push_back({static_cast<double>(pair.mg), static_cast<double>(pair.eg)});
  }
  return weights;
}

double Dataset::score(std::size_t i, const std::vector<Weight>& weights) const {
  const Position& position = positions_[i];
  double mg = position.fixed_mg;
  double eg = position.fixed_eg;
  for (std::uint32_t c = position.first; c < position.end; ++c) {
    mg += weights[counts_[c].parameter].mg * counts_[c].count;
    eg += weights[counts_[c].parameter].eg * counts_[c].count;
  }
  return (mg * position.phase + eg * (kFullPhase - position.phase)) / kFullPhase;
}

double Dataset::mean_error(const std::vector<Weight>& weights, double k) const {
  if (positions_.empty()) return 0;
  const double sum = tbb::parallel_deterministic_reduce(
      Range(0, positions_.size(), kPositionsATask), 0.0,
      [&](const Range& range, double partial) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
          const double miss = positions_[i].result - win_probability(score(i, weights), k);
          partial += miss * miss;
        }
        return partial;
      },
      [](double a, double b) { return a + b; });
  return sum / static_cast<double>(positions_.size());
}

std::vector<Weight> Dataset::gradient(const std::vector<Weight>& weights, double k) const {
  if (positions_.empty()) return std::vector<Weight>(weights.size());
  // d/dE (r - p)^2 = -2 (r - p) p (1 - p) k ln(10) / 400.
  const double logistic_slope = k * std::log(10.0) / 400.0;
  auto slope = tbb::parallel_deterministic_reduce(
      Range(0, positions_.size(), kPositionsATask), std::vector<Weight>(weights.size()),
      [&](const Range& range, std::vector<Weight> partial) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
          const Position& position = positions_[i];
          const double p = win_probability(score(i, weights), k);
          const double d_score = -2.0 * (position.result - p) * p * (1.0 - p) * logistic_slope;
          const double d_mg = d_score * position.phase / kFullPhase;
          const double d_eg = d_score * (kFullPhase - position.phase) / kFullPhase;
          for (std::uint32_t c = position.first; c < position.end; ++c) {
            partial[counts_[c].parameter].mg += d_mg * counts_[c].count;
            partial[counts_[c].parameter].eg += d_eg * counts_[c].count;
          }
        }
        return partial;
      },
      [](std::vector<Weight> a, const std::vector<Weight>& b) {
        for (std::size_t i = 0; i < a.size(); ++i) {
          a[i].mg += b[i].mg;
          a[i].eg += b[i].eg;
        }
        return a;
      });
  const double n = static_cast<double>(positions_.size());
  for (auto& s : slope) {
    s.mg /= n;
    s.eg /= n;
  }
  return slope;
}

double fit_scale(const Dataset& data, const std::vector<Weight>& weights) {
  const double golden = (std::sqrt(5.0) - 1.0) / 2.0;
  double low = 0.05;
  double high = 5.0;
  double a = high - golden * (high - low);
  double b = low + golden * (high - low);
  double error_a = data.mean_error(weights, a);
  double error_b = data.mean_error(weights, b);
  for (int step = 0; step < 60; ++step) {
    if (error_a < error_b) {
      high = b;
      b = a;
      error_b = error_a;
      a = high - golden * (high - low);
      error_a = data.mean_error(weights, a);
    } else {
      low = a;
      a = b;
      error_a = error_b;
      b = low + golden * (high - low);
      error_b = data.mean_error(weights, b);
    }
  }
  return (low + high) / 2;
}

std::vector<Weight> tune(const Dataset& data, std::vector<Weight> start, double k,
                         const TuneSettings& settings) {
  if (start.size() != data.parameter_count())
    throw std::invalid_argument("tune: one start weight per fitted feature");
  constexpr double kBeta1 = 0.9;
  constexpr double kBeta2 = 0.999;
  constexpr double kEpsilon = 1e-12;
  std::vector<Weight> first(start.size());   // moving mean of the gradient
  std::vector<Weight> second(start.size());  // moving mean of its square
  const std::vector<Weight> origin = start;
  std::vector<Weight>& weights = start;
  for (int step = 1; step <= settings.iterations; ++step) {
    auto slope = data.gradient(weights, k);
    for (std::size_t i = 0; i < weights.size(); ++i) {
      slope[i].mg += 2 * settings.prior * (weights[i].mg - origin[i].mg);
      slope[i].eg += 2 * settings.prior * (weights[i].eg - origin[i].eg);
    }
    const double unbias1 = 1.0 - std::pow(kBeta1, step);
    const double unbias2 = 1.0 - std::pow(kBeta2, step);
    // The step shrinks to a tenth by the end, so the weights settle instead
    // of circling their best values by a whole learning rate.
    const double rate = settings.learning_rate * (1.0 - 0.9 * step / settings.iterations);
    const auto move = [&](double& weight, double& mean, double& square, double g) {
      mean = kBeta1 * mean + (1 - kBeta1) * g;
      square = kBeta2 * square + (1 - kBeta2) * g * g;
      weight -= rate * (mean / unbias1) / (std::sqrt(square / unbias2) + kEpsilon);
    };
    for (std::size_t i = 0; i < weights.size(); ++i) {
      move(weights[i].mg, first[i].mg, second[i].mg, slope[i].mg);
      move(weights[i].eg, first[i].eg, second[i].eg, slope[i].eg);
    }
  }
  return weights;
}

}  // namespace brudno::tools::tune
