// Chess through the built binary, as a GUI drives it: no option needed, legal
// answers and principal lines, the UCI extras (MultiPV, currmove, perft,
// eval), and bad input answered without losing the position.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "games/chess/eval/eval_weights.hpp"
#include "tools/pipe/pipe_engine.hpp"

namespace brudno::testing {
namespace {

using tools::count_prefix;
using tools::starts_with;

class Engine : public tools::PipeEngine {
 public:
  explicit Engine(const std::vector<std::string>& args = {})
      : tools::PipeEngine(BRUDNO_BINARY, args) {}
};

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> all;
  for (std::string word; in >> word;) all.push_back(word);
  return all;
}

// The words after `key` in an info line, up to the end.
std::vector<std::string> after(const std::string& line, const std::string& key) {
  const auto all = words(line);
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i] == key) return {all.begin() + static_cast<std::ptrdiff_t>(i) + 1, all.end()};
  }
  return {};
}

// Plays `moves` from `position`, failing the test at the first illegal one.
void expect_legal_line(games::Chess position, const std::vector<std::string>& moves) {
  for (const auto& text : moves) {
    const auto move = position.parse_move(text);
    ASSERT_TRUE(move) << text << " is not legal in " << position.to_text();
    position.play(*move);
  }
}

games::Chess after_moves(const std::vector<std::string>& moves) {
  auto position = games::Chess::start_position();
  for (const auto& text : moves) position.play(*position.parse_move(text));
  return position;
}

