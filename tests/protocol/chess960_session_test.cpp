// UCI_Chess960 in a session: listed for chess only, positions read in the
// mode it sets, castling written and read as the king taking its rook.

#include <gtest/gtest.h>

#include <string>

#include "games/chess/chess.hpp"
#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "protocol/protocol_traits.hpp"
#include "protocol/uci_session.hpp"
#include "tests/protocol/capture_sink.hpp"

namespace brudno::protocol {
namespace {

using testing::CaptureSink;

constexpr const char* kOption = "option name UCI_Chess960 type check default false";

// The protocol reads its hooks off a game's functions (protocol_traits.hpp):
// chess has all four, and a hook its functions no longer matched would
// leave the session without it (chess's perft would count its last ply
// one move at a time, its FEN faults go unexplained) with nothing else
// failing.
TEST(ProtocolTraits, ChessHasEveryTextHookAndTheOtherGamesNone) {
  using Chess = ProtocolTraits<games::Chess>;
  EXPECT_TRUE(Chess::kExplainsBadPositions);
  EXPECT_TRUE(Chess::kChess960);
  EXPECT_TRUE(Chess::kWritesMovesFromPosition);
  EXPECT_TRUE(Chess::kOwnPerft);
  using ConnectFour = ProtocolTraits<games::ConnectFour>;
  EXPECT_FALSE(ConnectFour::kChess960 || ConnectFour::kOwnPerft ||
               ConnectFour::kWritesMovesFromPosition);
  using TicTacToe = ProtocolTraits<games::TicTacToe>;
  EXPECT_FALSE(TicTacToe::kChess960 || TicTacToe::kOwnPerft || TicTacToe::kWritesMovesFromPosition);
}

TEST(Chess960Session, ListedForChessOnly) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("uci");
  EXPECT_EQ(out.count_prefix(kOption), 1u);
  for (const char* game : {"tictactoe", "connect4", "2048", "8puzzle"}) {
    out.clear();
    session.handle_line(std::string("setoption name Game value ") + game);
    session.handle_line("uci");
    EXPECT_EQ(out.count_prefix("option name UCI_Chess960"), 0u) << game;
    session.handle_line("setoption name UCI_Chess960 value true");
    EXPECT_EQ(out.count_prefix("info string error: unknown option 'UCI_Chess960'"), 1u) << game;
  }
}

TEST(Chess960Session, CastlingIsTheKingTakingItsRook) {
  CaptureSink out;
  UciSession session(out);
  const std::string fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  // Standard mode cannot hold this position, and says what would.
  session.handle_line("position fen " + fen);
  ASSERT_EQ(out.count_prefix("info string error: bad chess position"), 1u);
  EXPECT_NE(out.lines().back().find("UCI_Chess960"), std::string::npos) << out.lines().back();

  out.clear();
  session.handle_line("setoption name UCI_Chess960 value true");
  session.handle_line("position fen " + fen);
  session.handle_line("go perft 1");
  // The king on g1 castles short with the h1 rook without moving: g1h1
  // (Stockfish 15.1 lists the same 24 moves).
  session.handle_line("position fen 1r4k1/8/8/8/8/8/8/1R4KR w H - 0 1");
  session.handle_line("go perft 1");
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("info string error"), 0u) << out.lines().front();
  EXPECT_EQ(out.count_prefix("Nodes searched: 21"), 1u);
  EXPECT_EQ(out.count_prefix("g1h1: 1"), 1u);
  EXPECT_EQ(out.count_prefix("Nodes searched: 24"), 1u);
}

TEST(Chess960Session, MovesAndBestmoveInEachMode) {
  const std::string opening = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 ";
  {
    CaptureSink out;
    UciSession session(out);
    session.handle_line(opening + "e1h1");
    EXPECT_EQ(out.count_prefix("info string error: illegal move 'e1h1'"), 1u);
    session.handle_line(opening + "e1g1");
    session.handle_line("go depth 1 searchmoves d7d6");
    session.end_of_input();
    EXPECT_EQ(out.lines().back(), "bestmove d7d6");
    out.clear();
  }
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name UCI_Chess960 value TRUE");
  session.handle_line(opening + "e1g1");
  EXPECT_EQ(out.count_prefix("info string error: illegal move 'e1g1'"), 1u);
  out.clear();
  session.handle_line(opening);
  session.handle_line("go depth 2 searchmoves e1h1");
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
  EXPECT_EQ(out.lines().back().rfind("bestmove e1h1", 0), 0u) << out.lines().back();
  bool pv_castles = false;
  for (const auto& line : out.lines()) pv_castles |= line.find(" pv e1h1") != std::string::npos;
  EXPECT_TRUE(pv_castles);
}

TEST(Chess960Session, DisplayAndBadValues) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name UCI_Chess960 value maybe");
  EXPECT_EQ(out.count_prefix("info string error: UCI_Chess960 is true or false"), 1u);
  session.handle_line("setoption name UCI_Chess960 value true");
  session.handle_line("position startpos");
  session.handle_line("d");
  EXPECT_NE(out.lines().back().find("RNBQKBNR w HAha - 0 1"), std::string::npos)
      << out.lines().back();
  // Off again: the same position, its FEN in KQkq.
  session.handle_line("setoption name UCI_Chess960 value false");
  session.handle_line("d");
  EXPECT_NE(out.lines().back().find("RNBQKBNR w KQkq - 0 1"), std::string::npos)
      << out.lines().back();
}

}  // namespace
}  // namespace brudno::protocol
