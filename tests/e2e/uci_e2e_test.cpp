// The UCI protocol end to end: the built binary, driven through pipes.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <thread>

#include "tests/sanitized_build.hpp"
#include "tools/pipe/pipe_engine.hpp"

namespace brudno::testing {
namespace {

using tools::count_prefix;
using tools::starts_with;

// The built engine, as a GUI starts it.
class PipeEngine : public tools::PipeEngine {
 public:
  explicit PipeEngine(const std::vector<std::string>& args = {})
      : tools::PipeEngine(BRUDNO_BINARY, args) {}
};

// Reads up to and including the line starting with `last`, after what is read already.
void read_more(PipeEngine& engine, std::vector<std::string>& lines, const std::string& last) {
  const auto more = engine.read_until(last);
  lines.insert(lines.end(), more.begin(), more.end());
}

// The engine with its address space capped at `kilobytes` (the shell's
// ulimit -v): tables beyond that cannot be allocated.
class CappedPipeEngine : public tools::PipeEngine {
 public:
  explicit CappedPipeEngine(long kilobytes)
      : tools::PipeEngine(
            "/bin/sh",
            {"-c", "ulimit -v " + std::to_string(kilobytes) + " && exec \"$0\"", BRUDNO_BINARY}) {}
};

// A search on a synthetic tree too large to finish.
void start_long_search(PipeEngine& engine) {
  engine.send("setoption name Game value synthetic");
  engine.send("position fen 8 30 5 random");
  engine.send("go infinite");
}

TEST(UciEndToEnd, Handshake) {
  PipeEngine engine;
  engine.send("uci");
  const auto lines = engine.read_until("uciok");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "uciok");
  EXPECT_TRUE(starts_with(lines.front(), "id name brudno"));
  const auto game = std::find_if(lines.begin(), lines.end(), [](const auto& line) {
    return starts_with(line, "option name Game type combo");
  });
  ASSERT_NE(game, lines.end());
  for (const auto* name : {"var tictactoe", "var connect4", "var synthetic"}) {
    EXPECT_NE(game->find(name), std::string::npos) << *game;
  }
  EXPECT_EQ(count_prefix(lines, "option name Hash type spin"), 1u);
  EXPECT_EQ(count_prefix(lines, "option name Threads type spin"), 1u);
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "option name Ponder type check default false"),
            1);
  engine.send("setoption name Ponder value true");
  engine.send("setoption name ponder value false");
  engine.send("setoption name Ponder value maybe");
  engine.send("isready");
  const auto replies = engine.read_until("readyok");
  ASSERT_EQ(replies.size(), 2u);
  EXPECT_EQ(replies[0], "info string error: Ponder must be true or false, got 'maybe'");
}

TEST(UciEndToEnd, TicTacToeDepthNineIsADraw) {
  PipeEngine engine;
  engine.send("uci");
  engine.send("setoption name Game value tictactoe");
  engine.send("position startpos");
  engine.send("go depth 9");
  const auto lines = engine.read_until("bestmove");
  ASSERT_GE(lines.size(), 2u);
  const auto& last_info = lines[lines.size() - 2];
  EXPECT_TRUE(starts_with(last_info, "info depth 9 ")) << last_info;
  EXPECT_NE(last_info.find("score cp 0"), std::string::npos) << last_info;
  const auto& bestmove = lines.back();
  ASSERT_TRUE(starts_with(bestmove, "bestmove ")) << bestmove;
  const char square = bestmove[9];
  EXPECT_TRUE(square >= '1' && square <= '9') << bestmove;
}

TEST(UciEndToEnd, ClassicWinIsMateInThree) {
  PipeEngine engine;
  engine.send("setoption name Game value tictactoe");
  engine.send("position fen O.X/.../...");
  engine.send("go depth 9");
  const auto lines = engine.read_until("bestmove");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_NE(lines[lines.size() - 2].find("score mate 3"), std::string::npos)
      << lines[lines.size() - 2];
}

TEST(UciEndToEnd, StopEndsAnInfiniteSearchWithOneBestmove) {
  PipeEngine engine;
  start_long_search(engine);
  ASSERT_TRUE(engine.read_line());  // an info line: the search runs
  engine.send("stop");
  const auto lines = engine.read_until("bestmove");
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(starts_with(lines.back(), "bestmove "));
  engine.send("isready");
  const auto after = engine.read_until("readyok");
  EXPECT_EQ(count_prefix(after, "bestmove"), 0u);
  ASSERT_FALSE(after.empty());
  EXPECT_EQ(after.back(), "readyok");
}

