// What chess GUIs and match harnesses trip over: bad positions, clocks that
// do not apply to the side to move, MultiPV order, tiny node limits, finished
// games at the root, and the option list against docs/protocol.md.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/game_session.hpp"
#include "protocol/tokens.hpp"
#include "protocol/uci_session.hpp"
#include "tests/protocol/capture_sink.hpp"

namespace brudno::protocol {
namespace {

using testing::CaptureSink;

bool starts_with(const std::string& text, std::string_view prefix) {
  return text.rfind(prefix, 0) == 0;
}

// The word after `key` in an info line, or "".
std::string word_after(const std::string& line, std::string_view key) {
  const auto words = split_words(line);
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    if (words[i] == key) return std::string(words[i + 1]);
  }
  return {};
}

TEST(GuiQuirks, AFailedPositionIsNeverSearched) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("position fen 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");  // black in check
  session.handle_line("go depth 5");
  ASSERT_TRUE(out.wait_for("bestmove"));
  const auto lines = out.lines();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_TRUE(starts_with(lines[0], "info string error: bad chess position"));
  EXPECT_EQ(lines[1],
            "info string error: no valid position: the last position command failed; "
            "send a position first");
  EXPECT_EQ(lines[2], "bestmove (none)");
  // An illegal move fails the command as a whole, the same way.
  out.clear();
  session.handle_line("position startpos moves e2e4 e2e4");
  session.handle_line("go depth 1");
  ASSERT_TRUE(out.wait_for("bestmove"));
  EXPECT_EQ(out.lines().back(), "bestmove (none)");
  EXPECT_EQ(out.count_prefix("info string error: no valid position"), 1u);
  // Until a good position comes.
  out.clear();
  session.handle_line("position fen r1b3kr/3pR1p1/ppq4p/5P2/4Q3/B7/P5PP/5RK1 w - - 1 0");
  session.handle_line("go depth 5");
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
  const std::string best = out.lines().back();
  ASSERT_TRUE(starts_with(best, "bestmove "));
  // The move is one of this position's, not the start position's b1c3.
  session.handle_line("position fen r1b3kr/3pR1p1/ppq4p/5P2/4Q3/B7/P5PP/5RK1 w - - 1 0 moves " +
                      word_after(best, "bestmove"));
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
}

