// The network's options in a session: EvalFile refusing a bad file with the
// current network kept, Use NNUE switching the evaluation, `eval` showing
// the network's score. The options are the process's: each test puts them
// back as it found them.

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "games/chess/nnue/active_network.hpp"
#include "protocol/uci_session.hpp"
#include "tests/protocol/capture_sink.hpp"

namespace brudno::protocol {
namespace {

using testing::CaptureSink;

// How many lines of output (the `eval` table is written as one) hold `text`.
std::size_t count_containing(const CaptureSink& out, const std::string& text) {
  std::size_t count = 0;
  for (const auto& line : out.lines()) count += line.find(text) != std::string::npos;
  return count;
}

class NnueSession : public ::testing::Test {
 protected:
  void TearDown() override {
    games::chess::nnue::use_network(false);
    (void)games::chess::nnue::load_network(games::chess::nnue::kEmbeddedNetworkName);
  }
};

TEST_F(NnueSession, OptionsAreListedForChess) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("uci");
  EXPECT_EQ(out.count_prefix("option name EvalFile type string default <embedded>"), 1u);
  EXPECT_EQ(out.count_prefix("option name Use NNUE type check default false"), 1u);
  out.clear();
  session.handle_line("setoption name Game value connect4");
  session.handle_line("uci");
  EXPECT_EQ(out.count_prefix("option name EvalFile"), 0u);
}

TEST_F(NnueSession, BadEvalFileIsRefusedAndTheNetworkStays) {
  CaptureSink out;
  UciSession session(out);
  const std::string bad = ::testing::TempDir() + "nnue_session_bad.nnue";
  std::ofstream(bad) << "BNUE but not a network";
  session.handle_line("setoption name EvalFile value /nonexistent/net.nnue");
  session.handle_line("setoption name EvalFile value " + bad);
  session.handle_line("setoption name Use NNUE value maybe");
  EXPECT_EQ(out.count_prefix("info string error: EvalFile refused, the network stays <embedded>: "
                             "/nonexistent/net.nnue: cannot open it"),
            1u);
  EXPECT_EQ(out.count_prefix("info string error: EvalFile refused, the network stays <embedded>: " +
                             bad + ": 22 bytes, shorter than the 40-byte header"),
            1u);
  EXPECT_EQ(out.count_prefix("info string error: Use NNUE is true or false"), 1u);
  EXPECT_EQ(games::chess::nnue::current_network().name, "<embedded>");
  EXPECT_FALSE(games::chess::nnue::network_enabled());
}

TEST_F(NnueSession, UseNnueSwitchesTheEvaluationAndEvalShowsIt) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("position startpos moves e2e4 e7e5 g1f3");
  session.handle_line("eval");
  EXPECT_EQ(count_containing(out, "Final evaluation"), 1u);
  EXPECT_EQ(count_containing(out, "NNUE evaluation"), 0u);
  session.handle_line("setoption name Use NNUE value true");
  session.handle_line("eval");
  EXPECT_EQ(count_containing(out, "\nNNUE evaluation: "), 1u);
  EXPECT_EQ(count_containing(out, "from network <embedded>"), 1u);
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
  session.handle_line("go depth 4");
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("bestmove "), 1u);
  EXPECT_TRUE(games::chess::nnue::network_enabled());
}

// Under brudno serve a client's session may not change what every other
// client's search evaluates with.
TEST_F(NnueSession, AServersClientCannotChangeTheProcesssNetwork) {
  CaptureSink out;
  SessionLimits limits;
  limits.sets_process_options = false;
  UciSession session(out, std::move(limits));
  session.handle_line("setoption name Use NNUE value true");
  session.handle_line("setoption name EvalFile value /nonexistent/net.nnue");
  EXPECT_EQ(out.count_prefix("info string error: Use NNUE is the whole process's setting"), 1u);
  EXPECT_EQ(out.count_prefix("info string error: EvalFile is the whole process's setting"), 1u);
  EXPECT_FALSE(games::chess::nnue::network_enabled());
  EXPECT_EQ(games::chess::nnue::current_network().name, "<embedded>");
  // The session's own options still work.
  session.handle_line("setoption name UCI_ShowWDL value true");
  EXPECT_EQ(out.count_prefix("info string error"), 2u);
}

}  // namespace
}  // namespace brudno::protocol