TEST(UciEndToEnd, IsReadyIsAnsweredDuringASearch) {
  PipeEngine engine;
  start_long_search(engine);
  engine.send("isready");
  const auto lines = engine.read_until("readyok");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "readyok");
  EXPECT_EQ(count_prefix(lines, "bestmove"), 0u);
  engine.send("stop");
  EXPECT_FALSE(engine.read_until("bestmove").empty());
}

TEST(UciEndToEnd, GarbageBurstGetsOneErrorPerLineAndTheSessionGoesOn) {
  PipeEngine engine;
  std::vector<std::string> garbage = {
      "hello",
      "go depth abc",
      "go depth -3",
      "position fen zzz",
      "position startpos moves 10",
      "setoption name Nope value 1",
      "setoption name Hash value 0",
      "go nodes",
      "position",
      "setoption name Threads value 0",
  };
  std::mt19937 random(2024);
  std::uniform_int_distribution<int> byte(1, 255);
  std::uniform_int_distribution<int> length(1, 80);
  while (garbage.size() < 200) {
    std::string line;
    for (int i = length(random); i > 0; --i) {
      const char c = static_cast<char>(byte(random));
      if (c != '\n' && c != '\r') line += c;
    }
    // Lines of blanks say nothing and get no reply; make sure each one has a word.
    garbage.push_back("x" + line);
  }
  for (const auto& line : garbage) engine.send(line);
  engine.send("isready");
  engine.send("position startpos");
  engine.send("go depth 3");
  // The garbage's `go` lines search to depth 1; the lines behind them wait
  // for their bestmove, and `isready` acts at once, so its readyok may come
  // before their errors. The `go depth 3` runs after every one of them.
  std::vector<std::string> lines;
  while (count_prefix(lines, "info depth 3 ") == 0) {
    const auto more = engine.read_until("bestmove");
    ASSERT_FALSE(more.empty());
    ASSERT_TRUE(starts_with(more.back(), "bestmove ")) << more.back();
    lines.insert(lines.end(), more.begin(), more.end());
  }
  EXPECT_EQ(count_prefix(lines, "readyok"), 1u);
  EXPECT_EQ(count_prefix(lines, "info string error: "), garbage.size());
}

// A reply quotes at most a short, printable excerpt of what the client sent.
TEST(UciEndToEnd, ErrorRepliesQuoteAShortPrintableExcerpt) {
  PipeEngine engine;
  engine.send("setoption name Game value tictactoe");
  const std::string megabyte(1 << 20, 'q');
  engine.send(megabyte);
  engine.send(std::string("position fen ") + '\0' + "\xff\x1b[2J");
  engine.send("setoption name " + megabyte + " value 1");
  engine.send("isready");
  auto lines = engine.read_until("readyok");
  ASSERT_EQ(lines.size(), 4u);
  const std::string q60(60, 'q');
  EXPECT_EQ(lines[0], "info string error: unknown command '" + q60 + "...'");
  EXPECT_EQ(lines[1],
            "info string error: bad tictactoe position '\\x00\\xff\\x1b[2J'; no position is "
            "set until a valid position command");
  EXPECT_EQ(lines[2], "info string error: unknown option '" + q60 + "...'");
  engine.send("position startpos");
  // A go with a bad value still searches (the rest of it, or depth 1).
  engine.send("go depth " + megabyte);
  const auto search = engine.read_until("bestmove");
  ASSERT_GE(search.size(), 2u);
  EXPECT_EQ(search[0], "info string error: go depth: '" + q60 + "...' is not an integer; ignored");
  EXPECT_EQ(count_prefix(search, "bestmove "), 1u);
  lines.insert(lines.end(), search.begin(), search.end());
  for (const auto& line : lines) {
    EXPECT_TRUE(std::all_of(line.begin(), line.end(), [](char c) { return c >= 0x20 && c < 0x7f; }))
        << line;
  }
}

TEST(UciEndToEnd, IllegalMoveLeavesNoPosition) {
  PipeEngine engine;
  engine.send("setoption name Game value tictactoe");
  engine.send("position startpos moves 5");
  engine.send("position startpos moves 5 5");
  const auto error = engine.read_line();
  ASSERT_TRUE(error);
  EXPECT_TRUE(starts_with(*error, "info string error: illegal move '5'")) << *error;
  engine.send("d");
  engine.send("go depth 3");
  const auto lines = engine.read_until("bestmove");
  EXPECT_EQ(count_prefix(lines, "info string error: no valid position"), 2u);
  EXPECT_EQ(lines.back(), "bestmove (none)");
}

