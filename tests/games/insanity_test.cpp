#include "games/insanity/insanity.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "engine/single_agent/breadth_first.hpp"
#include "engine/single_agent/depth_first.hpp"
#include "tools/command.hpp"

namespace brudno::games {
namespace {

InstantInsanity classic() {
  return std::get<InstantInsanity>(InstantInsanity::parse(InstantInsanity::kClassicCubes));
}

TEST(InstantInsanity, TwentyFourDistinctOrientations) {
  std::set<std::array<int, 4>> rings;
  for (int index = 0; index < InstantInsanity::kOrientations; ++index) {
    const auto faces = InstantInsanity::side_faces(index);
    rings.insert(faces);
    // The sides are four different faces, never a face and its opposite on
    // the same axis as top and bottom.
    const std::set<int> distinct(faces.begin(), faces.end());
    EXPECT_EQ(distinct.size(), 4u);
  }
  EXPECT_EQ(rings.size(), 24u);
  // Orientations 1, 9 and 17 hide the three different axes.
  EXPECT_EQ(InstantInsanity::side_faces(0),
            (std::array<int, 4>{1, 2, 3, 4}));  // top and bottom hidden
  EXPECT_EQ(InstantInsanity::side_faces(8),
            (std::array<int, 4>{0, 1, 5, 3}));  // faces 3 and 5 hidden
  EXPECT_EQ(InstantInsanity::side_faces(16),
            (std::array<int, 4>{0, 2, 5, 4}));  // faces 2 and 4 hidden
}

TEST(InstantInsanity, FirstSolutionIsTheClassicAnswer) {
  auto puzzle = classic();
  std::string tower;
  ASSERT_TRUE(engine::search_first(
      puzzle, [&](const InstantInsanity& state) { tower = state.tower_text(); }));
  EXPECT_EQ(tower, "((G W R B) (R W G B) (B R G W) (W B G R))");
}

// Every side of the tower shows four different colours.
bool valid_tower(const InstantInsanity& puzzle, const std::array<int, 4>& orientations) {
  for (int side = 0; side < 4; ++side) {
    std::set<char> colours;
    for (int cube = 0; cube < 4; ++cube)
      colours.insert(puzzle.side_colour(cube, orientations[cube], side));
    if (colours.size() != 4) return false;
  }
  return true;
}

std::size_t brute_force(const InstantInsanity& puzzle, bool restrict_first) {
  std::size_t count = 0;
  for (int a = 0; a < 24; ++a) {
    if (restrict_first && a % 8 != 0) continue;
    for (int b = 0; b < 24; ++b) {
      for (int c = 0; c < 24; ++c) {
        for (int d = 0; d < 24; ++d) count += valid_tower(puzzle, {a, b, c, d}) ? 1 : 0;
      }
    }
  }
  return count;
}

TEST(InstantInsanity, SolutionCountsMatchABruteForce) {
  for (const bool restrict_first : {true, false}) {
    auto puzzle = classic();
    puzzle.set_restrict_first(restrict_first);
    std::size_t valid = 0;
    const std::size_t found = engine::search_all(puzzle, [&](const InstantInsanity& state) {
      std::array<int, 4> orientations{};
      for (int cube = 0; cube < 4; ++cube) orientations[cube] = state.orientation_of(cube);
      valid += valid_tower(state, orientations) ? 1 : 0;
    });
    EXPECT_EQ(found, restrict_first ? 3u : 24u);
    EXPECT_EQ(valid, found);
    EXPECT_EQ(found, brute_force(puzzle, restrict_first));
  }
}

// The same puzzle through the strategies of the problem interface: each
// finds a tower the brute force accepts; depth-first finds the classic one.
TEST(InstantInsanity, TheSingleAgentStrategiesSolveIt) {
  const auto tower_of = [](InstantInsanity puzzle, const std::vector<InstantInsanity::Move>& path) {
    for (const auto move : path) puzzle.play(move);
    return puzzle;
  };
  auto puzzle = classic();
  const auto depth_first = engine::depth_first_search(puzzle);
  ASSERT_TRUE(depth_first.solved);
  EXPECT_EQ(tower_of(classic(), depth_first.path).tower_text(),
            "((G W R B) (R W G B) (B R G W) (W B G R))");
  for (const auto& outcome :
       {engine::breadth_first_search(puzzle), engine::iterative_deepening_search(puzzle)}) {
    ASSERT_TRUE(outcome.solved);
    ASSERT_EQ(outcome.path.size(), 4u);
    EXPECT_EQ(outcome.cost, 4);
    const auto tower = tower_of(classic(), outcome.path);
    EXPECT_TRUE(tower.is_goal());
    std::array<int, 4> orientations{};
    for (int cube = 0; cube < 4; ++cube) orientations[cube] = tower.orientation_of(cube);
    EXPECT_TRUE(valid_tower(tower, orientations));
  }
}

TEST(InstantInsanity, RejectsMalformedCubes) {
  for (const auto* cubes : {"GBBWR GGBGWR GWWRBR GGRBWW", "GBBWRGG GGBGWR GWWRBR GGRBWW",
                            "GBBWRX GGBGWR GWWRBR GGRBWW", "GBB1RG GGBGWR GWWRBR GGRBWW",
                            "GGBGWR GWWRBR GGRBWW", "GBBWRG GGBGWR GWWRBR GGRBWW GGRBWW", ""}) {
    EXPECT_TRUE(std::holds_alternative<std::string>(InstantInsanity::parse(cubes))) << cubes;
  }
}

TEST(InstantInsanity, PuzzleCommand) {
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(tools::run_puzzle({"insanity"}, out, err), 0);
  EXPECT_EQ(out.str(), "((G W R B) (R W G B) (B R G W) (W B G R))\n");
  out.str("");
  EXPECT_EQ(tools::run_puzzle({"insanity", "--all"}, out, err), 0);
  EXPECT_NE(out.str().find("3 solutions\n"), std::string::npos);
  EXPECT_EQ(tools::run_puzzle({"insanity", "--cubes", "GBBWRX GGBGWR GWWRBR GGRBWW"}, out, err), 2);
  EXPECT_NE(err.str().find("more than four colours"), std::string::npos);
  EXPECT_EQ(tools::run_puzzle({"sudoku"}, out, err), 2);
  EXPECT_NE(err.str().find("unknown puzzle 'sudoku'"), std::string::npos);
}

}  // namespace
}  // namespace brudno::games
