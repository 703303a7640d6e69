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
    if (line.rfind("option name Game type combo default chess", 0) == 0) {
      game_option = line.find("var chess") != std::string::npos &&
                    line.find("var tictactoe") != std::string::npos &&
                    line.find("var synthetic") != std::string::npos;
    }
  }
  EXPECT_TRUE(game_option);
}

TEST(UciSession, EveryBadLineGetsOneError) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value tictactoe");
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
      "setoption name Ponder value maybe",
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
  ASSERT_TRUE(out.wait_for("readyok"));
  session.wait_for_job();
  EXPECT_EQ(out.lines(), std::vector<std::string>{"readyok"});
}

// Issue 13: a go with an unknown token or a bad value got an error and no
// bestmove, and a GUI waiting for one hung.
TEST(UciSession, EveryGoGetsOneBestmoveWhateverItsWords) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value tictactoe");
  const char* lines[] = {
      "go depth abc",
      "go nodes -1",
      "go depth",
      "go backwards depth 2",
      "go searchmoves 1 2 depth 3",
      "go searchmoves 99 x depth 2",
      "go mate 1",
      "go wtime 9223372036854775807 movestogo 1",
      "go movetime 99999999999999999999",
      "go depth 2 searchmoves",
  };
  for (const auto* line : lines) {
    out.clear();
    session.handle_line("position startpos");
    session.handle_line(line);
    session.end_of_input();
    EXPECT_EQ(out.count_prefix("bestmove "), 1u) << line;
    EXPECT_EQ(out.count_prefix("bestmove (none)"), 0u) << line;
  }
}

TEST(UciSession, SearchmovesAndMateAreObeyed) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value tictactoe");
  // X to move wins on square 3; searchmoves leaves it out.
  session.handle_line("position fen XX./OO./...");
  session.handle_line("go depth 9 searchmoves 7 8 zz");
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("info string error: searchmoves: 'zz' is not a legal move"), 1u);
  const auto lines = out.lines();
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(lines.back().starts_with("bestmove 7") || lines.back().starts_with("bestmove 8"))
      << lines.back();
  out.clear();
  session.handle_line("go mate 1");
  session.end_of_input();
  EXPECT_TRUE(out.lines().back().starts_with("bestmove 3")) << out.lines().back();
  EXPECT_EQ(out.count_prefix("info depth 1 "), 1u);
  EXPECT_EQ(out.count_prefix("info depth 2 "), 0u) << "mate 1 found at depth 1: no more";
}

TEST(UciSession, CheckOptionsTakeAnyCase) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value tictactoe");
  session.handle_line("setoption name Ponder value TRUE");
  session.handle_line("setoption name ponder value False");
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
}

TEST(UciSession, UciShowsTheDefaultHashNotTheCurrentOne) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value tictactoe");
  session.handle_line("setoption name Hash value 32");
  session.handle_line("uci");
  EXPECT_EQ(out.count_prefix("option name Hash type spin default 16 min 1 max "), 1u);
}

// A session reserves its table when it first searches, sets Hash or asks
// isready (where a GUI waits for the engine to be ready to search), never
// before: a client that connects and only talks costs no table memory.
TEST(UciSession, TheTableIsReservedByTheFirstSearchHashOrIsready) {
  std::size_t reserved = 0;
  SessionLimits limits;
  limits.reserve_hash = [&](std::size_t from, std::size_t to) {
    const std::size_t next = reserved - from + to;
    if (next > 16) return false;  // room for one default table
    reserved = next;
    return true;
  };
  CaptureSink out;
  UciSession session(out, limits);
  session.handle_line("setoption name Game value tictactoe");
  session.handle_line("ucinewgame");
  session.handle_line("uci");
  session.handle_line("position startpos");
  EXPECT_EQ(session.hash_megabytes(), 0u);
  EXPECT_EQ(reserved, 0u);
  session.handle_line("go depth 3");
  session.wait_for_job();
  EXPECT_EQ(session.hash_megabytes(), 16u);
  EXPECT_EQ(reserved, 16u);
  EXPECT_EQ(out.count_prefix("bestmove "), 1u);

  CaptureSink ready_out;
  std::size_t ready_reserved = 0;
  SessionLimits ready_limits;
  ready_limits.reserve_hash = [&](std::size_t from, std::size_t to) {
    ready_reserved = ready_reserved - from + to;
    return true;
  };
  UciSession ready(ready_out, ready_limits);
  ready.handle_line("setoption name Game value tictactoe");
  ready.handle_line("isready");
  ASSERT_TRUE(ready_out.wait_for("readyok"));
  EXPECT_EQ(ready.hash_megabytes(), 16u);
  EXPECT_EQ(ready_reserved, 16u);
  EXPECT_EQ(ready_out.count_prefix("info string error"), 0u);

  CaptureSink other_out;
  UciSession other(other_out, limits);  // the budget has no room left
  other.handle_line("setoption name Game value tictactoe");
  other.handle_line("isready");  // no room for a table: ready at once, with none
  EXPECT_EQ(other_out.lines().back(), "readyok");
  other.handle_line("go depth 3");
  EXPECT_EQ(other_out.count_prefix("info string error: the server's table memory is in use"), 1u);
  EXPECT_EQ(other_out.lines().back(), "bestmove (none)");
  EXPECT_EQ(other.hash_megabytes(), 0u);
  other.handle_line("setoption name Hash value 1");
  EXPECT_EQ(other_out.lines().back(),
            "info string error: Hash 1 MB would exceed the server's total table memory; no "
            "table is allocated yet");
}

