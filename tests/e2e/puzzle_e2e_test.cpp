// Puzzles over the protocol, end to end: a client selects a puzzle, sets a
// board and asks for a plan.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <sstream>

#include "games/sliding_tile/sliding_tile.hpp"
#include "tools/pipe/pipe_engine.hpp"

namespace brudno::testing {
namespace {

using tools::starts_with;

// The moves after "pv" in an info line.
std::vector<std::string> pv_of(const std::string& line) {
  std::vector<std::string> moves;
  const auto at = line.find(" pv ");
  if (at == std::string::npos) return moves;
  std::istringstream words(line.substr(at + 4));
  for (std::string word; words >> word;) moves.push_back(word);
  return moves;
}

// Plays the plan on the board; true when it ends at the goal.
bool plan_solves(const std::string& tiles, const std::vector<std::string>& plan) {
  auto board = std::get<games::EightPuzzle>(games::EightPuzzle::parse(tiles));
  for (const auto& word : plan) {
    engine::MoveList<games::BlankMove> moves;
    board.successors(moves);
    const auto move = std::find_if(moves.begin(), moves.end(), [&](auto m) {
      return games::EightPuzzle::move_text(m) == word;
    });
    if (move == moves.end()) return false;
    board.play(*move);
  }
  return board.is_goal();
}

const std::string kHardest = "8 0 6 5 4 7 2 3 1";  // 31 moves, the most any board needs

TEST(PuzzleEndToEnd, GoAnswersWithThePlanAndItsFirstMove) {
  tools::PipeEngine engine(BRUDNO_BINARY, {});
  engine.send("uci");
  const auto handshake = engine.read_until("uciok");
  const auto game = std::find_if(handshake.begin(), handshake.end(), [](const auto& line) {
    return starts_with(line, "option name Game type combo");
  });
  ASSERT_NE(game, handshake.end());
  EXPECT_NE(game->find("var 8puzzle var 15puzzle"), std::string::npos) << *game;

  engine.send("setoption name Game value 8puzzle");
  engine.send("position fen " + kHardest);
  std::vector<std::string> plan;
  for (const std::string algorithm : {"idastar", "astar"}) {
    engine.send("setoption name Algorithm value " + algorithm);
    engine.send("go");
    const auto lines = engine.read_until("bestmove");
    ASSERT_GE(lines.size(), 2u);
    const auto& info = lines[lines.size() - 2];
    ASSERT_TRUE(starts_with(info, "info depth 31 ")) << info;
    plan = pv_of(info);
    ASSERT_EQ(plan.size(), 31u) << info;
    EXPECT_TRUE(plan_solves(kHardest, plan)) << info;
    EXPECT_EQ(lines.back(), "bestmove " + plan.front());
    EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                            [](const auto& line) { return starts_with(line, "bestmove"); }),
              1);
  }
  // Two moves into the plan, the rest is 29 moves.
  engine.send("position fen " + kHardest + " moves " + plan[0] + " " + plan[1]);
  engine.send("go");
  const auto after = engine.read_until("bestmove");
  ASSERT_GE(after.size(), 2u);
  EXPECT_EQ(pv_of(after[after.size() - 2]).size(), 29u) << after[after.size() - 2];
}

TEST(PuzzleEndToEnd, PatternDatabasesAreBuiltOnTheSearchThread) {
  // The engine's cache in a directory of the test's own.
  const auto cache =
      std::filesystem::temp_directory_path() / ("brudno-e2e-pdb-" + std::to_string(::getpid()));
  tools::PipeEngine engine(
      "/bin/sh", {"-c", "BRUDNO_CACHE_DIR=\"$1\" exec \"$0\"", BRUDNO_BINARY, cache.string()});
  engine.send("setoption name Game value 15puzzle");
  engine.send("setoption name Heuristic value pdb555");
  // Korf's instance 12: 45 moves.
  engine.send("position fen 14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15");
  engine.send("go");
  engine.send("isready");
  const auto lines = engine.read_until("bestmove", std::chrono::seconds(120));
  std::filesystem::remove_all(cache);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "readyok"), 1);
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const auto& line) {
                            return starts_with(line, "info string pattern database ");
                          }),
            3);
  const auto plan = std::find_if(lines.begin(), lines.end(),
                                 [](const auto& line) { return starts_with(line, "info depth"); });
  ASSERT_NE(plan, lines.end());
  EXPECT_TRUE(starts_with(*plan, "info depth 45 ")) << *plan;
}

TEST(PuzzleEndToEnd, StopEndsASearchWithoutAPlan) {
  // Korf's instance 1 takes 276 million nodes with the Manhattan distance.
  for (const std::string algorithm : {"idastar", "astar"}) {
    tools::PipeEngine engine(BRUDNO_BINARY, {});
    engine.send("setoption name Game value 15puzzle");
    engine.send("setoption name Algorithm value " + algorithm);
    engine.send("position fen 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");
    engine.send("go infinite");
    engine.send("isready");
    ASSERT_FALSE(engine.read_until("readyok").empty());
    engine.send("stop");
    const auto lines = engine.read_until("bestmove");
    ASSERT_FALSE(lines.empty()) << algorithm;
    EXPECT_EQ(lines.back(), "bestmove (none)") << algorithm;
  }
}

TEST(PuzzleEndToEnd, BadInputIsNamedAndTheSessionGoesOn) {
  tools::PipeEngine engine(BRUDNO_BINARY, {});
  engine.send("setoption name Game value 8puzzle");
  engine.send("position fen 0 2 1 3 4 5 6 7 8");
  engine.send("position fen 0 1 2 3 4 5 6 7");
  engine.send("position startpos moves u");
  engine.send("setoption name Heuristic value pdb78");
  engine.send("setoption name Algorithm value bogo");
  engine.send("isready");
  const auto lines = engine.read_until("readyok");
  ASSERT_EQ(lines.size(), 6u);
  constexpr std::string_view kNoPosition = "; no position is set until a valid position command";
  EXPECT_EQ(lines[0],
            "info string error: bad 8puzzle position '0 2 1 3 4 5 6 7 8': unsolvable: the "
            "permutation's parity does not match the blank's row and column" +
                std::string(kNoPosition));
  EXPECT_EQ(lines[1],
            "info string error: bad 8puzzle position '0 1 2 3 4 5 6 7': 8 tiles for a 3x3 board "
            "of 9" +
                std::string(kNoPosition));
  EXPECT_TRUE(starts_with(lines[2], "info string error: illegal move 'u'")) << lines[2];
  EXPECT_TRUE(starts_with(lines[3], "info string error: Heuristic must be one of")) << lines[3];
  EXPECT_TRUE(starts_with(lines[4], "info string error: Algorithm must be one of")) << lines[4];
  // No position after a failed one: go is refused.
  engine.send("go");
  const auto refused = engine.read_until("bestmove");
  ASSERT_EQ(refused.size(), 2u);
  EXPECT_TRUE(starts_with(refused[0], "info string error: no valid position")) << refused[0];
  EXPECT_EQ(refused.back(), "bestmove (none)");
  // The goal itself: an empty plan and no move.
  engine.send("position startpos");
  engine.send("go");
  const auto search = engine.read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_EQ(search.back(), "bestmove (none)");
}

}  // namespace
}  // namespace brudno::testing
