// The evaluation tuner: PGN read back, the quiet-position filter, the
// dataset reproducing the engine's evaluation, the error's gradient against
// finite differences, the fit recovering weights that made the results, and
// the constants written back under their names.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "games/chess/chess.hpp"
#include "games/chess/eval/evaluation.hpp"
#include "tests/games/chess_test_positions.hpp"
#include "tools/command.hpp"
#include "tools/tune/named_weights.hpp"
#include "tools/tune/pgn_reader.hpp"
#include "tools/tune/quiet_positions.hpp"
#include "tools/tune/texel.hpp"

namespace brudno::tools::tune {
namespace {

using games::Chess;
using games::chess_test::position;
namespace eval = games::chess::eval;

// Two games as brudno-match writes them, then one as people write them:
// move numbers glued to moves, a NAG, a nested variation, a line comment.
constexpr const char* kPgn = R"([Event "brudno-match"]
[White "a"]
[Black "b"]
[Result "0-1"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]

2. Nf3 {+0.30/12 0.101s} Nc6 {-0.20/12 0.090s} 3. Bc4 {+0.25/11 0.2s}
Nf6 {-0.1/12 0.1s} {adjudicated} 0-1

[Event "brudno-match"]
[Result "1/2-1/2"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1/2-1/2

[Event "by hand"]
[Result "1-0"]

1.d4 $1 d5 (1... Nf6 2. c4 (2. Nf3 g6) e6) 2.c4 ; the Queen's Gambit
dxc4 3.e3 1-0
)";

TEST(TunePgn, ReadsGamesMovesAndResults) {
  std::istringstream in(kPgn);
  std::vector<std::string> errors;
  const auto games = read_pgn(in, errors);
  EXPECT_TRUE(errors.empty()) << errors.front();
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].start.to_text(),
            position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").to_text());
  ASSERT_EQ(games[0].moves.size(), 4u);
  EXPECT_EQ(Chess::move_text(games[0].moves[0]), "g1f3");
  EXPECT_EQ(Chess::move_text(games[0].moves[3]), "g8f6");
  EXPECT_EQ(games[0].result, "0-1");
  EXPECT_EQ(games[1].moves.size(), 7u);
  EXPECT_EQ(Chess::move_text(games[1].moves[6]), "h5f7");
  EXPECT_EQ(games[1].result, "1/2-1/2");
  ASSERT_EQ(games[2].moves.size(), 5u);
  EXPECT_EQ(Chess::move_text(games[2].moves[2]), "c2c4");
  EXPECT_EQ(Chess::move_text(games[2].moves[4]), "e2e3");
  EXPECT_EQ(white_score(games[0].result), 0.0);
  EXPECT_EQ(white_score(games[1].result), 0.5);
  EXPECT_EQ(white_score(games[2].result), 1.0);
  EXPECT_LT(white_score("*"), 0.0);
}

TEST(TunePgn, AGameWithAnIllegalMoveIsLeftOutAndNamed) {
  std::istringstream in(
      "[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n"
      "[Result \"0-1\"]\n\n1. d4 d5 0-1\n");
  std::vector<std::string> errors;
  const auto games = read_pgn(in, errors);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].result, "0-1");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("'Ke3' is not a legal move after 2 plies"), std::string::npos)
      << errors[0];
  EXPECT_NE(errors[0].find("line 1"), std::string::npos) << errors[0];
}

TEST(TunePgn, AGameCutShortEndsWhereTheNextBegins) {
  std::istringstream in("[Result \"*\"]\n\n1. e4 e5\n\n[Result \"1-0\"]\n\n1. d4 1-0\n");
  std::vector<std::string> errors;
  const auto games = read_pgn(in, errors);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].moves.size(), 2u);
  EXPECT_EQ(games[0].result, "*");
  EXPECT_EQ(games[1].moves.size(), 1u);
  EXPECT_EQ(games[1].result, "1-0");
}

