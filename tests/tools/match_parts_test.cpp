// The match tool's parts: engine descriptions on the command line, time
// controls and clocks, openings, adjudication thresholds, UCI lines, SAN
// (against a published game score) and PGN.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "games/chess/rules/san.hpp"
#include "tools/match/adjudication.hpp"
#include "tools/match/engine_spec.hpp"
#include "tools/match/openings.hpp"
#include "tools/match/pgn.hpp"
#include "tools/match/time_control.hpp"
#include "tools/match/uci_engine.hpp"

namespace brudno::tools::match {
namespace {

using games::Chess;

TEST(MatchEngineSpec, SplitsEngineGroupsFromTheOtherOptions) {
  const auto split =
      split_engine_arguments({"brudno-match", "--games", "4", "--engine",
                              "cmd=/usr/games/gnuchess --uci", "option.Hash=16", "--each",
                              "option.Threads=1", "--engine=cmd=a", "name=A", "--pgn", "x.pgn"});
  ASSERT_EQ(split.engines.size(), 2u);
  EXPECT_EQ(split.engines[0],
            (std::vector<std::string>{"cmd=/usr/games/gnuchess --uci", "option.Hash=16"}));
  EXPECT_EQ(split.engines[1], (std::vector<std::string>{"cmd=a", "name=A"}));
  EXPECT_EQ(split.each, (std::vector<std::string>{"option.Threads=1"}));
  EXPECT_EQ(split.rest,
            (std::vector<std::string>{"brudno-match", "--games", "4", "--pgn", "x.pgn"}));
}

TEST(MatchEngineSpec, ParsesCommandArgumentsNameAndOptions) {
  const auto spec = parse_engine_spec({"cmd=/usr/games/gnuchess --uci", "arg=--quiet", "name=GNU",
                                       "option.OwnBook=false", "option.Number of Threads=1"});
  EXPECT_EQ(spec.program, "/usr/games/gnuchess");
  EXPECT_EQ(spec.args, (std::vector<std::string>{"--uci", "--quiet"}));
  EXPECT_EQ(spec.name, "GNU");
  EXPECT_EQ(spec.options,
            (std::vector<EngineOption>{{"OwnBook", "false"}, {"Number of Threads", "1"}}));
  EXPECT_EQ(spec.command_line(), "/usr/games/gnuchess --uci --quiet");
  // The older form: the path alone.
  EXPECT_EQ(parse_engine_spec({"build/release/brudno"}).program, "build/release/brudno");
  EXPECT_EQ(parse_engine_spec({"cmd='/opt/my engine' -x"}).command_line(), "'/opt/my engine' -x");
}

TEST(MatchEngineSpec, RejectsFaultsByName) {
  EXPECT_THROW(parse_engine_spec({"name=A"}), SpecError);
  EXPECT_THROW(parse_engine_spec({"cmd=a", "colour=white"}), SpecError);
  EXPECT_THROW(parse_engine_spec({"cmd=a", "option.Hash"}), SpecError);
  EXPECT_THROW(parse_each({"cmd=b"}), SpecError);
  try {
    parse_engine_spec({"cmd=a", "colour=white"});
  } catch (const SpecError& error) {
    EXPECT_NE(std::string(error.what()).find("colour=white"), std::string::npos);
  }
  EXPECT_THROW(resolve_program("/no/such/engine"), SpecError);
  EXPECT_THROW(resolve_program("no-such-engine-anywhere"), SpecError);
  EXPECT_EQ(resolve_program("sh").back(), 'h');  // found on PATH
}

TEST(MatchTimeControl, ParsesAndPrintsAsPgnDoes) {
  std::string error;
  const auto fast = parse_time_control("1+0.01", error);
  ASSERT_TRUE(fast) << error;
  EXPECT_EQ(fast->moves, 0);
  EXPECT_DOUBLE_EQ(fast->base_ms, 1000);
  EXPECT_DOUBLE_EQ(fast->increment_ms, 10);
  EXPECT_EQ(fast->text(), "1+0.01");
  const auto classic = parse_time_control("40/60", error);
  ASSERT_TRUE(classic) << error;
  EXPECT_EQ(classic->moves, 40);
  EXPECT_DOUBLE_EQ(classic->increment_ms, 0);
  EXPECT_EQ(classic->text(), "40/60");
  for (const char* bad : {"", "+1", "1+", "-1+0", "0+1", "x/1", "0/10", "1+0.01s"}) {
    EXPECT_FALSE(parse_time_control(bad, error)) << bad;
  }
}

TEST(MatchTimeControl, ClockSpendsAddsIncrementAndRenewsPeriods) {
  GameClock clock(TimeControl{0, 1000, 10});
  clock.spend(300);  // 1000 - 300 + 10
  EXPECT_DOUBLE_EQ(clock.left_ms(), 710);
  clock.spend(800);  // overran by 90 ms within a margin: from zero, plus the increment
  EXPECT_DOUBLE_EQ(clock.left_ms(), 10);
  GameClock period(TimeControl{2, 1000, 0});
  EXPECT_EQ(period.moves_to_go(), 2);
  period.spend(100);
  EXPECT_EQ(period.moves_to_go(), 1);
  period.spend(100);  // 800 left, and the next period's 1000
  EXPECT_DOUBLE_EQ(period.left_ms(), 1800);
  EXPECT_EQ(period.moves_to_go(), 2);
}

TEST(MatchOpenings, EpdLinesBecomeCheckedFens) {
  std::string error;
  EXPECT_EQ(epd_to_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", error),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(epd_to_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"x\";", error),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(epd_to_fen("8/8/8/8 w", error), "");
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_EQ(epd_to_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", error), "");  // mated already
  EXPECT_NE(error.find("over"), std::string::npos);
}

TEST(MatchOpenings, ReadsAFileAndNamesTheFaultyLine) {
  const auto directory = std::filesystem::temp_directory_path();
  const auto good = directory / "brudno_match_openings_good.epd";
  const auto bad = directory / "brudno_match_openings_bad.epd";
  std::ofstream(good) << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\n"
                      << "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n";
  std::ofstream(bad) << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                     << "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
  const auto openings = read_openings(good.string());
  ASSERT_EQ(openings.size(), 2u);
  EXPECT_EQ(openings[1].line, 3);
  try {
    read_openings(bad.string());
    ADD_FAILURE() << "a bad line was read";
  } catch (const OpeningError& error) {
    EXPECT_NE(std::string(error.what()).find(":2:"), std::string::npos) << error.what();
  }
  EXPECT_THROW(read_openings((directory / "brudno_no_such_file.epd").string()), OpeningError);
  std::filesystem::remove(good);
  std::filesystem::remove(bad);
}

TEST(MatchOpenings, OrderIsSequentialOrASeededShuffle) {
  EXPECT_EQ(choose_openings(5, 7, OpeningOrder::kSequential, 1, 3),
            (std::vector<std::size_t>{3, 4, 0, 1, 2, 3, 4}));
  const auto shuffled = choose_openings(1000, 1000, OpeningOrder::kRandom, 42, 0);
  EXPECT_EQ(shuffled, choose_openings(1000, 1000, OpeningOrder::kRandom, 42, 0));
  EXPECT_NE(shuffled, choose_openings(1000, 1000, OpeningOrder::kRandom, 43, 0));
  auto sorted = shuffled;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, choose_openings(1000, 1000, OpeningOrder::kSequential, 0, 0));  // a permutation
  // An offset starts later in the same shuffled order.
  const auto later = choose_openings(1000, 3, OpeningOrder::kRandom, 42, 10);
  EXPECT_EQ(later, (std::vector<std::size_t>{shuffled[10], shuffled[11], shuffled[12]}));
}

TEST(MatchOpenings, Chess960StartPositionsByNumber) {
  const auto openings = chess960_openings();
  ASSERT_EQ(openings.size(), 960u);
  EXPECT_EQ(openings[518].line, 518);
  EXPECT_EQ(openings[518].fen, std::string(Chess::kStartFen));
  EXPECT_EQ(openings[0].fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  // A file of Chess960 positions is read in Chess960 mode, Shredder-FEN included.
  std::string error;
  const std::string line = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  EXPECT_EQ(epd_to_fen(line, error, true), line);
  EXPECT_EQ(epd_to_fen(line, error), "");
  EXPECT_NE(error.find("UCI_Chess960"), std::string::npos) << error;
}

TEST(MatchAdjudication, ResignsAfterTheAgreedRunOfLowScores) {
  AdjudicationRules rules;
  rules.resign = {3, 500, false};
  Adjudicator adjudicator(rules);
  const EngineScore low{false, -600};
  const EngineScore high{false, 600};
  // Black's own score is low on its moves 1, 2, then a move without a score breaks the run.
  EXPECT_FALSE(adjudicator.after_move(0, 1, high, 1));
  EXPECT_FALSE(adjudicator.after_move(1, 1, low, 2));
  EXPECT_FALSE(adjudicator.after_move(0, 2, high, 3));
  EXPECT_FALSE(adjudicator.after_move(1, 2, low, 4));
  EXPECT_FALSE(adjudicator.after_move(0, 3, high, 5));
  EXPECT_FALSE(adjudicator.after_move(1, 3, std::nullopt, 6));
  EXPECT_FALSE(adjudicator.after_move(1, 4, low, 8));
  EXPECT_FALSE(adjudicator.after_move(1, 5, EngineScore{true, -4}, 10));  // mated: below any
  const auto verdict = adjudicator.after_move(1, 6, EngineScore{false, -500}, 12);  // at -500
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->loser, 1);
}

TEST(MatchAdjudication, TwoSidedResignNeedsTheWinnerToAgree) {
  AdjudicationRules rules;
  rules.resign = {2, 500, true};
  Adjudicator adjudicator(rules);
  EXPECT_FALSE(adjudicator.after_move(0, 1, EngineScore{false, 100}, 1));
  EXPECT_FALSE(adjudicator.after_move(1, 1, EngineScore{false, -900}, 2));
  EXPECT_FALSE(adjudicator.after_move(0, 2, EngineScore{false, 100}, 3));
  EXPECT_FALSE(adjudicator.after_move(1, 2, EngineScore{false, -900}, 4));  // white disagrees
  EXPECT_FALSE(adjudicator.after_move(0, 3, EngineScore{false, 700}, 5));
  EXPECT_FALSE(adjudicator.after_move(1, 3, EngineScore{false, -900}, 6));
  const auto verdict = adjudicator.after_move(0, 4, EngineScore{false, 700}, 7);
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->loser, 1);
}

TEST(MatchAdjudication, DrawsFromTheAgreedMoveAndAtTheMaximumLength) {
  AdjudicationRules rules;
  rules.draw = {10, 2, 10};
  Adjudicator adjudicator(rules);
  const EngineScore level{false, 5};
  EXPECT_FALSE(adjudicator.after_move(0, 8, level, 1));
  EXPECT_FALSE(adjudicator.after_move(1, 8, level, 2));
  EXPECT_FALSE(adjudicator.after_move(0, 9, level, 3));
  EXPECT_FALSE(adjudicator.after_move(1, 9, level, 4));  // before move 10: not counted
  EXPECT_FALSE(adjudicator.after_move(0, 10, level, 5));
  EXPECT_FALSE(adjudicator.after_move(1, 10, level, 6));
  EXPECT_FALSE(adjudicator.after_move(0, 11, level, 7));
  const auto verdict = adjudicator.after_move(1, 11, EngineScore{false, -10}, 8);
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->loser, -1);

