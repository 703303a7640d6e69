// Pattern databases: exact where they must be, admissible everywhere, the
// optimal lengths of Korf's instances, and a cache that never trusts a bad file.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unordered_map>

#include "engine/single_agent/breadth_first.hpp"
#include "engine/single_agent/ida_star.hpp"
#include "games/sliding_tile/heuristics.hpp"
#include "games/sliding_tile/instances.hpp"
#include "games/sliding_tile/partitions.hpp"
#include "tests/sanitized_build.hpp"

namespace brudno::games {
namespace {

// A fresh directory under the system's temporary one, removed afterwards.
class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    path_ = std::filesystem::temp_directory_path() /
            ("brudno-pdb-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++));
    std::filesystem::create_directories(path_);
  }
  ~TemporaryDirectory() { std::filesystem::remove_all(path_); }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::filesystem::path path_;
};

std::unordered_map<std::uint64_t, int> exact_eight_puzzle() {
  std::unordered_map<std::uint64_t, int> distance;
  engine::explore_breadth_first(EightPuzzle{}, [&](const EightPuzzle& board, int depth) {
    distance.emplace(board.key(), depth);
  });
  return distance;
}

TEST(PatternDatabase, AllTilesAsOnePatternIsTheExactDistance) {
  // With every tile in the pattern, every move is a pattern move and the
  // blank has one cell: the database is the complete solution.
  const auto database = PatternDatabase::build(3, 3, {1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(database.size(), 181440u * 2);  // 9!/1!: the unsolvable placements too, unreached
  EXPECT_EQ(database.deepest(), 31);
  const auto exact = exact_eight_puzzle();
  std::uint8_t cells[8];
  engine::explore_breadth_first(EightPuzzle{}, [&](const EightPuzzle& board, int depth) {
    for (int tile = 1; tile <= 8; ++tile)
      cells[tile - 1] = static_cast<std::uint8_t>(board.cell_of(tile));
    ASSERT_EQ(database.distance(database.index(cells)), depth) << board.to_text();
  });
}

TEST(PatternDatabase, TheAdditiveFourFourIsAdmissibleAndAboveManhattan) {
  TemporaryDirectory directory;
  PatternCacheReport report;
  const auto heuristic = load_partition(*find_partition("pdb", 3, 3), directory.path(), 2, report);
  EXPECT_EQ(report.notes.size(), 2u);  // both built
  std::size_t better = 0;
  engine::explore_breadth_first(EightPuzzle{}, [&](const EightPuzzle& board, int depth) {
    const int h = heuristic(board);
    ASSERT_LE(h, depth) << board.to_text();
    ASSERT_GE(h, board.manhattan()) << board.to_text();
    better += h > LinearConflict{}(board) ? 1 : 0;
  });
  EXPECT_GT(better, 0u);
}

TEST(PatternDatabase, KorfsInstancesGetTheirOptimalLengths) {
  const std::string file = std::string(BRUDNO_SHARED_DATA) + "/puzzles/korf100.txt";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no instances at " << file;
  const auto instances = std::get<std::vector<TileInstance>>(load_tile_instances(file, 16));
  TemporaryDirectory directory;
  PatternCacheReport report;
  const auto heuristic =
      load_partition(*find_partition("pdb555", 4, 4), directory.path(), 2, report);
  // The 5-5-5 databases build in about a second; with them these eleven
  // instances take a fifth of a second in release; under the sanitizers the
  // first three. tools/benchmarks/korf100.sh solves all 100.
  const std::vector<std::string> sample = {"1", "9",  "12", "19", "23", "28",
                                           "4", "13", "2",  "6",  "16"};
  const std::size_t count = test_build::kSanitized ? 3 : sample.size();
  for (std::size_t i = 0; i < count; ++i) {
    const auto& instance = *std::find_if(instances.begin(), instances.end(),
                                         [&](const auto& line) { return line.id == sample[i]; });
    auto board = std::get<FifteenPuzzle>(FifteenPuzzle::parse(instance.tiles));
    const auto outcome = engine::ida_star_search(board, heuristic);
    ASSERT_TRUE(outcome.solved);
    EXPECT_EQ(outcome.cost, instance.optimal_length) << instance.id;
    EXPECT_TRUE(board.after(outcome.path).is_goal());
  }
}

TEST(PatternCache, ACachedFileIsReadBackAndABadOneRebuilt) {
  TemporaryDirectory directory;
  const std::vector<int> tiles = {1, 2, 3, 4, 5};
  PatternCacheReport first;
  const auto built = load_or_build_pattern(3, 3, tiles, directory.path(), 1, first);
  ASSERT_EQ(first.notes.size(), 1u);
  EXPECT_NE(first.notes[0].find("missing; built"), std::string::npos) << first.notes[0];
  const auto file = directory.path() / pattern_file_name(3, 3, tiles);
  ASSERT_TRUE(std::filesystem::exists(file));

  PatternCacheReport second;
  const auto loaded = load_or_build_pattern(3, 3, tiles, directory.path(), 1, second);
  EXPECT_TRUE(second.notes.empty());
  EXPECT_EQ(loaded->distances(), built->distances());

  const auto size = std::filesystem::file_size(file);
  const auto damage = [&](auto&& change, const std::string& reason) {
    change();
    EXPECT_EQ(std::get<std::string>(read_pattern_file(file, 3, 3, tiles)), reason);
    PatternCacheReport report;
    const auto rebuilt = load_or_build_pattern(3, 3, tiles, directory.path(), 1, report);
    ASSERT_EQ(report.notes.size(), 1u) << reason;
    EXPECT_NE(report.notes[0].find(reason), std::string::npos) << report.notes[0];
    EXPECT_EQ(rebuilt->distances(), built->distances());
    EXPECT_EQ(std::filesystem::file_size(file), size);  // rewritten whole
  };
  damage([&] { std::filesystem::resize_file(file, size - 10); },
         "truncated: " + std::to_string(built->size() - 10) + " of " +
             std::to_string(built->size()) + " entries");
  damage([&] { std::filesystem::resize_file(file, 20); }, "truncated in its header");
  damage(
      [&] {
        std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
        out.seekp(static_cast<std::streamoff>(size - 100));
        out.put('\x7f');
      },
      "checksum mismatch");
  damage(
      [&] {
        std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
        out.seekp(8);
        out.put('\x09');  // the format version
      },
      "format version 9, this build reads 1");
  damage(
      [&] {
        PatternCacheReport other;
        load_or_build_pattern(3, 3, {1, 2, 3, 4}, directory.path(), 1, other);
        std::filesystem::copy_file(directory.path() / pattern_file_name(3, 3, {1, 2, 3, 4}), file,
                                   std::filesystem::copy_options::overwrite_existing);
      },
      "made for another board or pattern");
  damage([&] { std::ofstream(file) << std::string(100, 'x'); },
         "not a pattern database (wrong magic word)");
}

}  // namespace
}  // namespace brudno::games
