// `go mate N` in chess: the exact mate search in the session, its keys with
// MultiPV, `no mate in N`, stop, and the `proof` that follows it.

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "engine/proof_checker.hpp"
#include "games/chess/chess.hpp"
#include "protocol/proof_json.hpp"
#include "protocol/uci_session.hpp"
#include "tests/protocol/capture_sink.hpp"

namespace brudno::protocol {
namespace {

using testing::CaptureSink;

// Mate in 2 by c6b6, g1b1 or g1g7 (Stockfish 15.1 agrees: mate 2).
constexpr const char* kQueenMateIn2 = "k7/8/2K5/8/8/8/8/6Q1 w - - 0 1";

bool is_key(const std::string& line) {
  return line == "bestmove c6b6 ponder a8b8" || line.starts_with("bestmove g1b1") ||
         line.starts_with("bestmove g1g7");
}

TEST(ChessMateSession, GoMateAnswersTheMateAndProofProvesIt) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line(std::string("position fen ") + kQueenMateIn2);
    session.handle_line("go mate 3");
    session.handle_line("proof");
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("info depth 3 seldepth 3 multipv 1 score mate 2 "), 1u);
  ASSERT_EQ(out.count_prefix("bestmove "), 1u);
  std::string proof_line;
  for (const auto& line : out.lines()) {
    if (line.starts_with("bestmove ")) {
      EXPECT_TRUE(is_key(line)) << line;
    }
    if (line.starts_with("proof ")) proof_line = line.substr(6);
  }
  ASSERT_FALSE(proof_line.empty());
  auto read = read_proof_document(proof_line);
  ASSERT_TRUE(std::holds_alternative<ProofDocument>(read)) << std::get<std::string>(read);
  const auto& document = std::get<ProofDocument>(read);
  EXPECT_EQ(document.game, "chess");
  ASSERT_EQ(document.proofs.size(), 1u);
  EXPECT_EQ(document.value, engine::win_in(3));
  EXPECT_EQ(engine::check_proof(*games::Chess::parse(kQueenMateIn2), document.proofs[0]),
            std::nullopt);
}

TEST(ChessMateSession, MultiPvListsEveryKey) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("setoption name MultiPV value 10");
    session.handle_line(std::string("position fen ") + kQueenMateIn2);
    session.handle_line("go mate 2");
    session.handle_line("proof");
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("info depth 3 seldepth 3 multipv "), 3u);
  EXPECT_EQ(out.count_prefix("info depth 3 seldepth 3 multipv 3 score mate 2 "), 1u);
  EXPECT_EQ(out.count_prefix("bestmove "), 1u);
  EXPECT_EQ(out.count_prefix("info string proof at least 999999997 (mate 2)"), 3u);
}

TEST(ChessMateSession, NoMateSaysSoAndTheNormalSearchMoves) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line(std::string("position fen ") + kQueenMateIn2);
    session.handle_line("go mate 1");
    session.handle_line("proof");
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("info string no mate in 1"), 1u);
  EXPECT_EQ(out.count_prefix("bestmove "), 1u);
  EXPECT_EQ(out.count_prefix("bestmove (none)"), 0u);
  EXPECT_EQ(out.count_prefix("info string error: no mate in 1"), 1u);
}

TEST(ChessMateSession, StopEndsTheMateSearchWithOneBestmove) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("position startpos");
    session.handle_line("go mate 8");  // a disproof far beyond the test's time
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    session.handle_line("stop");
    EXPECT_TRUE(out.wait_for("bestmove", 1, std::chrono::seconds(20)));
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("info string mate search stopped"), 1u);
  EXPECT_EQ(out.count_prefix("bestmove "), 1u);
  EXPECT_EQ(out.count_prefix("bestmove (none)"), 0u);
}

// A mate in 8 (mates.epd) that df-pn proves in a fraction of a second,
// while showing that none is shorter takes it many seconds: stopped in
// between, the answer is the mate proved.
TEST(ChessMateSession, StoppedWhileRulingOutAShorterMateAnswersTheMateProved) {
  CaptureSink out;
  {
    UciSession session(out);
    session.handle_line("position fen r3k2r/1pqb1ppp/p7/3Bp3/8/4b1PP/PPP4K/3R3R b kq - 1 21");
    session.handle_line("go mate 8");
    ASSERT_TRUE(out.wait_for("info string mate within 8 proved", 1, std::chrono::seconds(120)));
    session.handle_line("stop");
    EXPECT_TRUE(out.wait_for("bestmove", 1, std::chrono::seconds(20)));
    session.end_of_input();
  }
  EXPECT_EQ(out.count_prefix("info depth 15 score mate 8 "), 1u);
  EXPECT_EQ(out.count_prefix("info string stopped before a shorter mate than 8"), 1u);
  std::string first_move;
  for (const auto& line : out.lines()) {
    if (line.starts_with("info depth 15 score mate 8 "))
      first_move = line.substr(line.rfind(' ') + 1);
  }
  ASSERT_EQ(out.count_prefix("bestmove "), 1u);
  EXPECT_EQ(out.count_prefix("bestmove " + first_move), 1u) << first_move;
}

}  // namespace
}  // namespace brudno::protocol