// isready allocates what the first search would have (the table, the
// threads' ordering memory): that search then finds exactly the same, node
// for node.
TEST(UciSession, AnIsreadyBeforeTheFirstSearchChangesNothingItFinds) {
  const auto search = [](bool isready) {
    CaptureSink out;
    UciSession session(out);
    if (isready) {
      session.handle_line("isready");
      EXPECT_TRUE(out.wait_for("readyok"));
      EXPECT_EQ(session.hash_megabytes(), 16u);
    }
    session.handle_line("position startpos moves e2e4");
    session.handle_line("go depth 6");
    EXPECT_TRUE(out.wait_for("bestmove"));
    session.wait_for_job();
    // Each iteration's node count and line, without its time and speed.
    std::vector<std::string> found;
    for (const auto& line : out.lines()) {
      const auto nodes = line.find(" nodes ");
      const auto pv = line.find(" pv ");
      if (!line.starts_with("info depth") || nodes == std::string::npos ||
          pv == std::string::npos) {
        continue;
      }
      found.push_back(line.substr(nodes, line.find(' ', nodes + 7) - nodes) + line.substr(pv));
    }
    found.push_back(out.lines().back());
    return found;
  };
  const auto without = search(false);
  EXPECT_GE(without.size(), 7u);  // six iterations and the bestmove
  EXPECT_EQ(search(true), without);
}

// A position command with an illegal move fails as a whole: no position is
// left to show or search until the next good one.
TEST(UciSession, IllegalMoveLeavesNoPosition) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value tictactoe");
  session.handle_line("position startpos moves 5");
  session.handle_line("position startpos moves 1 1");
  EXPECT_EQ(out.lines().back().rfind("info string error: illegal move '1'", 0), 0u);
  session.handle_line("d");
  EXPECT_EQ(out.lines().back(),
            "info string error: no valid position: the last position "
            "command failed; send a position first");
  session.handle_line("position startpos moves 5");
  session.handle_line("d");
  EXPECT_NE(out.lines().back().find("text: .../.X./..."), std::string::npos);
}

TEST(UciSession, SearchesAndAnswersBestmoveOnce) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("setoption name Game value tictactoe");
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
    session.handle_line("setoption name Game value tictactoe");
    session.handle_line("position fen XXX/OO./...");
    session.handle_line("go depth 3");
    session.end_of_input();
  }
  EXPECT_EQ(out.lines().back(), "bestmove (none)");
}

TEST(UciSession, InfiniteSearchEndsOnlyWithStop) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value tictactoe");
  session.handle_line("setoption name Game value synthetic");
  session.handle_line("position fen 8 30 5 random");
  session.handle_line("go infinite");
  session.handle_line("go depth 3");  // refused: one search at a time
  session.handle_line("proof");       // refused: an infinite search solves nothing
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(out.count_prefix("bestmove"), 0u);
  EXPECT_EQ(out.count_prefix("info string error: a search is running"), 1u);
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
    session.handle_line("setoption name Game value tictactoe");
    for (int i = 0; i < 100; ++i) {
      session.handle_line("go infinite");
      session.handle_line("stop");
      // The next go may arrive before the bestmove: it must then be refused, or
      // wait for the last search to be collected, never start a second search.
      ASSERT_TRUE(out.wait_for("bestmove", static_cast<std::size_t>(i + 1))) << "round " << i;
    }
  }
  EXPECT_EQ(out.count_prefix("bestmove"), 100u);
}

