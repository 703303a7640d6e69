#include "tools/match/statistics.hpp"

#include <cmath>
#include <limits>

namespace brudno::tools::match {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The score of each pentanomial cell: a pair's points over two games, as a fraction.
constexpr std::array<double, 5> kPairScores = {0.0, 0.25, 0.5, 0.75, 1.0};

// The share of an empty cell: fishtest's and fastchess's regularisation.
constexpr double kEmptyCell = 1e-3;

// Elo of a score that may lie outside (0, 1), as an interval bound can.
double elo_or_infinite(double score) {
  if (score <= 0) return -kInfinity;
  if (score >= 1) return kInfinity;
  return elo_from_score(score);
}

template <std::size_t N>
EloEstimate estimate(const std::array<double, N>& values, const std::array<double, N>& counts) {
  double samples = 0;
  double sum = 0;
  for (std::size_t i = 0; i < N; ++i) {
    samples += counts[i];
    sum += counts[i] * values[i];
  }
  EloEstimate result;
  result.samples = static_cast<std::int64_t>(samples);
  result.score = sum / samples;
  double squares = 0;
  for (std::size_t i = 0; i < N; ++i) {
    squares += counts[i] * (values[i] - result.score) * (values[i] - result.score);
  }
  result.variance = squares / samples;
  const double error = kZ95 * std::sqrt(result.variance / samples);
  result.score_low = result.score - error;
  result.score_high = result.score + error;
  result.elo = elo_or_infinite(result.score);
  result.elo_low = elo_or_infinite(result.score_low);
  result.elo_high = elo_or_infinite(result.score_high);
  result.elo_error = (result.elo_high - result.elo_low) / 2;
  if (result.variance > 0) {
    result.los =
        0.5 * (1 + std::erf((result.score - 0.5) / std::sqrt(2 * result.variance / samples)));
  } else {
    result.los = result.score > 0.5 ? 1.0 : result.score < 0.5 ? 0.0 : 0.5;
  }
  return result;
}

// The distribution q nearest to `observed` (largest likelihood) whose mean is
// `mean`: q_i = p_i / (1 + x (a_i - mean)), with x the root of
// sum_i p_i (a_i - mean) / (1 + x (a_i - mean)) = 0. The sum falls strictly
// with x between the poles -1/(a_max - mean) and -1/(a_min - mean), so
// bisection finds the root.
std::array<double, 5> nearest_with_mean(const std::array<double, 5>& observed, double mean) {
  const auto sum = [&](double x) {
    double total = 0;
    for (std::size_t i = 0; i < 5; ++i) {
      const double d = kPairScores[i] - mean;
      total += observed[i] * d / (1 + x * d);
    }
    return total;
  };
  double low = -1 / (kPairScores[4] - mean);
  double high = -1 / (kPairScores[0] - mean);
  for (int i = 0; i < 200 && high - low > 1e-15 * (std::abs(low) + std::abs(high)); ++i) {
    const double middle = (low + high) / 2;
    if (middle == low || middle == high) break;
    (sum(middle) > 0 ? low : high) = middle;
  }
  const double x = (low + high) / 2;
  std::array<double, 5> nearest{};
  for (std::size_t i = 0; i < 5; ++i) {
    nearest[i] = observed[i] / (1 + x * (kPairScores[i] - mean));
  }
  return nearest;
}

}  // namespace

double elo_from_score(double score) {
  return -400 * std::log10(1 / score - 1);
}

double score_from_elo(double elo) {
  return 1 / (1 + std::pow(10, -elo / 400));
}

std::int64_t Pentanomial::pairs() const {
  std::int64_t total = 0;
  for (const auto count : counts) total += count;
  return total;
}

void Pentanomial::add_pair(double first_game, double second_game) {
  ++counts[static_cast<std::size_t>(std::lround(2 * (first_game + second_game)))];
}

std::optional<EloEstimate> estimate_elo(const Wdl& games) {
  if (games.games() == 0) return std::nullopt;
  return estimate<3>({0.0, 0.5, 1.0},
                     {static_cast<double>(games.losses), static_cast<double>(games.draws),
                      static_cast<double>(games.wins)});
}

std::optional<EloEstimate> estimate_elo(const Pentanomial& pairs) {
  if (pairs.pairs() == 0) return std::nullopt;
  std::array<double, 5> counts{};
  for (std::size_t i = 0; i < 5; ++i) counts[i] = static_cast<double>(pairs.counts[i]);
  return estimate<5>(kPairScores, counts);
}

double SprtSettings::lower_bound() const {
  return std::log(beta / (1 - alpha));
}

double SprtSettings::upper_bound() const {
  return std::log((1 - beta) / alpha);
}

double sprt_llr(const Pentanomial& pairs, double elo0, double elo1) {
  if (pairs.pairs() == 0) return 0;
  std::array<double, 5> counts{};
  double total = 0;
  for (std::size_t i = 0; i < 5; ++i) {
    counts[i] = pairs.counts[i] == 0 ? kEmptyCell : static_cast<double>(pairs.counts[i]);
    total += counts[i];
  }
  std::array<double, 5> observed{};
  for (std::size_t i = 0; i < 5; ++i) observed[i] = counts[i] / total;
  const auto h0 = nearest_with_mean(observed, score_from_elo(elo0));
  const auto h1 = nearest_with_mean(observed, score_from_elo(elo1));
  double llr = 0;
  for (std::size_t i = 0; i < 5; ++i) llr += observed[i] * std::log(h1[i] / h0[i]);
  return total * llr;
}

double sprt_llr_normal(const Pentanomial& pairs, double elo0, double elo1) {
  const auto estimate = estimate_elo(pairs);
  if (!estimate || estimate->variance == 0) return 0;
  const double s0 = score_from_elo(elo0);
  const double s1 = score_from_elo(elo1);
  return static_cast<double>(estimate->samples) * (s1 - s0) * (2 * estimate->score - s0 - s1) /
         (2 * estimate->variance);
}

SprtDecision sprt_decision(double llr, const SprtSettings& settings) {
  if (llr >= settings.upper_bound()) return SprtDecision::kAcceptH1;
  if (llr <= settings.lower_bound()) return SprtDecision::kAcceptH0;
  return SprtDecision::kContinue;
}

}  // namespace brudno::tools::match
