// The UCI session in process: replies, errors, and the one-bestmove rule.

#include "protocol/uci_session.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "tests/protocol/capture_sink.hpp"

namespace brudno::protocol {
namespace {

using testing::CaptureSink;

TEST(UciSession, HandshakeListsOptionsAndEveryGame) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("uci");
  const auto lines = out.lines();
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front().rfind("id name brudno", 0), 0u);
  EXPECT_EQ(lines.back(), "uciok");
  bool game_option = false;
  for (const auto& line : lines) {
    if (line.rfind("option name Game type combo", 0) == 0) {
      game_option = line.find("var tictactoe") != std::string::npos &&
                    line.find("var synthetic") != std::string::npos;
    }
  }
  EXPECT_TRUE(game_option);
}

TEST(UciSession, EveryBadLineGetsOneError) {
  CaptureSink out;
  UciSession session(out);
  const char* bad_lines[] = {
      "hello",
      "setoption",
      "setoption name",
      "setoption name Nope value 3",
      "setoption name Hash value 0",
      "setoption name Hash value lots",
      "setoption name Game value checkers",
      "setoption name Threads value 0",
      "setoption name Threads value 100000",
      "setoption name Threads value many",
      "setoption name Move Overhead value -1",
      "position",
      "position somewhere",
      "position fen",
      "position fen XXXXXXXXX",
      "position startpos moves 5 5",
      "position startpos moves 10",
      "position startpos extra",
      "go depth abc",
      "go nodes -1",
      "go depth",
      "go backwards",
  };
  for (const auto* line : bad_lines) {
    out.clear();
    session.handle_line(line);
    const auto lines = out.lines();
    ASSERT_EQ(lines.size(), 1u) << line;
    EXPECT_EQ(lines[0].rfind("info string error: ", 0), 0u) << line << " -> " << lines[0];
  }
  out.clear();
  session.handle_line("isready");
  EXPECT_EQ(out.lines(), std::vector<std::string>{"readyok"});
}

TEST(UciSession, IllegalMoveLeavesThePositionAsItWas) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("position startpos moves 5");
  session.handle_line("d");
  const auto before = out.lines().back();
  session.handle_line("position startpos moves 1 1");
  session.handle_line("d");
  EXPECT_EQ(out.lines().back(), before);
  EXPECT_NE(before.find("text: .../.X./..."), std::string::npos) << before;
}

TEST(UciSession, SearchesAndAnswersBestmoveOnce) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("position fen O.X/.../...");
    session.handle_line("go depth 9");
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("bestmove "), 1u);
  const auto lines = out.lines();
  ASSERT_GE(lines.size(), 2u);
  EXPECT_NE(lines[lines.size() - 2].find("score mate 3"), std::string::npos)
      << lines[lines.size() - 2];
}

TEST(UciSession, NoLegalMoveGivesBestmoveNone) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("position fen XXX/OO./...");
    session.handle_line("go depth 3");
    session.end_of_input();
  }
  EXPECT_EQ(out.lines().back(), "bestmove (none)");
}

TEST(UciSession, InfiniteSearchEndsOnlyWithStop) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value synthetic");
  session.handle_line("position fen 8 30 5 random");
  session.handle_line("go infinite");
  session.handle_line("go depth 3");  // refused: one search at a time
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(out.count_prefix("bestmove"), 0u);
  EXPECT_EQ(out.count_prefix("info string error: a search is already running"), 1u);
  session.handle_line("setoption name Hash value 2");
  EXPECT_EQ(out.count_prefix("info string error: cannot change Hash"), 1u);
  session.handle_line("setoption name Threads value 1");
  EXPECT_EQ(out.count_prefix("info string error: cannot change Threads"), 1u);
  session.handle_line("ucinewgame");
  EXPECT_EQ(out.count_prefix("info string error: cannot start a new game"), 1u);
  session.handle_line("stop");
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("bestmove "), 1u);
}

TEST(UciSession, GoStopRacesGiveExactlyOneBestmoveEach) {
  CaptureSink out;
  {
    UciSession session(out);
    for (int i = 0; i < 100; ++i) {
      session.handle_line("go infinite");
      session.handle_line("stop");
      // The next go may arrive before the bestmove: it must then be refused, or
      // wait for the last search to be collected, never start a second search.
      while (out.count_prefix("bestmove") < static_cast<std::size_t>(i + 1))
        std::this_thread::yield();
    }
  }
  EXPECT_EQ(out.count_prefix("bestmove"), 100u);
}