// d prints the board and the text line, and no blank line after them.
TEST(UciEndToEnd, DisplayPrintsTheBoardWithNoBlankLine) {
  for (const char* game : {"tictactoe", "connect4", "synthetic"}) {
    PipeEngine engine;
    engine.send(std::string("setoption name Game value ") + game);
    engine.send("d");
    engine.send("isready");
    const auto lines = engine.read_until("readyok");
    ASSERT_GE(lines.size(), 3u) << game;
    EXPECT_EQ(lines.back(), "readyok");
    EXPECT_TRUE(starts_with(lines[lines.size() - 2], "text: ")) << game;
    EXPECT_EQ(std::count(lines.begin(), lines.end(), std::string{}), 0) << game;
  }
}

// With a search running that only `stop` ends: the end of input stops it,
// its bestmove is written, and the process exits 0.
void expect_end_of_input_to_stop_the_search(PipeEngine& engine) {
  engine.close_input();
  const auto lines = engine.read_until("bestmove");
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
  EXPECT_EQ(engine.wait_exit(), 0);
}

TEST(UciEndToEnd, EndOfInputFinishesAFiniteSearchAndExitsZero) {
  PipeEngine engine;
  engine.send("position startpos");
  engine.send("go depth 9");
  engine.close_input();
  const auto lines = engine.read_until("bestmove");
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(starts_with(lines.back(), "bestmove "));
  EXPECT_TRUE(starts_with(lines[lines.size() - 2], "info depth 9 "));
  EXPECT_EQ(engine.wait_exit(), 0);
}

// Only the opponent's clock: no deadline for the mover, so at the end of
// input the search is stopped like an infinite one instead of running on.
TEST(UciEndToEnd, EndOfInputStopsASearchWithOnlyTheOpponentsClock) {
  PipeEngine engine;
  engine.send("setoption name Game value synthetic");
  engine.send("position fen 8 30 1 random");
  engine.send("go btime 100");
  expect_end_of_input_to_stop_the_search(engine);
}

TEST(UciEndToEnd, EndOfInputStopsAnInfiniteSearchAndExitsZero) {
  PipeEngine engine;
  start_long_search(engine);
  expect_end_of_input_to_stop_the_search(engine);
}

// After `ponderhit`, a `go ponder` without a clock is still a search only
// `stop` ends; the end of input stops it (the process once searched on).
TEST(UciEndToEnd, EndOfInputAfterPonderhitWithoutAClockExitsZero) {
  PipeEngine engine;
  engine.send("setoption name Game value synthetic");
  engine.send("position fen 8 30 5 random");
  engine.send("go ponder");
  engine.send("ponderhit");
  expect_end_of_input_to_stop_the_search(engine);
}

TEST(UciEndToEnd, QuitDuringASearchExitsZero) {
  PipeEngine engine;
  start_long_search(engine);
  ASSERT_TRUE(engine.read_line());
  engine.send("quit");
  EXPECT_EQ(engine.wait_exit(), 0);
}

// With a search running that will not end within the test's time (one only
// `stop` ends, or one too deep): a `go depth 2` sent now waits for it,
// isready is answered at once meanwhile, and the stop that ends the first
// search is still read; then the second go searches.
void expect_second_go_to_wait_for_stop(PipeEngine& engine) {
  engine.send("go depth 2");
  engine.send("isready");
  auto lines = engine.read_until("readyok");
  ASSERT_FALSE(lines.empty());
  ASSERT_EQ(lines.back(), "readyok");
  EXPECT_EQ(count_prefix(lines, "info string error"), 0u);
  EXPECT_EQ(count_prefix(lines, "bestmove"), 0u);
  engine.send("stop");
  read_more(engine, lines, "bestmove");
  const auto second = engine.read_until("bestmove");
  ASSERT_FALSE(second.empty());
  EXPECT_TRUE(starts_with(second.back(), "bestmove "));
  EXPECT_EQ(count_prefix(second, "info depth 2 "), 1u) << "the second go searched to depth 2";
  engine.send("isready");
  read_more(engine, lines, "readyok");
  EXPECT_EQ(count_prefix(lines, "bestmove"), 1u);
}

