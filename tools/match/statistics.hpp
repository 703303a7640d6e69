#pragma once
// Match statistics as chess programmers compute them (fishtest, fastchess):
// the Elo difference from a score, its 95% interval from the pentanomial
// distribution of game pairs (two games of one opening, colours reversed),
// and the generalised sequential probability ratio test (GSPRT) on logistic
// Elo with the exact maximum-likelihood log-likelihood ratio.
//
// Scores are always those of the first engine: a win 1, a draw 1/2, a loss 0;
// a pair scores 0, 1/2, 1, 3/2 or 2 points, kept as fractions 0, 1/4, ..., 1.

#include <array>
#include <cstdint>
#include <optional>

namespace brudno::tools::match {

// 1.959963984540054: the two-sided 95% quantile of the standard normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

// The logistic Elo difference of an expected score in (0, 1): -400 log10(1/s - 1).
double elo_from_score(double score);
// Its inverse: 1 / (1 + 10^(-elo/400)).
double score_from_elo(double elo);

// Wins, draws and losses of the first engine.
struct Wdl {
  std::int64_t wins = 0;
  std::int64_t draws = 0;
  std::int64_t losses = 0;
  [[nodiscard]] std::int64_t games() const { return wins + draws + losses; }
  [[nodiscard]] double points() const { return static_cast<double>(wins) + 0.5 * draws; }
};

// Pairs by the first engine's points over the two games: counts[k] pairs
// scored k/2 points (k = 0: two losses, 2: a win and a loss or two draws, 4: two wins).
struct Pentanomial {
  std::array<std::int64_t, 5> counts{};
  [[nodiscard]] std::int64_t pairs() const;
  // Adds a pair from its two game scores (each 0, 0.5 or 1).
  void add_pair(double first_game, double second_game);
};

// A mean score with its 95% interval and the Elo differences they stand for.
struct EloEstimate {
  std::int64_t samples = 0;  // games (trinomial) or pairs (pentanomial)
  double score = 0.5;        // mean score of a game
  double variance = 0;       // of one sample's score, a sample being a game or a pair
  double score_low = 0.5;    // mean -+ kZ95 * sqrt(variance / samples)
  double score_high = 0.5;
  double elo = 0;      // elo_from_score(score); infinite at a score of 0 or 1
  double elo_low = 0;  // elo_from_score(score_low): -inf when score_low <= 0
  double elo_high = 0;
  double elo_error = 0;  // (elo_high - elo_low) / 2, as fastchess prints it: "+/-"
  double los = 0.5;      // likelihood of superiority: P(true score > 1/2)
};

// From single games: the trinomial model (draws and decisive games independent).
std::optional<EloEstimate> estimate_elo(const Wdl& games);
// From pairs: the pentanomial model, which sees that the two games of one
// opening are correlated (a lopsided opening wins one and loses the other).
std::optional<EloEstimate> estimate_elo(const Pentanomial& pairs);

// The sequential test of elo0 (H0) against elo1 (H1), both logistic Elo.
struct SprtSettings {
  double elo0 = 0;
  double elo1 = 10;
  double alpha = 0.05;  // the chance of accepting H1 when H0 holds
  double beta = 0.05;   // the chance of accepting H0 when H1 holds
  // log(beta / (1 - alpha)): at or below it, H0 is accepted.
  [[nodiscard]] double lower_bound() const;
  // log((1 - beta) / alpha): at or above it, H1 is accepted.
  [[nodiscard]] double upper_bound() const;
};

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

// The generalised log-likelihood ratio of the pairs for H1 against H0:
// N * sum_i p_i log(q1_i / q0_i), where p is the observed distribution of
// pair scores and qk the distribution nearest to it (maximum likelihood)
// whose mean is score_from_elo(elok). Empty cells count as 0.001 pairs, as
// in fishtest and fastchess, so that a one-sided result has a finite ratio.
double sprt_llr(const Pentanomial& pairs, double elo0, double elo1);
// The normal approximation of the same ratio: N (s1 - s0) (2 m - s0 - s1) / (2 v)
// with m and v the mean and variance of one pair's score. Close to sprt_llr
// for small Elo bounds; kept to check it.
double sprt_llr_normal(const Pentanomial& pairs, double elo0, double elo1);
SprtDecision sprt_decision(double llr, const SprtSettings& settings);

}  // namespace brudno::tools::match
