// Pattern databases: exact where they must be, admissible everywhere, the
// optimal lengths of Korf's instances, and a cache that never trusts a bad file.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unordered_map>

#include "engine/single_agent/breadth_first.hpp"
#include "engine/single_agent/ida_star.hpp"
#include "games/sliding_tile/heuristics.hpp"
#include "games/sliding_tile/instances.hpp"
#include "games/sliding_tile/partitions.hpp"
#include "tests/games/pattern_reference.hpp"
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

TEST(PatternDatabase, TheLayeredSearchEqualsThePlacementSearchEntryForEntry) {
  struct Case {
    int width;
    int height;
    std::vector<int> tiles;
  };
  // Square, wide, tall and one-column boards (a vertical move jumps over
  // up to width - 1 cells), patterns of one to eight tiles, in any order.
  std::vector<Case> cases = {
      {3, 3, {1, 2, 3, 4}}, {3, 3, {5, 6, 7, 8}},    {3, 3, {8, 1, 6, 3, 4, 5, 2, 7}},
      {3, 3, {2, 4, 6}},    {3, 2, {1, 2, 3, 4, 5}}, {2, 3, {5, 3, 1}},
      {1, 5, {1, 2, 3}},    {4, 3, {1, 2, 3, 4, 5}}, {8, 2, {9, 1, 8, 2}},
      {4, 4, {1}},          {4, 4, {1, 4, 5, 8, 9}}, {4, 4, {11, 12, 13, 14, 15}},
  };
  // Six tiles on the 15-puzzle (5.8 million placements) take the reference
  // a few seconds in release; too slow under the sanitizers.
  if (!test_build::kSanitized) cases.push_back({4, 4, {2, 3, 6, 7, 10, 11}});
  for (const auto& [width, height, tiles] : cases) {
    const auto expected = reference::pattern_distances(width, height, tiles, 1);
    for (const int threads : {1, 2}) {
      int layers = 0;
      std::uint64_t placements = 1;  // the goal
      const auto database =
          PatternDatabase::build(width, height, tiles, threads,
                                 [&](int depth, std::uint64_t states, std::uint64_t first_reached) {
                                   EXPECT_EQ(depth, ++layers);
                                   EXPECT_GE(states, first_reached);
                                   placements += first_reached;
                                 });
      ASSERT_EQ(database.distances().size(), expected.size());
      EXPECT_TRUE(database.distances() == expected)
          << width << "x" << height << " with " << tiles.size() << " tiles, " << threads
          << " threads";
      EXPECT_EQ(static_cast<std::uint64_t>(std::count_if(
                    expected.begin(), expected.end(),
                    [](std::uint8_t distance) { return distance != kUnreachedPlacement; })),
                placements);
      EXPECT_GE(layers, database.deepest());
    }
  }
}

