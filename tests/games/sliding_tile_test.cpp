// The sliding-tile puzzles: the 8-puzzle's whole state space against its
// published size and hardest states, the strategies against each other and
// against exact distances, and Korf's 1985 IDA* node counts on the 15-puzzle.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <random>
#include <unordered_map>

#include "engine/single_agent/best_first.hpp"
#include "engine/single_agent/breadth_first.hpp"
#include "engine/single_agent/depth_first.hpp"
#include "engine/single_agent/ida_star.hpp"
#include "games/sliding_tile/heuristics.hpp"
#include "games/sliding_tile/instances.hpp"
#include "tests/sanitized_build.hpp"

namespace brudno::games {
namespace {

const std::string kPuzzles = std::string(BRUDNO_SHARED_DATA) + "/puzzles/";

template <class Board>
Board parsed(std::string_view text) {
  auto board = Board::parse(text);
  if (auto* problem = std::get_if<std::string>(&board)) ADD_FAILURE() << text << ": " << *problem;
  return std::get<Board>(board);
}

// Exact distance to the goal of every solvable 8-puzzle state, by a complete
// breadth-first search from the goal (moves are reversible).
const std::unordered_map<std::uint64_t, int>& eight_puzzle_distances() {
  static const auto distances = [] {
    std::unordered_map<std::uint64_t, int> found;
    engine::explore_breadth_first(EightPuzzle{}, [&](const EightPuzzle& board, int depth) {
      found.emplace(board.key(), depth);
    });
    return found;
  }();
  return distances;
}

TEST(EightPuzzle, BreadthFirstReachesEverySolvableStateAndTwoNeedThirtyOneMoves) {
  std::vector<std::uint64_t> per_depth;
  std::vector<std::string> hardest;
  const std::size_t states =
      engine::explore_breadth_first(EightPuzzle{}, [&](const EightPuzzle& board, int depth) {
        if (per_depth.size() <= static_cast<std::size_t>(depth)) per_depth.resize(depth + 1);
        ++per_depth[depth];
        if (depth == 31) hardest.push_back(board.to_text());
      });
  EXPECT_EQ(states, 181440u);  // 9!/2
  EXPECT_EQ(per_depth.size(), 32u);
  // The counts per depth from the data's README (the same for either goal).
  EXPECT_EQ(per_depth, (std::vector<std::uint64_t>{
                           1,     2,     4,     8,     16,    20,   39,   62,   116,   152,   286,
                           396,   748,   1024,  1893,  2512,  4485, 5638, 9529, 10878, 16993, 17110,
                           23952, 20224, 24047, 15578, 14560, 6274, 3910, 760,  221,   2}));
  const std::string file = kPuzzles + "8puzzle_instances.txt";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no instances at " << file;
  const auto instances = std::get<std::vector<TileInstance>>(load_tile_instances(file, 9));
  ASSERT_EQ(instances.size(), 2u);
  std::sort(hardest.begin(), hardest.end());
  std::vector<std::string> listed = {instances[0].tiles, instances[1].tiles};
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(hardest, listed);
  for (const auto& instance : instances) EXPECT_EQ(instance.optimal_length, 31);
}

TEST(EightPuzzle, HeuristicsAreAdmissibleEverywhere) {
  EightPuzzle goal;
  std::size_t checked = 0;
  engine::explore_breadth_first(goal, [&](const EightPuzzle& board, int depth) {
    const int linear = LinearConflict{}(board);
    ASSERT_LE(MisplacedTiles{}(board), board.manhattan());
    ASSERT_LE(board.manhattan(), linear);
    ASSERT_LE(linear, depth) << board.to_text();
    ASSERT_EQ(linear % 2, depth % 2);
    ++checked;
  });
  EXPECT_EQ(checked, 181440u);
}

TEST(EightPuzzle, TheStrategiesAgreeWithTheExactDistances) {
  const auto& distances = eight_puzzle_distances();
  std::mt19937_64 random(16);
  // Each breadth-first or uniform-cost search may visit the whole space: ten
  // boards in release, two under the (ten times slower) sanitizers.
  const int trials = test_build::kSanitized ? 2 : 10;
  for (int trial = 0; trial < trials; ++trial) {
    // A random solvable board: shuffle, then swap two tiles if the parity is wrong.
    EightPuzzle::Tiles tiles{0, 1, 2, 3, 4, 5, 6, 7, 8};
    std::shuffle(tiles.begin(), tiles.end(), random);
    auto board = EightPuzzle::from_tiles(tiles);
    if (!std::holds_alternative<EightPuzzle>(board)) {
      std::swap(tiles[tiles[0] == 0 ? 1 : 0], tiles[tiles[8] == 0 ? 7 : 8]);
      board = EightPuzzle::from_tiles(tiles);
    }
    auto start = std::get<EightPuzzle>(board);
    const int exact = distances.at(start.key());
    SCOPED_TRACE(start.to_text());
    const auto check = [&](const auto& outcome, bool optimal, const char* strategy) {
      SCOPED_TRACE(strategy);
      ASSERT_TRUE(outcome.solved);
      EXPECT_TRUE(start.after(outcome.path).is_goal());
      EXPECT_EQ(outcome.cost, static_cast<int>(outcome.path.size()));
      if (optimal) {
        EXPECT_EQ(outcome.cost, exact);
      }
      EXPECT_GE(outcome.cost, exact);
    };
    check(engine::breadth_first_search(start), true, "breadth_first_search");
    check(engine::uniform_cost_search(start), true, "uniform_cost_search");
    check(engine::a_star_search(start, Manhattan{}), true, "a_star_search Manhattan");
    check(engine::a_star_search(start, MisplacedTiles{}), true, "a_star_search MisplacedTiles");
    check(engine::ida_star_search(start, Manhattan{}), true, "ida_star_search Manhattan");
    check(engine::ida_star_search(start, LinearConflict{}), true, "ida_star_search LinearConflict");
    check(engine::greedy_best_first_search(start, Manhattan{}), false,
          "greedy_best_first_search Manhattan");
    check(engine::depth_first_search(start), false, "depth_first_search");
    const auto weighted = engine::best_first_search(start, engine::weighted_a_star(2), Manhattan{});
    check(weighted, false, "weighted A*");
    EXPECT_LE(weighted.cost, 2 * exact);
    if (exact <= 14)
      check(engine::iterative_deepening_search(start), true, "iterative_deepening_search");
  }
}

TEST(EightPuzzle, BadBoardsAreRejectedSayingWhy) {
  const std::pair<const char*, const char*> cases[] = {
      {"1 2 3 4 5 6 7 8", "8 tiles for a 3x3 board of 9"},
      {"0 1 2 3 4 5 6 7 8 9", "more than 9 tiles for a 3x3 board"},
      {"0 1 2 3 4 5 6 7 9", "tile 9 on a board of tiles 0-8"},
      {"0 1 2 3 4 5 6 7 7", "tile 7 twice"},
      {"0 2 1 3 4 5 6 7 8",
       "unsolvable: the permutation's parity does not match the blank's row and column"},
      {"0 1 2 3 x 5 6 7 8", "'x' is not a tile number"},
  };
  for (const auto& [text, message] : cases) {
    const auto board = EightPuzzle::parse(text);
    ASSERT_TRUE(std::holds_alternative<std::string>(board)) << text;
    EXPECT_EQ(std::get<std::string>(board), message);
  }
  EXPECT_TRUE(std::holds_alternative<EightPuzzle>(EightPuzzle::parse("1,0,2,3,4,5,6,7,8")));
}

std::vector<TileInstance> korf_instances() {
  const std::string file = kPuzzles + "korf100.txt";
  if (!std::filesystem::exists(file)) return {};
  auto loaded = load_tile_instances(file, 16);
  if (auto* problem = std::get_if<std::string>(&loaded)) ADD_FAILURE() << *problem;
  return std::get<std::vector<TileInstance>>(loaded);
}

TEST(FifteenPuzzle, KorfsInstancesAreAsPublished) {
  const auto instances = korf_instances();
  if (instances.empty()) GTEST_SKIP() << "no korf100.txt in " << kPuzzles;
  ASSERT_EQ(instances.size(), 100u);
  int lengths = 0;
  int manhattan = 0;
  for (const auto& instance : instances) {
    const auto board = parsed<FifteenPuzzle>(instance.tiles);
    lengths += *instance.optimal_length;
    manhattan += board.manhattan();
    EXPECT_LE(LinearConflict{}(board), *instance.optimal_length) << instance.id;
  }
  EXPECT_EQ(lengths, 5305);
  EXPECT_EQ(manhattan, 3705);
}

// Korf's IDA* with the Manhattan distance, blank moves up, left, right, down,
// the undoing move never generated, every generated node counted plus the
// start: his published node counts exactly. The five smallest instances here;
// tools/benchmarks/korf100.sh runs all 100.
TEST(FifteenPuzzle, IdaStarReproducesKorfsNodeCounts) {
  const auto instances = korf_instances();
  if (instances.empty()) GTEST_SKIP() << "no korf100.txt in " << kPuzzles;
  for (const char* id : {"79", "12", "42", "55", "97"}) {
    const auto& instance = *std::find_if(instances.begin(), instances.end(),
                                         [&](const auto& line) { return line.id == id; });
    auto board = parsed<FifteenPuzzle>(instance.tiles);
    const auto outcome = engine::ida_star_search(board, Manhattan{});
    ASSERT_TRUE(outcome.solved) << id;
    EXPECT_EQ(outcome.cost, instance.optimal_length) << id;
    EXPECT_TRUE(board.after(outcome.path).is_goal()) << id;
    EXPECT_EQ(outcome.generated, instance.reference_nodes) << id;
  }
}

}  // namespace
}  // namespace brudno::games