TEST(UciEndToEnd, SecondGoWhileSearchingWaitsForIt) {
  PipeEngine engine;
  start_long_search(engine);
  expect_second_go_to_wait_for_stop(engine);
}

// `go ponder` without a clock, then `ponderhit`: the search still runs until
// `stop` (a `go` sent then once waited with stdin unread, and nothing ended
// the search).
TEST(UciEndToEnd, GoAfterPonderhitWithoutAClockWaitsForStop) {
  PipeEngine engine;
  engine.send("setoption name Game value synthetic");
  engine.send("position fen 8 30 5 random");
  engine.send("go ponder");
  engine.send("ponderhit");
  expect_second_go_to_wait_for_stop(engine);
}

// A search that ends by itself, but not within any test's time: the
// synthetic tree is 30 plies deep.
void start_deep_search(PipeEngine& engine) {
  engine.send("setoption name Game value synthetic");
  engine.send("position fen 8 30 5 random");
  engine.send("go depth 100");
}

// Lines sent during a search that ends by itself wait for its bestmove, and
// the input is read on meanwhile: `isready` and `stop` behind them act at
// once (the input once waited with them unread until the search ended).
TEST(UciEndToEnd, IsReadyAndStopBehindAGoWaitingForADeepSearchActAtOnce) {
  PipeEngine engine;
  start_deep_search(engine);
  expect_second_go_to_wait_for_stop(engine);
}

TEST(UciEndToEnd, QuitBehindAGoWaitingForADeepSearchExitsZero) {
  PipeEngine engine;
  start_deep_search(engine);
  engine.send("go depth 2");
  engine.send("quit");
  EXPECT_EQ(engine.wait_exit(), 0);
}

// A GUI sends stop, then the next position and go at once, before the
// stopped search's bestmove: the go waits for it instead of being refused.
TEST(UciEndToEnd, GoRightAfterStopIsNotRefused) {
  PipeEngine engine;
  start_long_search(engine);
  engine.send("stop");
  engine.send("position fen 3 6 2 random");
  engine.send("go depth 3");
  auto lines = engine.read_until("bestmove");
  ASSERT_FALSE(lines.empty());
  ASSERT_TRUE(starts_with(lines.back(), "bestmove "));
  read_more(engine, lines, "bestmove");
  engine.send("isready");
  read_more(engine, lines, "readyok");
  EXPECT_EQ(count_prefix(lines, "bestmove "), 2u);
  EXPECT_EQ(count_prefix(lines, "info string error"), 0u);
  // The second search ran: its last info line is depth 3.
  EXPECT_NE(std::find_if(lines.begin(), lines.end(),
                         [](const auto& line) { return starts_with(line, "info depth 3 "); }),
            lines.end());
}

TEST(UciEndToEnd, EveryGoGetsExactlyOneBestmove) {
  PipeEngine engine;
  constexpr int kSearches = 50;
  for (int i = 0; i < kSearches; ++i) {
    // Back to back: a go after a stop waits for the stopped search.
    engine.send("go depth 2");
    engine.send("stop");
  }
  std::vector<std::string> lines;
  for (int i = 0; i < kSearches; ++i) {
    const auto some = engine.read_until("bestmove");
    ASSERT_FALSE(some.empty()) << "search " << i;
    ASSERT_TRUE(starts_with(some.back(), "bestmove")) << "search " << i;
    lines.insert(lines.end(), some.begin(), some.end());
  }
  engine.send("isready");
  const auto rest = engine.read_until("readyok");
  EXPECT_EQ(count_prefix(rest, "bestmove"), 0u);
  EXPECT_EQ(count_prefix(lines, "info string error"), 0u);
  EXPECT_EQ(count_prefix(rest, "info string error"), 0u);
}

// A Hash that cannot be allocated keeps the table the session had, says so
// in one error line, and the session goes on with it.
TEST(UciEndToEnd, HashThatCannotBeAllocatedKeepsTheOldTable) {
  if (test_build::kSanitized)
    GTEST_SKIP() << "a sanitizer's shadow memory cannot run under ulimit -v";
  CappedPipeEngine engine(1500 * 1000);
  engine.send("go depth 1");  // the first search allocates the default table
  ASSERT_TRUE(starts_with(engine.read_until("bestmove").back(), "bestmove "));
  engine.send("setoption name Hash value 4096");
  engine.send("isready");
  const auto lines = engine.read_until("readyok");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0],
            "info string error: cannot allocate 4096 MB for the hash table; keeping 16 MB");
  engine.send("setoption name Hash value 32");  // within the cap: allowed
  engine.send("uci");
  const auto options = engine.read_until("uciok");
  EXPECT_EQ(count_prefix(options, "info string error"), 0u);
  // The default is the default, whatever the current size (issue 13).
  EXPECT_EQ(count_prefix(options, "option name Hash type spin default 16 "), 1u);
  engine.send("position startpos");
  engine.send("go depth 5");
  const auto search = engine.read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_TRUE(starts_with(search.back(), "bestmove ")) << search.back();
  engine.close_input();
  EXPECT_EQ(engine.wait_exit(), 0);
}