  AdjudicationRules longest;
  longest.max_moves = 2;
  Adjudicator capped(longest);
  EXPECT_FALSE(capped.after_move(0, 1, std::nullopt, 3));
  EXPECT_TRUE(capped.after_move(1, 2, std::nullopt, 4));
}

TEST(MatchAdjudication, ParsesThresholdsAndNamesFaults) {
  std::string error;
  const auto resign = parse_resign_rule({"movecount=3", "score=600", "twosided=true"}, error);
  ASSERT_TRUE(resign) << error;
  EXPECT_EQ(resign->move_count, 3);
  EXPECT_EQ(resign->score, 600);
  EXPECT_TRUE(resign->two_sided);
  const auto draw = parse_draw_rule({"movenumber=40", "movecount=8", "score=10"}, error);
  ASSERT_TRUE(draw) << error;
  EXPECT_EQ(draw->move_number, 40);
  EXPECT_FALSE(parse_resign_rule({"movecount=0", "score=600"}, error));
  EXPECT_NE(error.find("movecount"), std::string::npos);
  EXPECT_FALSE(parse_resign_rule({"score=600"}, error));
  EXPECT_FALSE(parse_draw_rule({"movenumber=40", "movecount=8", "margin=10"}, error));
  EXPECT_NE(error.find("margin=10"), std::string::npos);
}