TEST(TuneQuiet, LeavesOutChecksCapturesPromotionsAndWinningCaptures) {
  const auto quiet = position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  EXPECT_TRUE(is_quiet(quiet, *quiet.parse_move("f1b5")));
  // The move played takes.
  const auto takes = position("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_FALSE(is_quiet(takes, *takes.parse_move("e4d5")));
  // In check.
  const auto check = position("rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3");
  ASSERT_TRUE(check.in_check());
  EXPECT_FALSE(is_quiet(check, *check.parse_move("c7c6")));
  // A queen hangs to a pawn: the position is not quiet whatever is played.
  const auto hanging = position("rnb1kbnr/pppp1ppp/8/4p3/3q4/2P5/PP1PPPPP/RNBQKBNR w KQkq - 0 3");
  EXPECT_FALSE(is_quiet(hanging, *hanging.parse_move("g1f3")));
  // A promotion.
  const auto promotes = position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  EXPECT_FALSE(is_quiet(promotes, *promotes.parse_move("e7e8q")));
}

TEST(TuneQuiet, SkipsTheFirstPliesAndVisitsInOrder) {
  std::istringstream in("[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 1-0\n");
  std::vector<std::string> errors;
  const auto games = read_pgn(in, errors);
  ASSERT_EQ(games.size(), 1u);
  std::vector<std::string> seen;
  for_each_quiet_position(games[0], QuietFilter{4},
                          [&](const Chess& p) { seen.push_back(p.to_text()); });
  // Plies 4 (Bb5), 5 (a6) and 6 (Ba4) are quiet moves from quiet positions.
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0], "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  EXPECT_EQ(seen[2], "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
}

// The dataset's score, with the weights as they are, is the engine's own
// evaluation from white's side (up to the engine's rounding of the taper).
TEST(TuneDataset, ScoresAsTheEngineEvaluates) {
  Dataset data(fitted_features());
  std::vector<int> expected;
  games::chess_test::for_each_playout_position(5, 3, 60, [&](const Chess& game) {
    data.add(eval::trace(game), 0.5);
    expected.push_back(game.side_to_move() == 0 ? game.evaluate() : -game.evaluate());
  });
  ASSERT_EQ(data.size(), expected.size());
  const auto weights = data.current_weights();
  for (std::size_t i = 0; i < data.size(); ++i)
    ASSERT_NEAR(data.score(i, weights), expected[i], 1.0) << i;
}

// Positions with hand-made feature counts: what the fit recovers must be
// what made the results.
Dataset synthetic_data(const std::vector<Weight>& truth, double k, unsigned seed) {
  const std::vector<int> features = {eval::kKnightMobilityFeature, eval::kBishopPairFeature,
                                     eval::kIsolatedPawnFeature};
  Dataset data(features);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> count(-4, 4);
  std::uniform_int_distribution<int> phase(0, eval::kFullPhase);
  for (int i = 0; i < 2000; ++i) {
    eval::EvalTrace trace;
    trace.phase = phase(random);
    double mg = 0;
    double eg = 0;
    for (std::size_t f = 0; f < features.size(); ++f) {
      const int c = count(random);
      trace.counts[0][features[f]] = std::max(c, 0);
      trace.counts[1][features[f]] = std::max(-c, 0);
      mg += truth[f].mg * c;
      eg += truth[f].eg * c;
    }
    const double score = (mg * trace.phase + eg * (eval::kFullPhase - trace.phase)) / 24.0;
    data.add(trace, win_probability(score, k));
  }
  return data;
}

TEST(TuneFit, GradientMatchesFiniteDifferences) {
  const std::vector<Weight> truth = {{30, 10}, {40, 80}, {-20, -5}};
  const Dataset data = synthetic_data(truth, 1.1, 3);
  const std::vector<Weight> at = {{10, 20}, {25, 60}, {0, -15}};
  const auto slope = data.gradient(at, 1.1);
  for (std::size_t i = 0; i < at.size(); ++i) {
    for (const bool middlegame : {true, false}) {
      auto up = at;
      auto down = at;
      (middlegame ? up[i].mg : up[i].eg) += 1e-3;
      (middlegame ? down[i].mg : down[i].eg) -= 1e-3;
      const double numeric = (data.mean_error(up, 1.1) - data.mean_error(down, 1.1)) / 2e-3;
      EXPECT_NEAR(middlegame ? slope[i].mg : slope[i].eg, numeric, 1e-9 + 1e-4 * std::abs(numeric))
          << i << (middlegame ? " mg" : " eg");
    }
  }
}

TEST(TuneFit, RecoversTheWeightsAndScaleThatMadeTheResults) {
  const std::vector<Weight> truth = {{30, 10}, {40, 80}, {-20, -5}};
  const Dataset data = synthetic_data(truth, 1.3, 7);
  EXPECT_NEAR(fit_scale(data, truth), 1.3, 1e-3);
  EXPECT_NEAR(data.mean_error(truth, 1.3), 0.0, 1e-12);
  const std::vector<Weight> start = {{0, 0}, {0, 0}, {0, 0}};
  const auto fitted = tune(data, start, 1.3, TuneSettings{4000, 2.0});
  ASSERT_EQ(fitted.size(), truth.size());
  for (std::size_t i = 0; i < truth.size(); ++i) {
    EXPECT_NEAR(fitted[i].mg, truth[i].mg, 0.5) << i;
    EXPECT_NEAR(fitted[i].eg, truth[i].eg, 0.5) << i;
  }
  EXPECT_LT(data.mean_error(fitted, 1.3), data.mean_error(start, 1.3) / 100);
}

