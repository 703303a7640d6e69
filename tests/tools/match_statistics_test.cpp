// The match statistics against examples worked by hand (the arithmetic is in
// the comments) and against the published unit-test values of fastchess, a
// widely used match tool (its elo_test.cpp and sprt_test.cpp).

#include <gtest/gtest.h>

#include <cmath>

#include "tools/match/statistics.hpp"

namespace brudno::tools::match {
namespace {

TEST(MatchStatistics, EloFromScore) {
  // -400 log10(1/0.75 - 1) = 400 log10(3) = 400 * 0.4771213 = 190.8485
  EXPECT_NEAR(elo_from_score(0.75), 190.8485, 1e-4);
  EXPECT_NEAR(elo_from_score(0.25), -190.8485, 1e-4);
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  // 1 / (1 + 10^(-400/400)) = 1 / 1.1 = 0.909091
  EXPECT_NEAR(score_from_elo(400), 1 / 1.1, 1e-12);
  // 1 / (1 + 10^(-10/400)) = 1 / (1 + 0.944061) = 0.514387
  EXPECT_NEAR(score_from_elo(10), 0.514387, 1e-6);
  for (double elo : {-300.0, -7.5, 0.0, 42.0, 800.0}) {
    EXPECT_NEAR(elo_from_score(score_from_elo(elo)), elo, 1e-9);
  }
}

TEST(MatchStatistics, PentanomialCellsFromGamePairs) {
  Pentanomial pairs;
  pairs.add_pair(1, 1);      // 2 points: cell 4
  pairs.add_pair(1, 0);      // 1 point: cell 2
  pairs.add_pair(0.5, 0.5);  // 1 point: cell 2
  pairs.add_pair(0, 0.5);    // 1/2 point: cell 1
  pairs.add_pair(0, 0);      // 0 points: cell 0
  pairs.add_pair(1, 0.5);    // 3/2 points: cell 3
  EXPECT_EQ(pairs.counts, (std::array<std::int64_t, 5>{1, 1, 2, 1, 1}));
  EXPECT_EQ(pairs.pairs(), 6);
}

TEST(MatchStatistics, PentanomialIntervalByHand) {
  // 10 pairs: 1 scored 0 points, 2 scored 1/2, 3 scored 1, 2 scored 3/2, 2 scored 2.
  Pentanomial pairs;
  pairs.counts = {1, 2, 3, 2, 2};
  const auto estimate = estimate_elo(pairs);
  ASSERT_TRUE(estimate);
  EXPECT_EQ(estimate->samples, 10);
  // mean = (0*1 + 0.25*2 + 0.5*3 + 0.75*2 + 1*2) / 10 = 5.5 / 10 = 0.55
  EXPECT_NEAR(estimate->score, 0.55, 1e-12);
  // variance = (1*0.55^2 + 2*0.30^2 + 3*0.05^2 + 2*0.20^2 + 2*0.45^2) / 10
  //          = (0.3025 + 0.18 + 0.0075 + 0.08 + 0.405) / 10 = 0.0975
  EXPECT_NEAR(estimate->variance, 0.0975, 1e-12);
  // error = 1.959964 * sqrt(0.0975 / 10) = 1.959964 * 0.0987421 = 0.1935309
  EXPECT_NEAR(estimate->score_low, 0.55 - 0.1935309, 1e-7);
  EXPECT_NEAR(estimate->score_high, 0.55 + 0.1935309, 1e-7);
  // elo = -400 log10(1/0.55 - 1) = -400 log10(0.8181818) = 34.8601
  EXPECT_NEAR(estimate->elo, 34.8601, 1e-4);
  // low = -400 log10(1/0.3564691 - 1) = -400 log10(1.8052916) = -102.6190
  EXPECT_NEAR(estimate->elo_low, -102.6190, 1e-4);
  // high = -400 log10(1/0.7435309 - 1) = -400 log10(0.3449344) = 184.9056
  EXPECT_NEAR(estimate->elo_high, 184.9056, 1e-4);
  // (184.9056 + 102.6190) / 2 = 143.7623
  EXPECT_NEAR(estimate->elo_error, 143.7623, 1e-4);
  // LOS = (1 + erf((0.55 - 0.5) / sqrt(2 * 0.0975 / 10))) / 2 = (1 + erf(0.358057)) / 2 = 0.693701
  EXPECT_NEAR(estimate->los, 0.693701, 1e-6);
}

TEST(MatchStatistics, TrinomialIntervalByHand) {
  // 6 wins, 3 draws, 1 loss: score (6 + 1.5) / 10 = 0.75
  const auto estimate = estimate_elo(Wdl{6, 3, 1});
  ASSERT_TRUE(estimate);
  EXPECT_NEAR(estimate->score, 0.75, 1e-12);
  // variance = (6*0.25^2 + 3*0.25^2 + 1*0.75^2) / 10 = (0.375 + 0.1875 + 0.5625) / 10 = 0.1125
  EXPECT_NEAR(estimate->variance, 0.1125, 1e-12);
  // error = 1.959964 * sqrt(0.01125) = 0.2078856; low = 0.5421144, high = 0.9578856
  // low: -400 log10(1/0.5421144 - 1) = 29.3336; high: -400 log10(0.0439654) = 542.7531
  EXPECT_NEAR(estimate->elo, 190.8485, 1e-4);
  EXPECT_NEAR(estimate->elo_low, 29.3336, 1e-4);
  EXPECT_NEAR(estimate->elo_high, 542.7531, 1e-4);
}

TEST(MatchStatistics, IntervalReachingPastCertaintyIsInfinite) {
  // Two pairs, both won twice: variance 0, score 1; Elo is infinite.
  Pentanomial pairs;
  pairs.counts = {0, 0, 0, 0, 2};
  const auto estimate = estimate_elo(pairs);
  ASSERT_TRUE(estimate);
  EXPECT_TRUE(std::isinf(estimate->elo) && estimate->elo > 0);
  EXPECT_FALSE(estimate_elo(Pentanomial{}));
  EXPECT_FALSE(estimate_elo(Wdl{}));
}

TEST(MatchStatistics, MatchesFastchessPublishedElo) {
  // fastchess elo_test.cpp: pentanomial LL 34, LD 54, WL 31, DD 32, WD 64, WW 75
  // gives 55.58 +/- 27.65; 136 wins, 96 losses, 111 draws give 40.70 +/- 30.43.
  Pentanomial pairs;
  pairs.counts = {34, 54, 31 + 32, 64, 75};
  const auto penta = estimate_elo(pairs);
  ASSERT_TRUE(penta);
  EXPECT_NEAR(penta->elo, 55.58, 0.005);
  EXPECT_NEAR(penta->elo_error, 27.65, 0.005);
  const auto wdl = estimate_elo(Wdl{136, 111, 96});
  ASSERT_TRUE(wdl);
  EXPECT_NEAR(wdl->elo, 40.70, 0.005);
  EXPECT_NEAR(wdl->elo_error, 30.43, 0.005);
  // "LOS 99.60 %" for the same games
  EXPECT_NEAR(wdl->los, 0.9960, 0.00005);
}

TEST(MatchStatistics, SprtBounds) {
  // log(0.05 / 0.95) = log(1/19) = -2.944439; log(0.95 / 0.05) = log(19) = 2.944439
  const SprtSettings standard{0, 10, 0.05, 0.05};
  EXPECT_NEAR(standard.lower_bound(), -2.944439, 1e-6);
  EXPECT_NEAR(standard.upper_bound(), 2.944439, 1e-6);
  // log(0.1 / 0.95) = -2.251292; log(0.9 / 0.05) = log(18) = 2.890372
  const SprtSettings lopsided{0, 10, 0.05, 0.10};
  EXPECT_NEAR(lopsided.lower_bound(), -2.251292, 1e-6);
  EXPECT_NEAR(lopsided.upper_bound(), 2.890372, 1e-6);
  EXPECT_EQ(sprt_decision(2.95, standard), SprtDecision::kAcceptH1);
  EXPECT_EQ(sprt_decision(-2.95, standard), SprtDecision::kAcceptH0);
  EXPECT_EQ(sprt_decision(2.9, standard), SprtDecision::kContinue);
}

TEST(MatchStatistics, SprtNormalApproximationByHand) {
  // The pairs above: mean 0.55, variance 0.0975; s0 = 0.5, s1 = score_from_elo(10) = 0.5143872.
  // LLR = 10 * (0.5143872 - 0.5) * (2*0.55 - 0.5 - 0.5143872) / (2 * 0.0975)
  //     = 10 * 0.0143872 * 0.0856128 / 0.195 = 0.0631655
  Pentanomial pairs;
  pairs.counts = {1, 2, 3, 2, 2};
  EXPECT_NEAR(sprt_llr_normal(pairs, 0, 10), 0.0631655, 1e-7);
  // The exact ratio is close to it at so small a difference (0.06247 computed separately).
  EXPECT_NEAR(sprt_llr(pairs, 0, 10), 0.0631655, 0.002);
}

TEST(MatchStatistics, SprtExactRatioMatchesFastchessPublishedValues) {
  // fastchess sprt_test.cpp, "logistic pentanomial 1" and "2" (within 1%):
  // LL 223, LD 9863, WL 20279, DD 1000, WD 10037, WW 246, bounds [0.5, 2.5]: -3.07
  Pentanomial first;
  first.counts = {223, 9863, 20279 + 1000, 10037, 246};
  EXPECT_NEAR(sprt_llr(first, 0.5, 2.5), -3.07, 0.0307);
  // LL 871, LD 26175, WL 55003, DD 980, WD 26678, WW 821, bounds [0, 2]: -4.98
  Pentanomial second;
  second.counts = {871, 26175, 55003 + 980, 26678, 821};
  EXPECT_NEAR(sprt_llr(second, 0, 2), -4.98, 0.0498);
}

TEST(MatchStatistics, SprtExactRatioProperties) {
  Pentanomial pairs;
  pairs.counts = {3, 10, 20, 12, 5};
  // The same hypothesis twice: no evidence either way.
  EXPECT_NEAR(sprt_llr(pairs, 5, 5), 0.0, 1e-9);
  // Swapping the hypotheses negates the ratio.
  EXPECT_NEAR(sprt_llr(pairs, 0, 10), -sprt_llr(pairs, 10, 0), 1e-9);
  // The ratio grows with the sample: ten times the pairs, ten times the ratio.
  Pentanomial more = pairs;
  for (auto& count : more.counts) count *= 10;
  EXPECT_NEAR(sprt_llr(more, 0, 10), 10 * sprt_llr(pairs, 0, 10), 1e-6);
  // A one-sided result has a finite ratio (empty cells count as 0.001 pairs),
  // and a modest one: 30 pairs won twice give only 0.85 for [0, 10] (computed
  // separately); 120 pairs give 3.40, past the upper bound 2.94.
  Pentanomial sweep;
  sweep.counts = {0, 0, 0, 0, 30};
  EXPECT_NEAR(sprt_llr(sweep, 0, 10), 0.8511, 1e-3);
  sweep.counts = {0, 0, 0, 0, 120};
  EXPECT_NEAR(sprt_llr(sweep, 0, 10), 3.4042, 1e-3);
  EXPECT_EQ(sprt_decision(sprt_llr(sweep, 0, 10), SprtSettings{}), SprtDecision::kAcceptH1);
}

}  // namespace
}  // namespace brudno::tools::match
