// 2048 over the protocol, end to end: the built binary through pipes.

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <string>
#include <thread>

#include "tools/pipe/pipe_engine.hpp"

namespace brudno::testing {
namespace {

using tools::starts_with;

class Engine2048 : public tools::PipeEngine {
 public:
  Engine2048() : tools::PipeEngine(BRUDNO_BINARY, {}) {
    send("uci");
    read_until("uciok");
    send("setoption name Game value 2048");
  }
  // The `text:` line of `d`.
  std::string text() {
    send("d");
    const auto lines = read_until("text: ");
    return lines.empty() ? std::string{} : lines.back();
  }
};

TEST(Game2048EndToEnd, AnswersALegalMoveFromTheStart) {
  Engine2048 engine;
  engine.send("position startpos");
  engine.send("go movetime 100");
  const auto lines = engine.read_until("bestmove");
  ASSERT_FALSE(lines.empty());
  const std::set<std::string> legal = {"bestmove u", "bestmove d", "bestmove l", "bestmove r"};
  EXPECT_TRUE(legal.contains(lines.back())) << lines.back();
  EXPECT_TRUE(starts_with(lines.front(), "info depth 1 "));
}

TEST(Game2048EndToEnd, StopEndsAnInfiniteSearch) {
  Engine2048 engine;
  engine.send("position fen 2 4 8 16 0 0 2 0 0 0 0 0 0 0 0 2");
  engine.send("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  engine.send("stop");
  const auto lines = engine.read_until("bestmove", std::chrono::seconds(5));
  ASSERT_FALSE(lines.empty());
  // Every slide changes this board.
  const std::set<std::string> legal = {"bestmove u", "bestmove d", "bestmove l", "bestmove r"};
  EXPECT_TRUE(legal.contains(lines.back())) << lines.back();
}

TEST(Game2048EndToEnd, ReplaysSlidesAndSpawns) {
  Engine2048 engine;
  EXPECT_EQ(engine.text(), "text: 0 0 0 0 0 2 0 0 0 0 0 0 0 0 2 0");
  engine.send("position startpos moves l 4@1 u");
  EXPECT_EQ(engine.text(), "text: 4 0 0 0 4 0 0 0 0 0 0 0 0 0 0 0 spawn");
  engine.send("position startpos moves l 4@1 u 2@16");
  EXPECT_EQ(engine.text(), "text: 4 0 0 0 4 0 0 0 0 0 0 0 0 0 0 2");
  engine.send("position fen 2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 moves l 2@16 d");
  EXPECT_EQ(engine.text(), "text: 0 0 0 0 0 0 0 0 0 0 0 0 4 0 0 2 spawn");
  // A search is refused while a tile is due, with a bestmove all the same.
  engine.send("go depth 2");
  const auto lines = engine.read_until("bestmove");
  ASSERT_GE(lines.size(), 2U);
  EXPECT_TRUE(starts_with(lines.front(), "info string error: "));
  EXPECT_EQ(lines.back(), "bestmove (none)");
}

// The nodes of the last info line before bestmove.
std::uint64_t nodes_of_search(Engine2048& engine, const std::string& go) {
  engine.send(go);
  const auto lines = engine.read_until("bestmove");
  if (lines.size() < 2) return 0;
  const std::string& info = lines[lines.size() - 2];
  const auto at = info.find(" nodes ");
  return at == std::string::npos ? 0 : std::stoull(info.substr(at + 7));
}

// The probability cut-off leaves out the unlikely lines: fewer nodes.
TEST(Game2048EndToEnd, ChanceCutoffPrunesUnlikelyLines) {
  Engine2048 engine;
  engine.send("position fen 2 4 8 16 0 0 2 0 0 0 0 0 0 0 0 2");
  engine.send("setoption name Clear Hash");
  const auto exact = nodes_of_search(engine, "go depth 3");
  engine.send("setoption name Chance Cutoff value 10000");  // 0.01
  engine.send("setoption name Clear Hash");
  const auto cut = nodes_of_search(engine, "go depth 3");
  EXPECT_GT(exact, 0U);
  EXPECT_GT(cut, 0U);
  EXPECT_LT(cut, exact);
  engine.send("setoption name Chance Cutoff value 1000001");
  const auto reply = engine.read_line();
  ASSERT_TRUE(reply);
  EXPECT_TRUE(starts_with(*reply, "info string error: Chance Cutoff")) << *reply;
}

// Each bad position command is named, and leaves no position until a good one.
TEST(Game2048EndToEnd, BadInputIsNamedAndLeavesNoPosition) {
  Engine2048 engine;
  const std::string good = "position fen 2 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0";
  engine.send(good);
  const std::string kept = "text: 2 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0";
  ASSERT_EQ(engine.text(), kept);
  for (const char* line :
       {"position fen 3 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0",               // not a tile value
        "position fen 2 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 moves u",       // changes nothing
        "position fen 2 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 moves d 2@13",  // occupied cell
        "position fen 2 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 moves d 8@1",   // not a spawn
        "position fen 2 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 moves 2@3"}) {  // no tile due
    engine.send(line);
    const auto reply = engine.read_line();
    ASSERT_TRUE(reply) << line;
    EXPECT_TRUE(starts_with(*reply, "info string error: ")) << line << " -> " << *reply;
    engine.send("d");
    const auto shown = engine.read_line();
    ASSERT_TRUE(shown) << line;
    EXPECT_TRUE(starts_with(*shown, "info string error: no valid position")) << *shown;
    engine.send(good);
    EXPECT_EQ(engine.text(), kept) << line;
  }
}

}  // namespace
}  // namespace brudno::testing
