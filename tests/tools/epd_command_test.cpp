// `brudno epd`: suites read as written (SAN with its marks, UCI, counters,
// quoted ids), positions searched and counted, bad suites refused by line.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/chess/chess.hpp"
#include "tests/tools/command_run.hpp"
#include "tools/command.hpp"
#include "tools/epd_suite.hpp"

namespace brudno::tools {
namespace {

using games::Chess;

using testing_commands::CommandRun;

std::filesystem::path write_suite(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("brudno-epd-test-" + std::to_string(::getpid()) + "-" + name + ".epd");
  std::ofstream(path) << text;
  return path;
}

CommandRun epd(const Arguments& args) {
  return testing_commands::run_command(run_epd, args);
}

std::string uci(std::optional<Chess::Move> move) {
  return move ? Chess::move_text(*move) : "(none)";
}

TEST(EpdSuite, MovesAreReadInSanWithMarksAndInUci) {
  const auto castling = *Chess::parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(uci(parse_suite_move(castling, "O-O")), "e1g1");
  EXPECT_EQ(uci(parse_suite_move(castling, "0-0-0")), "e1c1");
  EXPECT_EQ(uci(parse_suite_move(castling, "Rad1")), "a1d1");
  EXPECT_EQ(uci(parse_suite_move(castling, "Rxa8+!")), "a1a8");
  EXPECT_EQ(uci(parse_suite_move(castling, "h1h8")), "h1h8");
  const auto promotion = *Chess::parse("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(uci(parse_suite_move(promotion, "e8=Q+")), "e7e8q");
  EXPECT_EQ(uci(parse_suite_move(promotion, "exd8N")), "e7d8n");
  EXPECT_FALSE(parse_suite_move(promotion, "e8"));
  EXPECT_FALSE(parse_suite_move(promotion, "Qd1"));
}

TEST(EpdSuite, LinesKeepTheirIdMovesAndCounters) {
  std::string error;
  const auto entry = parse_epd_line(
      R"(6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 bm Ra8#; id "back; rank"; c0 "comment";)", 7, error);
  ASSERT_TRUE(entry) << error;
  EXPECT_EQ(entry->id, "back; rank");
  ASSERT_EQ(entry->best_moves.size(), 1u);
  EXPECT_EQ(Chess::move_text(entry->best_moves[0]), "a1a8");
  EXPECT_TRUE(entry->avoid_moves.empty());

  const auto unnamed = parse_epd_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - ; am Kf2 + Kg2 !;", 9, error);
  ASSERT_TRUE(unnamed) << error;
  EXPECT_EQ(unnamed->id, "line 9");
  EXPECT_EQ(unnamed->avoid_moves.size(), 2u);

  EXPECT_FALSE(parse_epd_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra9;", 1, error));
  EXPECT_NE(error.find("Ra9"), std::string::npos) << error;
  EXPECT_FALSE(parse_epd_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - id \"x\";", 1, error));
  EXPECT_NE(error.find("no bm or am"), std::string::npos) << error;
  EXPECT_FALSE(parse_epd_line("6k1/5ppp/8/8 w - - bm Ra8;", 1, error));
  EXPECT_NE(error.find("bad FEN"), std::string::npos) << error;
}

TEST(EpdCommand, SolvesWhatASearchFindsAndCountsWhatItMisses) {
  const auto suite = write_suite("count",
                                 "# a comment line\n"
                                 "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate\";\n"
                                 "4k3/8/4p3/3p4/8/8/8/3QK3 w - - am Qxd5; id \"poisoned\";\n"
                                 "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 bm a1a8; id \"uci\";\n"
                                 "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Kf2; id \"wrong\";\n");
  const auto run = epd({suite.string(), "--depth", "4"});
  std::filesystem::remove(suite);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("solved mate: bm Ra8#; played Ra8#"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("solved poisoned: am Qxd5"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("solved uci:"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("missed wrong: bm Kf2; played Ra8#"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\nsolved 3/4\n"), std::string::npos) << run.out;
}

TEST(EpdCommand, ABadLineIsNamedBeforeAnySearch) {
  const auto suite = write_suite("bad",
                                 "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#;\n"
                                 "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Qh7;\n");
  const auto run = epd({suite.string(), "--depth", "2"});
  std::filesystem::remove(suite);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(run.out.empty()) << run.out;
  EXPECT_NE(run.err.find(":2: bm move 'Qh7' is not legal"), std::string::npos) << run.err;
}

TEST(EpdCommand, BadArgumentsExitTwo) {
  EXPECT_EQ(epd({}).status, 2);
  EXPECT_EQ(epd({"/nonexistent/suite.epd"}).status, 2);
  EXPECT_EQ(epd({"x.epd", "--movetime", "-5"}).status, 2);
  EXPECT_EQ(epd({"x.epd", "--movetime", "10", "--depth", "3"}).status, 2);
  const auto empty = write_suite("empty", "\n# nothing\n");
  const auto run = epd({empty.string()});
  std::filesystem::remove(empty);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("holds no position"), std::string::npos) << run.err;
  EXPECT_EQ(epd({"--help"}).status, 0);
}

}  // namespace
}  // namespace brudno::tools