TEST(MatchUci, ReadsDeclaredOptions) {
  const auto spin =
      parse_option_line("option name Number of Threads type spin default 1 min 1 max 16");
  ASSERT_TRUE(spin);
  EXPECT_EQ(spin->name, "Number of Threads");
  EXPECT_EQ(spin->type, "spin");
  EXPECT_EQ(spin->default_value, "1");
  EXPECT_EQ(spin->max, 16);
  const auto text = parse_option_line("option name SyzygyPath type string default <empty>");
  ASSERT_TRUE(text);
  EXPECT_EQ(text->default_value, "");
  const auto combo = parse_option_line(
      "option name NullMove Pruning type combo default Fail High var Always var Fail High");
  ASSERT_TRUE(combo);
  EXPECT_EQ(combo->default_value, "Fail High");
  EXPECT_FALSE(parse_option_line("id name Stockfish 15.1"));
}

TEST(MatchUci, ReadsTheScoreOfTheFirstLineOnly) {
  std::optional<EngineScore> score;
  int depth = 0;
  read_info_line("info depth 12 seldepth 18 multipv 1 score cp 35 nodes 100 pv e2e4 e7e5", score,
                 depth);
  ASSERT_TRUE(score);
  EXPECT_EQ(score->value, 35);
  EXPECT_EQ(depth, 12);
  read_info_line("info depth 12 multipv 2 score cp -80 pv d2d4", score, depth);
  EXPECT_EQ(score->value, 35);
  read_info_line("info depth 13 score cp 90 lowerbound pv e2e4", score, depth);
  EXPECT_EQ(score->value, 35);
  read_info_line("info string score cp 500", score, depth);
  EXPECT_EQ(score->value, 35);
  read_info_line("info depth 14 score mate -3 pv e2e4", score, depth);
  EXPECT_TRUE(score->mate);
  EXPECT_EQ(score->value, -3);
  EXPECT_EQ(score->text(), "-M3");
  EXPECT_EQ((EngineScore{false, 35}).text(), "+0.35");
  EXPECT_EQ((EngineScore{false, -120}).text(), "-1.20");
}

