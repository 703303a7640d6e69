// UCI_LimitStrength and UCI_Elo over UCI: a strong setting keeps its queen,
// the weakest varies its moves, every `go` still gets one legal bestmove and
// the client sees only the lines it asked for.

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "games/chess/chess.hpp"
#include "games/chess/strength.hpp"
#include "protocol/tokens.hpp"
#include "protocol/uci_session.hpp"
#include "tests/protocol/capture_sink.hpp"

namespace brudno::protocol {
namespace {

using testing::CaptureSink;

std::string bestmove_of(CaptureSink& out) {
  const std::string last = out.lines().back();
  const auto words = split_words(last);
  return words.size() >= 2 && words[0] == "bestmove" ? std::string(words[1]) : std::string{};
}

std::string search_once(UciSession& session, CaptureSink& out, const std::string& position,
                        const std::string& go) {
  out.clear();
  session.handle_line(position);
  session.handle_line(go);
  EXPECT_TRUE(out.wait_for("bestmove"));
  return bestmove_of(out);
}

TEST(StrengthLimitSession, TheLevelRisesWithTheEloAcrossTheOptionsRange) {
  using namespace games::chess;
  double previous = level_for_elo(kLimitedEloMin);
  EXPECT_GT(previous, 0.0);
  for (int elo = kLimitedEloMin + 10; elo <= kLimitedEloMax; elo += 10) {
    EXPECT_GT(level_for_elo(elo), previous) << elo;
    previous = level_for_elo(elo);
  }
  EXPECT_LE(previous, 20.0);
}

TEST(StrengthLimitSession, OptionsAreCheckedAndListed) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("uci");
  EXPECT_EQ(out.count_prefix("option name UCI_LimitStrength type check default false"), 1u);
  EXPECT_EQ(out.count_prefix("option name UCI_Elo type spin default 1350 min 1350 max "), 1u);
  out.clear();
  session.handle_line("setoption name UCI_Elo value 900");
  session.handle_line("setoption name UCI_LimitStrength value maybe");
  EXPECT_EQ(out.count_prefix("info string error: UCI_Elo must be an integer from 1350 to "), 1u);
  EXPECT_EQ(out.count_prefix("info string error: UCI_LimitStrength must be true or false"), 1u);
  // Not a chess option in another game.
  out.clear();
  session.handle_line("setoption name Game value connect4");
  session.handle_line("setoption name UCI_LimitStrength value true");
  EXPECT_EQ(out.count_prefix("info string error: unknown option 'UCI_LimitStrength'"), 1u);
}

TEST(StrengthLimitSession, AStrongSettingNeverLeavesItsQueenEnPrise) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name UCI_LimitStrength value true");
  session.handle_line("setoption name UCI_Elo value 1950");
  EXPECT_TRUE(out.lines().empty());
  // The white queen on d4 is attacked by the e5 pawn: every move but a queen
  // move loses it.
  const std::string position =
      "position fen rnbqkbnr/pppp1ppp/8/4p3/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq - 0 3";
  for (int trial = 0; trial < 12; ++trial) {
    const std::string move = search_once(session, out, position, "go depth 6");
    ASSERT_EQ(move.substr(0, 2), "d4") << "trial " << trial << " played " << move;
    // The client asked for one line: it sees one per iteration.
    EXPECT_EQ(out.count_prefix("info depth 1 "), 1u);
  }
}

TEST(StrengthLimitSession, TheWeakestSettingVariesItsMovesAndPlaysLegally) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name UCI_LimitStrength value true");
  session.handle_line("setoption name UCI_Elo value 1350");
  std::set<std::string> moves;
  for (int trial = 0; trial < 24; ++trial) {
    const std::string move =
        search_once(session, out, "position startpos", "go wtime 2000 btime 2000");
    ASSERT_TRUE(games::Chess::start_position().parse_move(move)) << move;
    moves.insert(move);
  }
  EXPECT_GT(moves.size(), 1u);
  // The weakest setting searches a few plies, whatever depth is asked; off,
  // the depth asked is searched. Each iteration's line is counted, not the
  // `currmove` lines that a search past a second adds (the debug preset's).
  search_once(session, out, "position startpos", "go depth 9");
  EXPECT_EQ(out.count_prefix("info depth 1 seldepth "), 1u);
  EXPECT_EQ(out.count_prefix("info depth 9 "), 0u);
  session.handle_line("setoption name UCI_LimitStrength value false");
  search_once(session, out, "position startpos", "go depth 9");
  EXPECT_EQ(out.count_prefix("info depth 9 seldepth "), 1u);
}

}  // namespace
}  // namespace brudno::protocol