TEST(UciSession, TwoThreadSearchesRaceWithStopAndOptions) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("setoption name Threads value 2");
    session.handle_line("setoption name Game value synthetic");
    session.handle_line("position fen 6 30 3 random");
    for (int i = 0; i < 30; ++i) {
      session.handle_line("go infinite");
      session.handle_line("setoption name Hash value 4");  // refused while searching
      session.handle_line("isready");
      session.handle_line("stop");
      session.handle_line("position fen 5 30 " + std::to_string(i) + " random");
      while (out.count_prefix("bestmove") < static_cast<std::size_t>(i + 1))
        std::this_thread::yield();
      session.handle_line("setoption name Hash value 2");  // accepted between searches
    }
  }
  EXPECT_EQ(out.count_prefix("bestmove"), 30u);
  EXPECT_EQ(out.count_prefix("readyok"), 30u);
}

// What a GUI sends: stop, then at once the next position and go, and the
// options and ucinewgame a new game brings. None of it may be refused while
// the stopped search winds down; each go gets its bestmove.
TEST(UciSession, CommandsRightAfterStopWaitForTheStoppedSearch) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("setoption name Game value synthetic");
    for (int i = 0; i < 20; ++i) {
      session.handle_line("position fen 8 30 " + std::to_string(i) + " random");
      session.handle_line("go infinite");
      session.handle_line("stop");
      switch (i % 4) {
        case 0:
          session.handle_line("ucinewgame");
          break;
        case 1:
          session.handle_line("setoption name Hash value 2");
          break;
        case 2:
          session.handle_line("setoption name Threads value 1");
          break;
        default:
          session.handle_line("setoption name Game value synthetic");
          break;
      }
      session.handle_line("position fen 3 4 " + std::to_string(i) + " best");
      session.handle_line("go depth 3");
      session.handle_line("stop");
    }
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
  EXPECT_EQ(out.count_prefix("bestmove"), 40u);
}

TEST(UciSession, GameOptionIsCaseInsensitiveAndClearsNothingElse) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name game value Synthetic");
  session.handle_line("d");
  EXPECT_NE(out.lines().back().find("synthetic tree"), std::string::npos);
}

}  // namespace
}  // namespace brudno::protocol

namespace brudno::protocol {
namespace {

TEST(UciSession, GoSolveThenProofPrintsBothProofs) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("proof");
  EXPECT_EQ(out.count_prefix("info string error: no solved position to prove"), 1u);
  session.handle_line("position fen O.X/.../...");
  session.handle_line("go solve");
  while (out.count_prefix("bestmove") == 0) std::this_thread::yield();
  session.handle_line("position startpos");  // the proof is of the solved position, not this one
  session.handle_line("proof");
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("info string proof at least 999999995 (mate 3)"), 1u);
  EXPECT_EQ(out.count_prefix("info string proof at most 999999995 (mate 3)"), 1u);
  ASSERT_EQ(out.count_prefix("proof {"), 1u);
  const auto lines = out.lines();
  EXPECT_NE(lines.back().find("\"position\":\"O.X/.../...\""), std::string::npos);
}

}  // namespace
}  // namespace brudno::protocol

namespace brudno::protocol {
namespace {

TEST(UciSession, PonderWaitsForPonderhitThenKeepsTheClock) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("ponderhit");
  EXPECT_EQ(out.count_prefix("info string error: ponderhit without a pondering search"), 1u);
  session.handle_line("setoption name Game value synthetic");
  session.handle_line("position fen 8 30 5 random");
  session.handle_line("go ponder wtime 300 btime 300");
  // Far past the clock's budget, a pondering search still runs.
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  EXPECT_EQ(out.count_prefix("bestmove"), 0u);
  session.handle_line("ponderhit");
  // Now the clock runs: the search ends by itself within the 300 ms it was given.
  const auto hit = std::chrono::steady_clock::now();
  while (out.count_prefix("bestmove") == 0 &&
         std::chrono::steady_clock::now() - hit < std::chrono::seconds(10)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(out.count_prefix("bestmove"), 1u);
}

TEST(UciSession, PonderStoppedGivesOneBestmove) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("go ponder movetime 10");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(out.count_prefix("bestmove"), 0u);
    session.handle_line("stop");
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("bestmove"), 1u);
}

}  // namespace
}  // namespace brudno::protocol
