// The win/draw/loss model: its shape, the samples read from brudno-match's
// PGN, the fit recovering a model that generated the data, and
// UCI_ShowWDL's info lines.

#include "tools/wdl/wdl_fit.hpp"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "games/chess/chess.hpp"
#include "games/chess/training/wdl_model.hpp"
#include "protocol/uci_session.hpp"
#include "tests/protocol/capture_sink.hpp"
#include "tools/tune/pgn_reader.hpp"

namespace brudno::tools::wdl {
namespace {

using games::chess::WdlModel;
using games::chess::win_draw_loss;

TEST(WdlModel, PerMilleSumsTo1000AndRisesWithTheScore) {
  for (const int material : {17, 30, 58, 78}) {
    int last_win = -1;
    for (int score = -800; score <= 800; score += 25) {
      const auto wdl = win_draw_loss(score, material);
      EXPECT_EQ(wdl.win + wdl.draw + wdl.loss, 1000) << score;
      EXPECT_GE(wdl.draw, 0);
      EXPECT_GE(wdl.win, last_win) << score << " at material " << material;
      last_win = wdl.win;
      // The same score for the other side is the mirror.
      const auto other = win_draw_loss(-score, material);
      EXPECT_EQ(other.win, wdl.loss);
    }
    const auto level = win_draw_loss(0, material);
    EXPECT_EQ(level.win, level.loss);
    EXPECT_GT(level.draw, 0) << "a level position is drawn more often than not won";
  }
  const auto mate = win_draw_loss(engine::win_in(5), 58);
  EXPECT_EQ(mate.win, 1000);
  const auto mated = win_draw_loss(engine::loss_in(4), 58);
  EXPECT_EQ(mated.loss, 1000);
}

TEST(WdlFit, ReadsScoreComments) {
  EXPECT_EQ(comment_score("+0.08/9 0.075s"), 8.0);
  EXPECT_EQ(comment_score("-1.25/12 0.100s"), -125.0);
  EXPECT_EQ(comment_score("0.00/10 0.076s"), 0.0);
  EXPECT_FALSE(comment_score("+M3/14 0.020s"));
  EXPECT_FALSE(comment_score("-M2/9 0.020s"));
  EXPECT_FALSE(comment_score("0.070s"));
  EXPECT_FALSE(comment_score("book"));
}

TEST(WdlFit, SamplesAreForTheSideToMove) {
  std::istringstream in(R"([White "a"]
[Black "b"]
[Result "0-1"]

1. f3 {-0.30/8 0.1s} e5 {+0.40/8 0.1s} 2. g4 {-2.00/8 0.1s} Qh4# {+M1/1 0.1s} 0-1
[Result "*"]

1. e4 {+0.20/8 0.1s} *
)");
  std::vector<std::string> errors;
  const auto games = tune::read_pgn(in, errors);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_EQ(games[0].comments.size(), 4u);
  EXPECT_EQ(games[0].comments[1], "+0.40/8 0.1s");
  const auto samples = samples_of(games);
  ASSERT_EQ(samples.size(), 3u);  // the mate and the unfinished game are left out
  EXPECT_EQ(samples[0].score, -30);
  EXPECT_EQ(samples[0].outcome, -1);  // white moved, and lost
  EXPECT_EQ(samples[1].score, 40);
  EXPECT_EQ(samples[1].outcome, 1);  // black moved, and won
  EXPECT_EQ(samples[2].score, -200);
  EXPECT_EQ(samples[2].outcome, -1);
  EXPECT_EQ(samples[0].material, 78);  // all 78 units on the board
}

// Outcomes drawn from a known model: the fit must find that model again,
// as its chances on a grid of scores and materials show.
TEST(WdlFit, RecoversTheModelThatMadeTheData) {
  const WdlModel truth = {{{60.0, 180.0, -90.0, 20.0}}, {{40.0, 60.0, -20.0, 0.0}}};
  std::mt19937 random(7);
  std::uniform_int_distribution<int> material(17, 78);
  std::uniform_real_distribution<double> score(-500, 500);
  std::uniform_real_distribution<double> chance(0, 1);
  std::vector<WdlSample> samples;
  for (int i = 0; i < 12000; ++i) {
    WdlSample sample{std::round(score(random)), material(random), 0};
    const double win = games::chess::win_probability(truth, sample.score, sample.material);
    const double loss = games::chess::win_probability(truth, -sample.score, sample.material);
    const double roll = chance(random);
    sample.outcome = roll < win ? 1 : roll < win + loss ? -1 : 0;
    samples.push_back(sample);
  }
  const WdlModel start = {{{150.0, 0.0, 0.0, 0.0}}, {{80.0, 0.0, 0.0, 0.0}}};
  const WdlModel fitted = fit(samples, start, FitOptions{1500, 2.0});
  EXPECT_LT(log_loss(fitted, samples), log_loss(start, samples));
  EXPECT_LT(log_loss(fitted, samples), log_loss(truth, samples) + 0.002);
  for (const int m : {20, 40, 58, 76}) {
    for (const int x : {-300, -100, 0, 50, 150, 400}) {
      const auto want = win_draw_loss(x, m, truth);
      const auto got = win_draw_loss(x, m, fitted);
      EXPECT_NEAR(got.win, want.win, 40) << x << " cp at material " << m;
      EXPECT_NEAR(got.loss, want.loss, 40) << x << " cp at material " << m;
    }
  }
}

TEST(WdlOption, InfoLinesCarryWdlWhenAsked) {
  testing::CaptureSink out;
  protocol::UciSession session(out);
  session.handle_line("setoption name UCI_ShowWDL value true");
  session.handle_line("position startpos moves e2e4");
  session.handle_line("go depth 4");
  session.end_of_input();
  std::size_t with_wdl = 0;
  for (const auto& line : out.lines()) {
    if (line.rfind("info depth", 0) != 0 || line.find(" score ") == std::string::npos) continue;
    const auto at = line.find(" wdl ");
    ASSERT_NE(at, std::string::npos) << line;
    std::istringstream numbers(line.substr(at + 5));
    int win = -1, draw = -1, loss = -1;
    numbers >> win >> draw >> loss;
    EXPECT_EQ(win + draw + loss, 1000) << line;
    EXPECT_LT(line.find(" score "), at);
    EXPECT_LT(at, line.find(" nodes "));
    ++with_wdl;
  }
  EXPECT_EQ(with_wdl, 4u);
  out.clear();
  session.handle_line("setoption name UCI_ShowWDL value false");
  session.handle_line("go depth 2");
  session.end_of_input();
  for (const auto& line : out.lines()) EXPECT_EQ(line.find(" wdl "), std::string::npos) << line;
  session.handle_line("setoption name UCI_ShowWDL value maybe");
  EXPECT_EQ(out.lines().back(),
            "info string error: UCI_ShowWDL must be true or false, got 'maybe'");
}

}  // namespace
}  // namespace brudno::tools::wdl