TEST(UciEndToEnd, ConnectFourSolve) {
  PipeEngine engine;
  engine.send("setoption name Game value connect4");
  // From the L3 benchmark set, score -1: the opponent wins with its last
  // (21st) stone, its second move from here, 4 plies: mate -2.
  engine.send("position fen 2252576253462244111563365343671351441");
  engine.send("go solve");
  const auto lines = engine.read_until("bestmove");
  ASSERT_GE(lines.size(), 2u);
  const auto& info = lines[lines.size() - 2];
  EXPECT_NE(info.find("score mate -2"), std::string::npos) << info;
  // The principal line runs to the end of the game: four moves.
  const auto pv = info.substr(info.find(" pv ") + 4);
  EXPECT_EQ(std::count(pv.begin(), pv.end(), ' '), 3) << info;
}

TEST(UciEndToEnd, CommandLineErrorsExitTwo) {
  PipeEngine unknown({"frobnicate"});
  EXPECT_EQ(unknown.wait_exit(), 2);
  PipeEngine bad_option({"--no-such-option"});
  EXPECT_EQ(bad_option.wait_exit(), 2);
  PipeEngine help({"--help"});
  EXPECT_TRUE(help.read_line());
  EXPECT_EQ(help.wait_exit(), 0);
  // Issue 13: these were accepted (a log file in a missing folder made the
  // folder, or was dropped; --version ignored what followed it).
  const auto missing = std::filesystem::temp_directory_path() / "brudno-no-such-folder" / "x.log";
  std::filesystem::remove_all(missing.parent_path());
  PipeEngine bad_log({"--log-file", missing.string(), "bench"});
  EXPECT_EQ(bad_log.wait_exit(), 2);
  EXPECT_FALSE(std::filesystem::exists(missing.parent_path()));
  PipeEngine version_extra({"--version", "extra"});
  EXPECT_EQ(version_extra.wait_exit(), 2);
  PipeEngine version({"--version"});
  EXPECT_EQ(version.read_line(), "brudno 0.1.0");
  EXPECT_EQ(version.wait_exit(), 0);
}

// Every command answers --help with its own usage and exit status 0.
TEST(UciEndToEnd, EveryCommandHasHelp) {
  for (const char* command : {"uci", "bench", "prove", "check-proof", "suite", "puzzle", "serve"}) {
    for (const char* flag : {"--help", "-h"}) {
      PipeEngine help({command, flag});
      std::vector<std::string> lines;
      while (auto line = help.read_line()) lines.push_back(*line);
      ASSERT_FALSE(lines.empty()) << command << ' ' << flag;
      const std::string usage = std::string("Usage: brudno ") + command;
      const bool names_command = starts_with(lines.front(), usage) ||
                                 (std::string(command) == "uci" &&
                                  starts_with(lines.front(), "Usage: brudno [options] [uci]"));
      EXPECT_TRUE(names_command) << command << ": " << lines.front();
      EXPECT_EQ(help.wait_exit(), 0) << command << ' ' << flag;
    }
  }
  PipeEngine extra({"uci", "extra"});
  EXPECT_EQ(extra.wait_exit(), 2);
  PipeEngine bad_bench({"bench", "--helpful"});
  EXPECT_EQ(bad_bench.wait_exit(), 2);
}

TEST(UciEndToEnd, BenchPrintsNodesAndSpeedLast) {
  PipeEngine bench({"bench"});
  std::vector<std::string> lines;
  // A sanitized build on a busy machine takes tens of seconds a position.
  while (auto line = bench.read_line(std::chrono::minutes(4))) lines.push_back(*line);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_TRUE(starts_with(lines[lines.size() - 2], "Nodes searched  : "));
  EXPECT_TRUE(starts_with(lines.back(), "Nodes/second    : "));
  EXPECT_EQ(bench.wait_exit(), 0);
}

}  // namespace
}  // namespace brudno::testing