// Plays UCI moves from a FEN and returns their SAN.
std::vector<std::string> san_of(const std::string& fen, const std::vector<std::string>& moves) {
  auto position = Chess::parse(fen);
  EXPECT_TRUE(position) << fen;
  std::vector<std::string> texts;
  for (const auto& text : moves) {
    const auto move = position->parse_move(text);
    EXPECT_TRUE(move) << text;
    if (!move) break;
    texts.push_back(san(*position, *move));
    position->play(*move);
  }
  return texts;
}

TEST(MatchSan, WritesThePublishedScoreOfTheOperaGame) {
  // Morphy against the Duke of Brunswick and Count Isouard, Paris 1858, as
  // published: 1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6
  // 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8
  // 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
  const std::vector<std::string> uci = {
      "e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3", "d6e5", "f1c4",
      "g8f6", "f3b3", "d8e7", "b1c3", "c7c6", "c1g5", "b7b5", "c3b5", "c6b5", "c4b5", "b8d7",
      "e1c1", "a8d8", "d1d7", "d8d7", "h1d1", "e7e6", "b5d7", "f6d7", "b3b8", "d7b8", "d1d8"};
  const std::vector<std::string> published = {
      "e4",    "e5",  "Nf3",  "d6",   "d4",  "Bg4", "dxe5",  "Bxf3", "Qxf3", "dxe5",  "Bc4",
      "Nf6",   "Qb3", "Qe7",  "Nc3",  "c6",  "Bg5", "b5",    "Nxb5", "cxb5", "Bxb5+", "Nbd7",
      "O-O-O", "Rd8", "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8",  "Rd8#"};
  EXPECT_EQ(san_of(std::string(Chess::kStartFen), uci), published);
}

TEST(MatchSan, PromotionEnPassantCastlingAndDisambiguation) {
  // Promotion with check, an under-promotion, and a capture promoting.
  EXPECT_EQ(san_of("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", {"e7e8q"}),
            std::vector<std::string>{"e8=Q+"});
  EXPECT_EQ(san_of("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", {"e7d8n"}),
            std::vector<std::string>{"exd8=N"});
  // En passant.
  EXPECT_EQ(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", {"e5d6"}),
            std::vector<std::string>{"exd6"});
  // Both castlings.
  EXPECT_EQ(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"e1g1", "e8c8"}),
            (std::vector<std::string>{"O-O", "O-O-O"}));
  // By file, by rank, by both (queens on e4, h4 and h1 can all reach e1).
  EXPECT_EQ(san_of("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", {"a1d1"}), std::vector<std::string>{"Rad1"});
  EXPECT_EQ(san_of("4k3/8/8/R7/8/8/4K3/R7 w - - 0 1", {"a1a3"}), std::vector<std::string>{"R1a3"});
  EXPECT_EQ(san_of("8/8/2K5/8/4Q2Q/k7/8/7Q w - - 0 1", {"h4e1"}),
            std::vector<std::string>{"Qh4e1"});
  // A pinned knight does not count: the one on d2 could reach f3 but for the bishop.
  EXPECT_EQ(san_of("4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1", {"g1f3"}),
            std::vector<std::string>{"Nf3"});
}