TEST(GuiQuirks, FenFaultsAreNamedOverUci) {
  const std::pair<const char*, const char*> faults[] = {
      {"8/8/8/8/8/8/8/8 w - - 0 1", "white has no king"},
      {"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "white has 2 kings"},
      {"4k3/8/8/8/8/8/8/4K2P w - - 0 1", "a pawn on the first or last rank (h1)"},
      {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "the side not to move (black) is in check"},
      {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K' needs the white king on e1"},
      {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en-passant square e6"},
      {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove clock 'x'"},
      {"4k3/8/8/8/8/8/8/4K3", "a FEN has 6 fields"},
  };
  for (const auto& [fen, reason] : faults) {
    CaptureSink out;
    UciSession session(out);
    session.handle_line(std::string("position fen ") + fen);
    ASSERT_EQ(out.lines().size(), 1u) << fen;
    const std::string line = out.lines().front();
    EXPECT_TRUE(starts_with(line, "info string error: bad chess position '")) << line;
    EXPECT_NE(line.find(std::string("': ") + reason), std::string::npos) << line;
  }
}

// The clock of the side to move missing or unreadable, with the other's
// given: a short search that ends by itself, never one only stop ends.
TEST(GuiQuirks, AMissingClockForTheMoverStillEnds) {
  for (const char* go : {"go wtime 1000.5 btime 1000 winc 10 binc 10", "go wtime abc btime 1000",
                         "go btime 1000 binc 10"}) {
    CaptureSink out;
    UciSession session(out);
    session.handle_line("position startpos");
    session.handle_line(go);
    EXPECT_TRUE(out.wait_for("bestmove ", 1, std::chrono::seconds(20))) << go;
    EXPECT_EQ(out.count_prefix("info string warning: no valid wtime for the side to move"), 1u)
        << go;
    session.handle_line("stop");
    session.end_of_input();
  }
  // With black to move, black's clock is the one that counts.
  CaptureSink out;
  UciSession session(out);
  session.handle_line("position startpos moves e2e4");
  session.handle_line("go wtime 1000 winc 10");
  EXPECT_TRUE(out.wait_for("bestmove ", 1, std::chrono::seconds(20)));
  EXPECT_EQ(out.count_prefix("info string warning: no valid btime"), 1u);
  session.end_of_input();
}

// Every iteration's MultiPV lines best first, and bestmove the first line's.
TEST(GuiQuirks, MultiPvLinesAreBestFirst) {
  const char* positions[] = {
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  };
  for (const char* fen : positions) {
    CaptureSink out;
    UciSession session(out);
    session.handle_line("setoption name MultiPV value 3");
    session.handle_line(std::string("position fen ") + fen);
    session.handle_line("go depth 6");
    session.end_of_input();
    std::map<int, std::vector<std::pair<int, std::string>>> by_depth;  // (score, first move)
    for (const auto& line : out.lines()) {
      if (!starts_with(line, "info depth") || word_after(line, "multipv").empty()) continue;
      const std::string type = word_after(line, "score");
      ASSERT_EQ(type, "cp") << line;  // no mate in these positions at depth 6
      by_depth[std::stoi(word_after(line, "depth"))].emplace_back(std::stoi(word_after(line, "cp")),
                                                                  word_after(line, "pv"));
      EXPECT_EQ(std::stoi(word_after(line, "multipv")),
                static_cast<int>(by_depth[std::stoi(word_after(line, "depth"))].size()))
          << line;
    }
    ASSERT_EQ(by_depth.size(), 6u) << fen;
    for (const auto& [depth, lines] : by_depth) {
      EXPECT_EQ(lines.size(), 3u) << fen << " depth " << depth;
      for (std::size_t k = 1; k < lines.size(); ++k) {
        EXPECT_GE(lines[k - 1].first, lines[k].first) << fen << " depth " << depth;
      }
    }
    EXPECT_EQ(word_after(out.lines().back(), "bestmove"), by_depth.rbegin()->second.front().second)
        << fen;
  }
}

TEST(GuiQuirks, ATinyNodeLimitStillSearchesDepthOne) {
  // The black queen hangs to the knight: a2a3, the first legal move, is not
  // what a searched depth 1 plays.
  constexpr const char* kFen = "rnb1kbnr/pppp1ppp/8/4p3/3qP3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1";
  for (const char* go : {"go nodes 1", "go nodes 20"}) {
    CaptureSink out;
    UciSession session(out);
    session.handle_line(std::string("position fen ") + kFen);
    session.handle_line(go);
    session.end_of_input();
    EXPECT_EQ(out.count_prefix("info depth 1 "), 1u) << go;
    EXPECT_EQ(out.lines().back().rfind("bestmove f3d4", 0), 0u) << go << ": " << out.lines().back();
  }
  CaptureSink out;
  UciSession session(out);
  session.handle_line(std::string("position fen ") + kFen);
  session.handle_line("go nodes 0");
  session.end_of_input();
  EXPECT_EQ(out.count_prefix("info string error: go nodes must be at least 1, got '0'"), 1u);
  EXPECT_EQ(out.count_prefix("bestmove f3d4"), 1u);
}

TEST(GuiQuirks, AnUpperCasePromotionIsLegal) {
  CaptureSink out;
  UciSession session(out);
  session.handle_line("position fen 8/P3k3/8/8/8/8/8/4K3 w - - 0 1 moves a7a8Q");
  EXPECT_TRUE(out.lines().empty()) << out.lines().front();
  session.handle_line("d");
  EXPECT_NE(out.lines().back().find("Q7/4k3/8/8/8/8/8/4K3 b - - 0 1"), std::string::npos);
}

TEST(GuiQuirks, AFinishedGameAtTheRootIsScored) {
  const std::pair<const char*, const char*> finished[] = {
      {"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 seldepth 0 multipv 1 score mate 0 "},
      {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 seldepth 0 multipv 1 score cp 0 "},
  };
  for (const auto& [fen, info] : finished) {
    CaptureSink out;
    UciSession session(out);
    session.handle_line(std::string("position fen ") + fen);
    session.handle_line("go depth 5");
    session.end_of_input();
    const auto lines = out.lines();
    ASSERT_EQ(lines.size(), 2u) << fen;
    EXPECT_TRUE(starts_with(lines[0], info)) << lines[0];
    // No principal line, so no `pv` word for a GUI to read moves after.
    EXPECT_EQ(lines[0].find(" pv"), std::string::npos) << lines[0];
    EXPECT_EQ(lines[1], "bestmove (none)");
  }
}

// docs/protocol.md's option table, one row per option: its name and the
// games it applies to ("all", or names).
std::map<std::string, std::set<std::string>> documented_options() {
  std::ifstream file(BRUDNO_DOCS "/protocol.md");
  std::map<std::string, std::set<std::string>> options;
  std::string line;
  bool in_table = false;
  while (std::getline(file, line)) {
    if (line == "### Options") {
      in_table = true;
      continue;
    }
    if (!in_table) continue;
    if (starts_with(line, "#")) break;
    if (!starts_with(line, "| `")) continue;
    const auto name_end = line.find('`', 3);
    const std::string name = line.substr(3, name_end - 3);
    const auto games_start = line.find('|', name_end) + 1;
    const auto games_end = line.find('|', games_start);
    std::set<std::string>& games = options[name];
    const std::string cell = line.substr(games_start, games_end - games_start);
    for (const auto word : split_words(cell)) {
      std::string game(word);
      std::erase(game, '`');
      std::erase(game, ',');
      if (!game.empty()) games.insert(game);
    }
  }
  return options;
}

TEST(GuiQuirks, TheOptionTableInTheDocsIsWhatUciLists) {
  const auto documented = documented_options();
  ASSERT_GE(documented.size(), 9u) << "no option table read from " BRUDNO_DOCS "/protocol.md";
  for (const auto game : game_names()) {
    CaptureSink out;
    UciSession session(out);
    session.handle_line("setoption name Game value " + std::string(game));
    session.handle_line("uci");
    std::set<std::string> listed;
    for (const auto& line : out.lines()) {
      if (!starts_with(line, "option name ")) continue;
      listed.insert(line.substr(12, line.find(" type ") - 12));
    }
    std::set<std::string> expected;
    for (const auto& [name, games] : documented) {
      if (games.contains("all") || games.contains(std::string(game))) expected.insert(name);
    }
    EXPECT_EQ(listed, expected) << "game " << game;
    // Each listed option is one the session takes.
    const auto options = out.lines();
    for (const auto& line : options) {
      if (!starts_with(line, "option name ") || line.find(" type button") != std::string::npos)
        continue;
      const std::string name = line.substr(12, line.find(" type ") - 12);
      if (name == "Game") continue;  // setting it would start another game
      const auto default_at = line.find(" default ");
      if (default_at == std::string::npos) continue;
      const auto value_end = line.find(' ', default_at + 9);
      const std::string value = line.substr(default_at + 9, value_end - default_at - 9);
      out.clear();
      session.handle_line("setoption name " + name + " value " + value);
      session.handle_line("isready");
      ASSERT_TRUE(out.wait_for("readyok"));
      EXPECT_EQ(out.count_prefix("info string error"), 0u) << game << ": " << name;
    }
  }
}

}  // namespace
}  // namespace brudno::protocol