TEST(UciSession, TwoThreadSearchesRaceWithStopAndOptions) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("setoption name Game value tictactoe");
    session.handle_line("setoption name Threads value 2");
    session.handle_line("setoption name Game value synthetic");
    session.handle_line("position fen 6 30 3 random");
    for (int i = 0; i < 30; ++i) {
      session.handle_line("go infinite");
      session.handle_line("setoption name Hash value 4");  // refused while searching
      session.handle_line("isready");
      session.handle_line("stop");
      session.handle_line("position fen 5 30 " + std::to_string(i) + " random");
      ASSERT_TRUE(out.wait_for("bestmove", static_cast<std::size_t>(i + 1))) << "round " << i;
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
    session.handle_line("setoption name Game value tictactoe");
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

TEST(UciSession, GameOptionIsCaseInsensitive) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value tictactoe");
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
  session.handle_line("setoption name Game value tictactoe");
  session.handle_line("proof");
  EXPECT_EQ(out.count_prefix("info string error: no solved position to prove"), 1u);
  session.handle_line("position fen O.X/.../...");
  session.handle_line("go solve");
  ASSERT_TRUE(out.wait_for("bestmove"));
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

// Issue 13: `proof` straight after `go solve` was refused; it now waits for
// the search, as `go` does after `stop`.
TEST(UciSession, ProofStraightAfterGoSolveWaitsForTheSearch) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("setoption name Game value tictactoe");
    session.handle_line("position fen O.X/.../...");
    session.handle_line("go solve");
    session.handle_line("proof");
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
  EXPECT_EQ(out.count_prefix("bestmove "), 1u);
  EXPECT_EQ(out.count_prefix("proof {"), 1u);
  const auto lines = out.lines();
  EXPECT_TRUE(lines.back().starts_with("proof {")) << "the proof comes after the bestmove";
}

TEST(UciSession, PonderWaitsForPonderhitThenKeepsTheClock) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value tictactoe");
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
  EXPECT_TRUE(out.wait_for("bestmove", 1, std::chrono::seconds(10)));
  EXPECT_EQ(out.count_prefix("bestmove"), 1u);
}

TEST(UciSession, PonderStoppedGivesOneBestmove) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("setoption name Game value tictactoe");
    session.handle_line("go ponder movetime 10");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(out.count_prefix("bestmove"), 0u);
    session.handle_line("stop");
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("bestmove"), 1u);
}

// `go ponder` with no clock or other limit: after `ponderhit` nothing ends
// the search but `stop`, so the session must go on reading for it. (A
// `go` sent then waited for that search's end, and stdin was read no more.)
TEST(UciSession, PonderhitWithoutALimitStillWaitsForStop) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value synthetic");
  session.handle_line("position fen 8 30 5 random");
  session.handle_line("go ponder");
  session.handle_line("ponderhit");
  ASSERT_TRUE(session.waits_for_client()) << "only stop ends this search";
  session.handle_line("go depth 1");  // refused at once, not waited for
  EXPECT_EQ(out.count_prefix("info string error: a search is already running"), 1u);
  session.handle_line("stop");
  EXPECT_TRUE(out.wait_for("bestmove", 1, std::chrono::seconds(10)));
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("bestmove"), 1u);
}

// `stop` leaves a `go perft` count alone, as in Stockfish; abandon() (the
// client gone, the server stopping) gives it up and writes none of it. A
// count of 9 plies of chess takes hours: the test ends only if it stopped.
TEST(UciSession, AbandonGivesUpACountingPerft) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("position startpos");
  session.handle_line("go perft 9");
  EXPECT_FALSE(session.takes_input_now()) << "the count holds the input";
  session.abandon();
  EXPECT_TRUE(session.takes_input_now());
  EXPECT_EQ(out.count_prefix("Nodes searched"), 0u);
  EXPECT_TRUE(out.lines().empty()) << out.lines().front();
}

// With a clock, `ponderhit` leaves a search that ends by itself.
TEST(UciSession, PonderhitWithAClockEndsByItself) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Game value synthetic");
  session.handle_line("position fen 8 30 5 random");
  session.handle_line("go ponder wtime 200 btime 200");
  EXPECT_TRUE(session.waits_for_client()) << "pondering: only ponderhit or stop ends it";
  session.handle_line("ponderhit");
  EXPECT_FALSE(session.waits_for_client());
  EXPECT_TRUE(out.wait_for("bestmove", 1, std::chrono::seconds(10)));
}

}  // namespace
}  // namespace brudno::protocol