// The acceptance line: no setoption, a legal bestmove and a PV of
// legal moves.
TEST(ChessEndToEnd, AGuiGetsChessWithoutAnyOption) {
  Engine engine;
  engine.send("uci");
  const auto handshake = engine.read_until("uciok");
  EXPECT_EQ(count_prefix(handshake, "option name Game type combo default chess"), 1u);
  for (const char* option :
       {"Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "Clear Hash"}) {
    EXPECT_EQ(count_prefix(handshake, std::string("option name ") + option + " type"), 1u)
        << option;
  }
  engine.send("position startpos moves e2e4");
  engine.send("go depth 12");
  const auto lines = engine.read_until("bestmove", std::chrono::seconds(120));
  ASSERT_FALSE(lines.empty());
  ASSERT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
  const auto root = after_moves({"e2e4"});
  const auto best = words(lines.back());
  expect_legal_line(root, {best[1]});
  if (best.size() == 4) expect_legal_line(root, {best[1], best[3]});
  int infos = 0;
  for (const auto& line : lines) {
    if (!starts_with(line, "info depth")) continue;
    // The current root move comes only after the first second, which a slow
    // (sanitized) build reaches: a legal move and its number.
    if (const auto current = after(line, "currmove"); !current.empty()) {
      expect_legal_line(root, {current.front()});
      EXPECT_FALSE(after(line, "currmovenumber").empty()) << line;
      continue;
    }
    ++infos;
    expect_legal_line(root, after(line, "pv"));
    for (const char* field : {"seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time"}) {
      EXPECT_FALSE(after(line, field).empty()) << field << " missing: " << line;
    }
  }
  EXPECT_EQ(infos, 12);
}

TEST(ChessEndToEnd, MultiPvGivesThatManyDistinctLines) {
  Engine engine;
  engine.send("setoption name MultiPV value 3");
  engine.send("position startpos");
  engine.send("go depth 5");
  const auto lines = engine.read_until("bestmove");
  std::vector<std::string> firsts;
  for (const auto& line : lines) {
    if (!starts_with(line, "info depth 5 ")) continue;
    expect_legal_line(games::Chess::start_position(), after(line, "pv"));
    firsts.push_back(after(line, "pv").at(0));
    EXPECT_EQ(after(line, "multipv").at(0), std::to_string(firsts.size()));
  }
  ASSERT_EQ(firsts.size(), 3u);
  EXPECT_NE(firsts[0], firsts[1]);
  EXPECT_NE(firsts[1], firsts[2]);
  EXPECT_NE(firsts[0], firsts[2]);
  EXPECT_EQ(words(lines.back()).at(1), firsts[0]) << "bestmove is the first line's move";
}

TEST(ChessEndToEnd, CurrentMoveIsReportedOnlyAfterTheFirstSecond) {
  Engine engine;
  engine.send("position startpos");
  // Searching with no limit until the first current move shows: how soon
  // after the first second a root move starts depends on the machine's load.
  const auto start = std::chrono::steady_clock::now();
  engine.send("go infinite");
  const auto deadline = start + std::chrono::seconds(60);
  std::vector<std::string> current;
  while (current.empty() && std::chrono::steady_clock::now() < deadline) {
    const auto line = engine.read_line(std::chrono::seconds(60));
    ASSERT_TRUE(line) << "no output";
    ASSERT_FALSE(starts_with(*line, "bestmove")) << "an infinite search ended by itself";
    current = after(*line, "currmove");
  }
  ASSERT_FALSE(current.empty()) << "no currmove within a minute";
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  expect_legal_line(games::Chess::start_position(), {current.front()});
  engine.send("stop");
  const auto rest = engine.read_until("bestmove");
  ASSERT_FALSE(rest.empty());
  for (const auto& line : rest) {
    if (after(line, "currmove").empty()) continue;
    EXPECT_FALSE(after(line, "currmovenumber").empty()) << line;
  }
  engine.send("go depth 3");
  EXPECT_EQ(count_prefix(engine.read_until("bestmove"), "info depth"), 3u)
      << "a short search reports no current move";
}

TEST(ChessEndToEnd, PerftAndEvalAnswerAsStockfishDoes) {
  Engine engine;
  engine.send("position startpos");
  engine.send("go perft 3");
  const auto perft = engine.read_until("Nodes searched");
  ASSERT_FALSE(perft.empty());
  EXPECT_EQ(perft.back(), "Nodes searched: 8902");
  EXPECT_EQ(perft.size(), 22u) << "20 moves, a blank line, the total";
  engine.send("go perft 99");
  engine.send("eval");
  engine.send("isready");
  const auto rest = engine.read_until("readyok");
  EXPECT_EQ(count_prefix(rest, "info string error: go perft needs a depth from 1 to"), 1u);
  // Level but for the tempo of the side to move, white, whole in the
  // middlegame (phase 24): its weight's middlegame value in pawns.
  const int tempo = brudno::games::chess::eval::kTempo.mg;
  ASSERT_GT(tempo, 0);
  ASSERT_LT(tempo, 100);
  const std::string expected =
      std::string("Final evaluation: +0.") + (tempo < 10 ? "0" : "") + std::to_string(tempo);
  bool final_line = false;
  for (const auto& line : rest) final_line |= starts_with(line, expected);
  EXPECT_TRUE(final_line) << expected;
}

// A failed position command leaves no position: the GUI's board is not the
// one before it, so nothing is searched until a good position comes.
TEST(ChessEndToEnd, BadInputLeavesNoPositionAndEveryGoIsAnswered) {
  Engine engine;
  engine.send("position startpos moves e2e4 e7e5");
  engine.send("position startpos moves e2e4 e2e4");                // illegal second move
  engine.send("position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1");  // four ranks
  engine.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");           // no kings
  // Fool's mate, then a move after it.
  engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4 a2a3");
  engine.send("d");
  engine.send("go depth 3");
  const auto lines = engine.read_until("bestmove");
  EXPECT_EQ(count_prefix(lines, "info string error"), 6u);
  EXPECT_EQ(count_prefix(lines,
                         "info string error: bad chess position "
                         "'8/8/8/8/8/8/8/8 w - - 0 1': white has no king"),
            1u);
  EXPECT_EQ(count_prefix(lines, "info string error: no valid position"), 2u);  // d and go
  EXPECT_EQ(lines.back(), "bestmove (none)");
  engine.send("position startpos moves e2e4 e7e5");
  engine.send("go depth 3 searchmoves e2e4 g1f3 zz");
  const auto search = engine.read_until("bestmove");
  EXPECT_EQ(count_prefix(search, "info string error: searchmoves: 'zz'"), 1u);
  const auto best = words(search.back()).at(1);
  EXPECT_TRUE(best == "g1f3") << "e2e4 is not legal for white here: " << search.back();
}

TEST(ChessEndToEnd, MatedOrStalematedIsScoredThenBestmoveNone) {
  Engine engine;
  engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
  engine.send("go depth 5");
  const auto mated = engine.read_until("bestmove");
  ASSERT_EQ(mated.size(), 2u);
  EXPECT_TRUE(starts_with(mated[0], "info depth 0 seldepth 0 multipv 1 score mate 0 ")) << mated[0];
  EXPECT_EQ(mated.back(), "bestmove (none)");
  engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  engine.send("go depth 5");
  const auto stalemated = engine.read_until("bestmove");
  ASSERT_EQ(stalemated.size(), 2u);
  EXPECT_TRUE(starts_with(stalemated[0], "info depth 0 seldepth 0 multipv 1 score cp 0 "))
      << stalemated[0];
  EXPECT_EQ(stalemated.back(), "bestmove (none)");
}

// A script pipes position/go pairs without waiting: each go waits for the
// search before it and gets its own bestmove, for its own position.
TEST(ChessEndToEnd, PipedPositionGoPairsGetEveryBestmove) {
  Engine engine;
  engine.send("position startpos");
  engine.send("go depth 8");
  engine.send("position startpos moves e2e4");
  engine.send("go depth 8");
  engine.send("position startpos moves e2e4 e7e5");
  engine.send("go depth 1");
  engine.close_input();
  std::vector<std::string> bestmoves;
  for (int i = 0; i < 3; ++i) {
    const auto lines = engine.read_until("bestmove");
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(count_prefix(lines, "info string error"), 0u);
    bestmoves.push_back(words(lines.back()).at(1));
  }
  EXPECT_EQ(engine.wait_exit(), 0);
  expect_legal_line(games::Chess::start_position(), {bestmoves[0]});
  expect_legal_line(after_moves({"e2e4"}), {bestmoves[1]});
  expect_legal_line(after_moves({"e2e4", "e7e5"}), {bestmoves[2]});
}

}  // namespace
}  // namespace brudno::testing