TEST(TuneFit, WinProbabilityIsTheLogistic) {
  EXPECT_DOUBLE_EQ(win_probability(0, 1.0), 0.5);
  EXPECT_NEAR(win_probability(400, 1.0), 1.0 / 1.1, 1e-12);
  EXPECT_NEAR(win_probability(-400, 1.0), 0.1 / 1.1, 1e-12);
  EXPECT_NEAR(win_probability(200, 2.0), 1.0 / 1.1, 1e-12);
}

// Unmoved weights are written back exactly as eval_weights.hpp has them.
TEST(TuneWeights, WritesTheConstantsByName) {
  Dataset data(fitted_features());
  const std::string text = weights_as_cpp(data.current_weights());
  EXPECT_NE(text.find("inline constexpr Pair kKnightMobility = {" +
                      std::to_string(eval::kKnightMobility.mg) + ", " +
                      std::to_string(eval::kKnightMobility.eg) + "};\n"),
            std::string::npos)
      << text;
  std::string values = "inline constexpr std::array<Pair, 7> kPieceValue = {\n    {";
  for (int type = 0; type < 7; ++type) {
    values += (type ? ", {" : "{") + std::to_string(eval::kPieceValue[type].mg) + ", " +
              std::to_string(eval::kPieceValue[type].eg) + "}";
  }
  EXPECT_NE(text.find(values + "}};\n"), std::string::npos) << text;
  EXPECT_NE(text.find("kKingZoneAttack"), std::string::npos);
  // The piece-square tables, a type a block of eight lines, a1 first: the
  // knight's first rank as the rules make it now.
  std::string knight_rank = "    {{  // knight\n        ";
  for (int square = 0; square < 8; ++square) {
    const auto pair =
        eval::kPieceSquareTable[games::chess::kKnight][static_cast<std::size_t>(square)];
    knight_rank +=
        (square ? " {" : "{") + std::to_string(pair.mg) + ", " + std::to_string(pair.eg) + "},";
  }
  EXPECT_NE(text.find(knight_rank + "\n"), std::string::npos) << text;
  EXPECT_NE(text.find("inline constexpr std::array<std::array<Pair, 64>, 7> kPieceSquareTable = "
                      "{{\n    {},  // no piece\n    {{  // pawn\n"),
            std::string::npos);
  // One parameter per fitted entry: five piece values, six ranks for each of
  // the four passed-pawn arrays, four king-zone attackers, seventeen more,
  // and 64 squares for each of the six piece types.
  EXPECT_EQ(fitted_features().size(), 5u + 4u * 6u + 4u + 17u + 6u * 64u);
}

TEST(TuneWeights, AMovedWeightIsWrittenRounded) {
  Dataset data(fitted_features());
  auto weights = data.current_weights();
  weights[0] = {101.4, 88.6};  // the pawn
  const std::string text = weights_as_cpp(weights);
  EXPECT_NE(text.find("{{0, 0}, {101, 89}, "), std::string::npos) << text;
}

// The command end to end on the games above: it fits, says how the error
// moved and prints every constant; bad options are refused with status 2.
TEST(TuneCommand, FitsAFileAndRefusesBadOptions) {
  // Named by the process, so that builds testing at once do not share it.
  const auto path = std::filesystem::temp_directory_path() /
                    ("brudno_tune_test_" + std::to_string(::getpid()) + ".pgn");
  std::ofstream(path) << kPgn;
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(run_tune({path.string(), "--iterations", "20", "--holdout", "0", "--skip-plies", "0"},
                     out, err),
            0)
      << err.str();
  EXPECT_NE(out.str().find("games: 3 read, 3 with a result"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("kept: prior 0"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("inline constexpr std::array<Pair, 7> kKingZoneAttack = {"),
            std::string::npos);
  EXPECT_NE(out.str().find("inline constexpr Pair kTempo = {"), std::string::npos);
  for (const Arguments& bad : std::vector<Arguments>{{path.string(), "--prior", "x"},
                                                     {path.string(), "--iterations", "0"},
                                                     {"/nonexistent/games.pgn"},
                                                     {}}) {
    std::ostringstream ignored;
    std::ostringstream complaint;
    EXPECT_EQ(run_tune(bad, ignored, complaint), 2) << (bad.empty() ? "" : bad[0]);
    EXPECT_NE(complaint.str().find("brudno"), std::string::npos);
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace brudno::tools::tune