TEST(MatchPgn, WritesTagsNumberedMovesCommentsAndResult) {
  GameRecord game;
  game.opening_fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  game.moves = {{"g1f3", "Nf3", EngineScore{false, 35}, 12, 21},
                {"b8c6", "Nc6", EngineScore{false, -20}, 11, 1500},
                {"f1b5", "Bb5", std::nullopt, 0, 3}};
  game.result = "0-1";
  game.termination = Termination::kTimeForfeit;
  game.reason = "White loses on time: bestmove 5 ms late";
  PgnTags tags;
  tags.date = "2026.11.24";
  tags.round = "3.2";
  tags.white = "Stockfish 15.1";
  tags.black = "GNU Chess 6.2.7";
  tags.time_control = "1+0.01";
  EXPECT_EQ(pgn_text(tags, game),
            "[Event \"brudno-match\"]\n"
            "[Site \"?\"]\n"
            "[Date \"2026.11.24\"]\n"
            "[Round \"3.2\"]\n"
            "[White \"Stockfish 15.1\"]\n"
            "[Black \"GNU Chess 6.2.7\"]\n"
            "[Result \"0-1\"]\n"
            "[SetUp \"1\"]\n"
            "[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"]\n"
            "[TimeControl \"1+0.01\"]\n"
            "[Termination \"time forfeit\"]\n"
            "[PlyCount \"3\"]\n"
            "\n"
            "2. Nf3 {+0.35/12 0.021s} Nc6 {-0.20/11 1.500s} 3. Bb5 {0.003s}\n"
            "{White loses on time: bestmove 5 ms late} 0-1\n"
            "\n");
}

TEST(MatchPgn, BlackFirstAndTheStartPositionHasNoFenTag) {
  GameRecord game;
  game.opening_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  game.moves = {{"e7e5", "e5", std::nullopt, 0, 1}, {"g1f3", "Nf3", std::nullopt, 0, 1}};
  game.result = "1/2-1/2";
  const std::string text = pgn_text(PgnTags{}, game);
  EXPECT_NE(text.find("1... e5 {0.001s} 2. Nf3 {0.001s} 1/2-1/2\n"), std::string::npos) << text;
  game.opening_fen = std::string(Chess::kStartFen);
  EXPECT_EQ(pgn_text(PgnTags{}, game).find("[FEN"), std::string::npos);
}

TEST(MatchPgn, Chess960NamesItsVariantAndStartPosition) {
  GameRecord game;
  game.chess960 = true;
  game.opening_fen = std::string(Chess::kStartFen);  // start position 518
  game.moves = {{"e2e4", "e4", std::nullopt, 0, 1}};
  game.result = "*";
  const std::string text = pgn_text(PgnTags{}, game);
  EXPECT_NE(text.find("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"" +
                      std::string(Chess::kStartFen) + "\"]\n"),
            std::string::npos)
      << text;
}

TEST(MatchSan, Chess960CastlingIsWrittenByItsSide) {
  // King on g1 castling short with the h1 rook (the king does not move),
  // and a king on b1 castling long with the a1 rook (it moves right).
  std::string error;
  const auto short_castle = *Chess::parse("1r4k1/8/8/8/8/8/8/1R4KR w H - 0 1", error, true);
  EXPECT_EQ(san(short_castle, *short_castle.parse_move("g1h1")), "O-O");
  const auto long_castle = *Chess::parse("2k5/8/8/8/8/8/8/RK6 w A - 0 1", error, true);
  EXPECT_EQ(san(long_castle, *long_castle.parse_move("b1a1")), "O-O-O");
}

TEST(MatchPgn, LinesStayWithinEightyCharacters) {
  GameRecord game;
  game.opening_fen = std::string(Chess::kStartFen);
  for (int i = 0; i < 60; ++i)
    game.moves.push_back({"a", "Nf3", EngineScore{false, 1234}, 20, 12345});
  game.result = "1-0";
  std::istringstream lines(pgn_text(PgnTags{}, game));
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) EXPECT_LE(line.size(), 80u) << line;
  EXPECT_GT(count, 20);
}

}  // namespace
}  // namespace brudno::tools::match