TEST(PatternDatabase, APatternItCannotTabulateIsRefused) {
  EXPECT_THROW(PatternDatabase::build(4, 4, {1, 2, 3, 4, 5, 6, 7, 8, 9}), std::invalid_argument);
  EXPECT_THROW(PatternDatabase::build(3, 3, {1, 2, 2}), std::invalid_argument);
  EXPECT_THROW(PatternDatabase::build(3, 3, {0, 1}), std::invalid_argument);
  EXPECT_THROW(PatternDatabase::build(3, 3, {}), std::invalid_argument);
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

// The cache is read back on trust, so it is written only into a directory
// of this user's that no one else can write, never through a link, and
// what a session tells a remote client names no path on the server.
TEST(PatternCache, WritesOnlyIntoAPrivateDirectoryAndNamesNoPath) {
  TemporaryDirectory directory;
  const std::vector<int> tiles = {1, 2, 3, 4, 5};
  const auto shared = directory.path() / "shared";
  std::filesystem::create_directory(shared);
  std::filesystem::permissions(shared, std::filesystem::perms::all);  // 0777, as /tmp is
  PatternCacheReport report;
  load_or_build_pattern(3, 3, tiles, shared, 1, report);
  ASSERT_EQ(report.notes.size(), 1u);
  EXPECT_EQ(report.notes[0].find('/'), std::string::npos) << report.notes[0];
  const auto mode = std::filesystem::status(shared).permissions();
  EXPECT_EQ(mode & (std::filesystem::perms::group_write | std::filesystem::perms::others_write),
            std::filesystem::perms::none);
  const auto file_mode =
      std::filesystem::status(shared / pattern_file_name(3, 3, tiles)).permissions();
  EXPECT_EQ(file_mode & (std::filesystem::perms::group_all | std::filesystem::perms::others_all),
            std::filesystem::perms::none);

  // A link where the directory should be: nothing is written through it.
  const auto elsewhere = directory.path() / "elsewhere";
  std::filesystem::create_directory(elsewhere);
  const auto link = directory.path() / "link";
  std::filesystem::create_directory_symlink(elsewhere, link);
  PatternCacheReport linked;
  const auto built = load_or_build_pattern(3, 3, tiles, link, 1, linked);
  EXPECT_EQ(built->size(), pattern_entries(9, 5));  // the database is still there to use
  ASSERT_EQ(linked.notes.size(), 1u);
  EXPECT_NE(linked.notes[0].find("not cached: the cache directory is a link"), std::string::npos)
      << linked.notes[0];
  EXPECT_TRUE(std::filesystem::is_empty(elsewhere));
}

TEST(PatternCache, ProcessesBuildingTheSameDatabaseAtOnceLeaveAWholeFile) {
  // Three processes start together on an empty cache, each building the
  // 5-5-5 databases (about a second) and writing the same three files.
  TemporaryDirectory directory;
  const std::string solve = std::string("'") + BRUDNO_BINARY +
                            "' solve 15puzzle --tiles '1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15' "
                            "--heuristic pdb555 --cache-dir '" +
                            directory.path().string() + "' >/dev/null 2>&1";
  const std::string together = "(" + solve + " & " + solve + " & " + solve + " & wait)";
  ASSERT_EQ(std::system(together.c_str()), 0);
  const auto partition = *find_partition("pdb555", 4, 4);
  for (const auto& tiles : partition.patterns) {
    const auto file = directory.path() / pattern_file_name(4, 4, tiles);
    const auto read = read_pattern_file(file, 4, 4, tiles);
    ASSERT_TRUE(std::holds_alternative<PatternDatabase>(read))
        << file << ": " << std::get<std::string>(read);
    EXPECT_TRUE(std::get<PatternDatabase>(read).distances() ==
                PatternDatabase::build(4, 4, tiles).distances());
  }
  // Nothing half-written is left beside them.
  for (const auto& entry : std::filesystem::directory_iterator(directory.path()))
    EXPECT_EQ(entry.path().extension(), ".bin") << entry.path();
}

TEST(PatternCache, ThreadsBuildingTheSameDatabaseAtOnceLeaveAWholeFile) {
  TemporaryDirectory directory;
  const std::vector<int> tiles = {1, 2, 3, 4, 5};
  std::vector<std::shared_ptr<const PatternDatabase>> built(4);
  std::vector<std::thread> builders;
  for (auto& database : built) {
    builders.emplace_back([&] {
      PatternCacheReport report;
      database = load_or_build_pattern(3, 3, tiles, directory.path(), 1, report);
    });
  }
  for (auto& builder : builders) builder.join();
  const auto read =
      read_pattern_file(directory.path() / pattern_file_name(3, 3, tiles), 3, 3, tiles);
  ASSERT_TRUE(std::holds_alternative<PatternDatabase>(read)) << std::get<std::string>(read);
  for (const auto& database : built)
    EXPECT_TRUE(database->distances() == std::get<PatternDatabase>(read).distances());
}

TEST(PatternCache, ABuildReportsItsLayersAsItGoes) {
  TemporaryDirectory directory;
  PatternCacheReport report;
  std::vector<std::string> lines;
  report.progress = [&](const std::string& line) { lines.push_back(line); };
  load_or_build_pattern(3, 3, {1, 2, 3, 4}, directory.path(), 1, report);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), "building pdb-3x3-1-2-3-4.bin: depth 1, 0% of the placements reached");
  EXPECT_NE(lines.back().find("100% of the placements reached"), std::string::npos) << lines.back();
}

}  // namespace
}  // namespace brudno::games
