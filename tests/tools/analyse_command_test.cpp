// `brudno analyse`: every position of an EPD file or of a PGN file's games
// written back as EPD whose analysis checks out against the rules: the best
// move and every move of the line are legal, a mate announced is a mate on
// the board, and the file reads back as EPD with its positions and ids.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "tests/tools/command_run.hpp"
#include "tools/command.hpp"
#include "tools/epd_suite.hpp"

namespace brudno::tools {
namespace {

using games::Chess;
using testing_commands::CommandRun;

std::filesystem::path temp_path(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("brudno-analyse-test-" + std::to_string(::getpid()) + "-" + name);
}

std::filesystem::path write_file(const std::string& name, const std::string& text) {
  const auto path = temp_path(name);
  std::ofstream(path) << text;
  return path;
}

std::vector<std::string> lines_of(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

CommandRun analyse(const Arguments& args) {
  return testing_commands::run_command(run_analyse, args);
}

// The operand of `opcode` in an EPD line ("" when it is absent).
std::string operand(const std::string& line, const std::string& opcode) {
  const auto start = line.find(' ' + opcode + ' ');
  if (start == std::string::npos) return "";
  const auto from = start + opcode.size() + 2;
  return line.substr(from, line.find(';', from) - from);
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

std::string fen_fields(const std::string& line) {
  const auto fields = words(line);
  return fields[0] + ' ' + fields[1] + ' ' + fields[2] + ' ' + fields[3];
}

// Checks what the rules can check of one analysed line: it reads back as
// EPD, `bm` is the line's first move, every move of `pv` is legal in turn.
// Returns the position after `bm`.
Chess check_line(const std::string& line, const Chess& position) {
  std::string error;
  const auto entry = parse_epd_position(line, 1, error);
  EXPECT_TRUE(entry) << error << " in: " << line;
  if (!entry) return position;
  EXPECT_EQ(fen_fields(entry->position.to_text()), fen_fields(position.to_text())) << line;
  EXPECT_EQ(entry->best_moves.size(), 1u) << line;
  const auto pv = words(operand(line, "pv"));
  EXPECT_FALSE(pv.empty()) << line;
  if (pv.empty() || entry->best_moves.empty()) return position;
  EXPECT_EQ(pv.front(), operand(line, "bm")) << line;
  Chess played = position;
  for (const auto& move_text : pv) {
    const auto move = parse_suite_move(played, move_text);
    EXPECT_TRUE(move) << move_text << " is not legal in the line: " << line;
    if (!move) break;
    played.play(*move);
  }
  Chess after = position;
  after.play(entry->best_moves.front());
  return after;
}

bool is_checkmate(const Chess& position) {
  Chess::MoveList moves;
  position.legal_moves(moves);
  return moves.empty() && position.in_check();
}

TEST(AnalyseCommand, EveryEpdPositionIsWrittenWithItsAnalysis) {
  const std::vector<std::string> fens = {
      "6k1/5ppp/8/8/8/8/8/R5K1 w - -",  // mate in one on the back rank
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
      "k7/8/8/8/8/8/8/KQ6 b - -",  // Black, to move, a queen down
  };
  const auto input = write_file("three.epd", fens[0] + " bm Ra8#; id \"back rank\";\n" + fens[1] +
                                                 "\n" + fens[2] + " id \"queen down\";\n");
  const auto output = temp_path("three-out.epd");
  const auto run = analyse({input.string(), "--depth", "4", "--out", output.string()});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "");  // the EPD went to the file
  EXPECT_NE(run.err.find("progress: 3/3 done"), std::string::npos) << run.err;

  const auto lines = lines_of(output);
  ASSERT_EQ(lines.size(), 3u);
  const std::vector<std::string> ids = {"\"back rank\"", "\"line 2\"", "\"queen down\""};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    SCOPED_TRACE(lines[i]);
    EXPECT_EQ(fen_fields(lines[i]), fens[i]);
    // The depth asked for, or less where a mate ended the search sooner.
    EXPECT_EQ(operand(lines[i], "acd"), i == 0 ? "1" : "4");
    EXPECT_GT(std::stoll(operand(lines[i], "acn")), 0);
    EXPECT_EQ(operand(lines[i], "id"), ids[i]);
    check_line(lines[i], *Chess::parse(fens[i] + " 0 1"));
  }
  // The mate, as EPD writes it and as the board has it.
  EXPECT_EQ(operand(lines[0], "dm"), "1");
  EXPECT_EQ(operand(lines[0], "ce"), "32766");
  EXPECT_TRUE(is_checkmate(check_line(lines[0], *Chess::parse(fens[0] + " 0 1"))));
  // The score is the side to move's.
  EXPECT_LT(std::stoi(operand(lines[2], "ce")), -500);
  EXPECT_EQ(operand(lines[2], "dm"), "");

  // At a fixed depth the analysis is the same every time.
  const auto again_path = temp_path("three-again.epd");
  ASSERT_EQ(analyse({input.string(), "--depth", "4", "--out", again_path.string()}).status, 0);
  EXPECT_EQ(lines_of(again_path), lines);
  // Without --out the EPD goes to standard output.
  const auto to_stdout = analyse({input.string(), "--depth", "4"});
  ASSERT_EQ(to_stdout.status, 0) << to_stdout.err;
  std::string expected;
  for (const auto& line : lines) expected += line + '\n';
  EXPECT_EQ(to_stdout.out, expected);
  for (const auto& path : {input, output, again_path}) std::filesystem::remove(path);
}

TEST(AnalyseCommand, EveryPositionOfEveryGameIsAnalysedButAFinalMate) {
  const auto input = write_file("games.pgn",
                                "[Event \"fool's mate\"]\n[Result \"0-1\"]\n\n"
                                "1. f3 e5 2. g4 Qh4# 0-1\n\n"
                                "[Event \"one move\"]\n[Result \"*\"]\n\n1. e4 *\n");
  const auto output = temp_path("games-out.epd");
  const auto run = analyse({input.string(), "--depth", "3", "--out", output.string()});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto lines = lines_of(output);
  // Four positions of the first game (the mate at its end has no move), two
  // of the second.
  ASSERT_EQ(lines.size(), 6u);
  const std::vector<std::string> ids = {"game 1 ply 0", "game 1 ply 1", "game 1 ply 2",
                                        "game 1 ply 3", "game 2 ply 0", "game 2 ply 1"};
  Chess position = *Chess::parse(Chess::kStartFen);
  const std::vector<std::string> first_game = {"f3", "e5", "g4"};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    SCOPED_TRACE(lines[i]);
    EXPECT_EQ(operand(lines[i], "id"), '"' + ids[i] + '"');
    if (i == 4) position = *Chess::parse(Chess::kStartFen);
    EXPECT_EQ(fen_fields(lines[i]), fen_fields(position.to_text()));
    const Chess after_best = check_line(lines[i], position);
    if (i == 3) {
      EXPECT_EQ(operand(lines[i], "dm"), "1");
      EXPECT_TRUE(is_checkmate(after_best));
    }
    if (i < 3) position.play(*parse_suite_move(position, first_game[i]));
    if (i == 4) position.play(*parse_suite_move(position, "e4"));
  }
  std::filesystem::remove(input);
  std::filesystem::remove(output);
}

TEST(AnalyseCommand, BadRequestsAreRefusedWithTheirReason) {
  const auto good = write_file("good.epd", "6k1/5ppp/8/8/8/8/8/R5K1 w - -\n");
  const auto both = analyse({good.string(), "--depth", "3", "--movetime", "10"});
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.err.find("not both"), std::string::npos) << both.err;

  const auto unwritable = analyse({good.string(), "--depth", "1", "--out", "/nonexistent/x.epd"});
  EXPECT_EQ(unwritable.status, 2);
  EXPECT_NE(unwritable.err.find("cannot write /nonexistent/x.epd"), std::string::npos)
      << unwritable.err;

  const auto bad = write_file("bad.epd", "6k1/5ppp/8/8/8/8/8/R5K1 w - -\n8/8/8 w - -\n");
  const auto bad_run = analyse({bad.string(), "--depth", "1"});
  EXPECT_EQ(bad_run.status, 2);
  EXPECT_NE(bad_run.err.find(":2: "), std::string::npos) << bad_run.err;
  EXPECT_EQ(bad_run.out, "");  // nothing is analysed before the whole file is read

  const auto empty = write_file("empty.pgn", "");
  const auto empty_run = analyse({empty.string(), "--depth", "1"});
  EXPECT_EQ(empty_run.status, 2);
  EXPECT_NE(empty_run.err.find("holds no position"), std::string::npos) << empty_run.err;

  const auto missing = analyse({temp_path("missing.epd").string(), "--depth", "1"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
  for (const auto& path : {good, bad, empty}) std::filesystem::remove(path);
}

}  // namespace
}  // namespace brudno::tools
