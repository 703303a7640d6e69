// The network's options in a session: the network on by default, Use NNUE
// switching the evaluation, EvalFile loading a network and refusing a bad
// file with the network kept, `eval` showing the network's score, each
// session's choice its own, a strength-limited session playing by hand, and
// a server's client kept from EvalFile (a file of the server's machine).

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "games/chess/eval/nnue/embedded_network.hpp"
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

// The network `eval` names, or "" when the hand-written evaluation is in use.
std::string evaluated_by(UciSession& session, CaptureSink& out) {
  out.clear();
  session.handle_line("eval");
  EXPECT_EQ(count_containing(out, "Final evaluation"), 1u);
  for (const auto& line : out.lines()) {
    const auto at = line.find("from network ");
    if (at == std::string::npos) continue;
    const auto begin = at + std::string("from network ").size();
    return line.substr(begin, line.find(" (", begin) - begin);
  }
  return "";
}

TEST(NnueSession, OptionsAreListedForChess) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("uci");
  EXPECT_EQ(out.count_prefix("option name EvalFile type string default <embedded>"), 1u);
  EXPECT_EQ(out.count_prefix("option name Use NNUE type check default true"), 1u);
  out.clear();
  session.handle_line("setoption name Game value connect4");
  session.handle_line("uci");
  EXPECT_EQ(out.count_prefix("option name EvalFile"), 0u);
}

TEST(NnueSession, BadEvalFileIsRefusedAndTheNetworkStays) {
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
  EXPECT_EQ(evaluated_by(session, out), "<embedded>");
}

TEST(NnueSession, UseNnueAndEvalFileChooseTheEvaluationAndEvalShowsIt) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("position startpos moves e2e4 e7e5 g1f3");
  EXPECT_EQ(evaluated_by(session, out), "<embedded>");
  EXPECT_EQ(count_containing(out, "\nNNUE evaluation: "), 1u);
  session.handle_line("setoption name Use NNUE value false");
  EXPECT_EQ(evaluated_by(session, out), "");
  EXPECT_EQ(count_containing(out, "NNUE evaluation"), 0u);

  // A network file: the built-in network's bytes under another name.
  const std::string path = ::testing::TempDir() + "nnue_session_good.nnue";
  {
    const auto bytes = games::chess::nnue::embedded_network_bytes();
    std::ofstream file(path, std::ios::binary);
    file.write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
  }
  session.handle_line("setoption name EvalFile value " + path);
  session.handle_line("setoption name Use NNUE value true");
  EXPECT_EQ(evaluated_by(session, out), path);
  out.clear();
  session.handle_line("go depth 4");
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("bestmove "), 1u);
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
}

// Each session evaluates as it chose, whatever another chose.
TEST(NnueSession, EachSessionKeepsItsOwnChoice) {
  CaptureSink out_a;
  CaptureSink out_b;
  UciSession a(out_a);
  UciSession b(out_b);
  a.handle_line("setoption name Use NNUE value false");
  EXPECT_EQ(evaluated_by(a, out_a), "");
  EXPECT_EQ(evaluated_by(b, out_b), "<embedded>");
}

// UCI_Elo's scale was calibrated with the hand-written evaluation: a
// strength-limited session plays by it.
TEST(NnueSession, ALimitedStrengthPlaysByHand) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name UCI_LimitStrength value true");
  EXPECT_EQ(evaluated_by(session, out), "");
  session.handle_line("setoption name UCI_LimitStrength value false");
  EXPECT_EQ(evaluated_by(session, out), "<embedded>");
}

// Under brudno serve a client may choose its evaluation but not load a
// file of the server's machine.
TEST(NnueSession, AServersClientCannotLoadAFile) {
  CaptureSink out;
  SessionLimits limits;
  limits.sets_host_options = false;
  UciSession session(out, std::move(limits));
  session.handle_line("setoption name EvalFile value /nonexistent/net.nnue");
  EXPECT_EQ(out.count_prefix("info string error: EvalFile reaches beyond the session onto the "
                             "server's machine"),
            1u);
  session.handle_line("setoption name Use NNUE value false");
  EXPECT_EQ(evaluated_by(session, out), "");
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
}

}  // namespace
}  // namespace brudno::protocol
