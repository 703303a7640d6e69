// `brudno solve`: answers, summaries, checks against expected lengths, and
// a clear message with exit status 2 for every kind of bad input.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/tools/command_run.hpp"
#include "tools/command.hpp"

namespace brudno::tools {
namespace {

const std::string kPuzzles = std::string(BRUDNO_SHARED_DATA) + "/puzzles/";

using testing_commands::CommandRun;

// The pattern database cache of this test process: CTest runs the tests of
// this file as processes of their own, side by side.
std::filesystem::path cache_directory() {
  return std::filesystem::temp_directory_path() /
         ("brudno-solve-test-cache-" + std::to_string(::getpid()));
}

CommandRun solve(Arguments args) {
  args.insert(args.begin(), "--cache-dir");
  args.insert(args.begin() + 1, cache_directory().string());
  return testing_commands::run_command(run_solve, args);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class SolveCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kPuzzles + "romania.txt"))
      GTEST_SKIP() << "no puzzle data in " << kPuzzles;
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(std::filesystem::temp_directory_path() / "brudno-solve-test-cache");
  }
  // A file of instances in the test's temporary directory.
  static std::string instances_file(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / name;
    std::ofstream(path) << text;
    return path.string();
  }
};

TEST_F(SolveCommand, RomaniaByEachStrategy) {
  const std::string map = kPuzzles + "romania.txt";
  auto run = solve({"romania", "--map", map});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest\ncost 418 km"))
      << run.out;
  run = solve({"romania", "--map", map, "--algorithm", "greedy"});
  EXPECT_TRUE(contains(run.out, "Arad Sibiu Fagaras Bucharest\ncost 450 km")) << run.out;
  run = solve({"romania", "--map", map, "--from", "Timisoara", "--to", "Iasi", "-a", "ucs"});
  EXPECT_EQ(run.status, 0) << run.err;
  // Arad 118, Sibiu 140, Rimnicu Vilcea 80, Pitesti 97, Bucharest 101,
  // Urziceni 85, Vaslui 142, Iasi 92.
  EXPECT_TRUE(contains(run.out, "cost 855 km")) << run.out;
}

TEST_F(SolveCommand, KorfInstancesAreCheckedAgainstTheirLengths) {
  // Three of Korf's instances (ids 9, 12, 19), the second with a wrong length.
  const std::string good = instances_file("brudno-solve-good.txt",
                                          "9 46 1650696 3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0\n"
                                          "12 45 546344 14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15\n"
                                          "19 46 1280495 7 11 8 3 14 0 6 15 1 4 13 9 5 12 2 10\n");
  auto run = solve({"15puzzle", "--instances", good, "--heuristic", "pdb555", "--threads", "2"});
  EXPECT_EQ(run.status, 0) << run.err << run.out;
  EXPECT_TRUE(contains(run.out, "instances 3, solved 3, correct 3/3")) << run.out;
  EXPECT_TRUE(contains(run.out, "12 length 45 nodes ")) << run.out;
  const std::string bad = instances_file("brudno-solve-bad.txt",
                                         "12 47 546344 14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15\n");
  run = solve({"15puzzle", "--instances", bad, "--heuristic", "manhattan"});
  EXPECT_EQ(run.status, 1);
  EXPECT_TRUE(contains(run.out, "expected 47 WRONG")) << run.out;
  EXPECT_TRUE(contains(run.out, "correct 0/1")) << run.out;
  // Manhattan distance: Korf's node count exactly.
  EXPECT_TRUE(contains(run.out, "12 length 45 nodes 546344 ")) << run.out;
}

TEST_F(SolveCommand, LocalSearchReportsItsRate) {
  auto run = solve({"queens", "--algorithm", "hill", "--runs", "2000", "--seed", "5"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "8 queens, hill, runs 2000 (seed 5): solved ")) << run.out;
  run = solve({"queens", "--n", "1000", "--algorithm", "minconflicts"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "solved 1 (100.00%)")) << run.out;
}

TEST_F(SolveCommand, InstantInsanity) {
  auto run = solve({"insanity"});
  EXPECT_EQ(run.status, 0);
  EXPECT_TRUE(contains(run.out, "((G W R B) (R W G B) (B R G W) (W B G R))")) << run.out;
  run = solve({"insanity", "--all"});
  EXPECT_TRUE(contains(run.out, "3 solutions")) << run.out;
}

TEST_F(SolveCommand, BadInputIsNamedWithStatusTwo) {
  const std::string map = kPuzzles + "romania.txt";
  const std::pair<Arguments, std::string> cases[] = {
      {{"sokoban"}, "unknown problem 'sokoban'"},
      {{}, "solve needs a problem"},
      {{"romania", "--map", map, "--to", "Paris"}, "unknown city 'Paris'"},
      {{"romania", "--map", map, "--to", "Sibiu", "--heuristic", "sld"},
       "straight-line distances on"},
      {{"romania", "--map", map, "--heuristic", "euclid"}, "romania has no heuristic 'euclid'"},
      {{"romania", "--map", "/nonexistent/map.txt"}, "cannot read /nonexistent/map.txt"},
      {{"romania", "--map", map, "--algorithm", "magic"}, "romania has no algorithm 'magic'"},
      {{"8puzzle", "--tiles", "0 2 1 3 4 5 6 7 8"}, "unsolvable"},
      {{"8puzzle", "--tiles", "0 1 2 3 4 5 6 7 7"}, "tile 7 twice"},
      {{"8puzzle", "--tiles", "1 2 3", "--heuristic", "pdb78"}, "3 tiles for a 3x3 board"},
      {{"8puzzle", "--tiles", "0 1 2 3 4 5 6 7 8", "--heuristic", "pdb78"},
       "8puzzle has no heuristic 'pdb78'"},
      {{"8puzzle"}, "8puzzle needs --instances FILE or --tiles"},
      {{"15puzzle", "--instances", "/nonexistent"}, "cannot read /nonexistent"},
      {{"queens", "--n", "100", "--algorithm", "hill"}, "--n at most 16"},
      {{"queens", "--algorithm", "astar"}, "queens is solved by local search"},
      {{"queens", "--n", "2"}, "--n must be from 4"},
      {{"insanity", "--cubes", "GBBWRX GGBGWR GWWRBR GGRBWW"}, "more than four colours"},
      {{"insanity", "--algorithm", "astar"}, "insanity has no algorithm 'astar'"},
      {{"romania", "--threads", "0"}, "--threads must be from 1"},
      {{"romania", "--bogus"}, "unrecognised option '--bogus'"},
  };
  for (const auto& [args, message] : cases) {
    const auto run = solve(args);
    EXPECT_EQ(run.status, 2) << message;
    EXPECT_TRUE(contains(run.err, message)) << run.err;
  }
}

TEST_F(SolveCommand, HelpListsProblemsAlgorithmsAndHeuristics) {
  const auto run = solve({"--help"});
  EXPECT_EQ(run.status, 0);
  for (const auto* word : {"romania", "8puzzle", "15puzzle", "queens", "insanity", "idastar",
                           "wastar", "annealing", "minconflicts", "pdb663", "linear", "sld"}) {
    EXPECT_TRUE(contains(run.out, word)) << word;
  }
}

}  // namespace
}  // namespace brudno::tools
