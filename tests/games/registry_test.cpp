// The registries (games/game_registry.hpp, games/puzzle_registry.hpp) against
// what is made of them and what they must name: a session offers every
// registered game, then the registered puzzles it can play, and makes each
// by its name; `brudno solve` takes and lists every registered puzzle; and
// every folder of games/ is named by a registry, so that a game or puzzle
// written but never registered fails here rather than being left out of the
// session and of the conformance suites.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/search_memory.hpp"
#include "engine/transposition_table.hpp"
#include "games/game_registry.hpp"
#include "games/puzzle_registry.hpp"
#include "protocol/game_session.hpp"
#include "protocol/problem_session.hpp"
#include "tools/command.hpp"

namespace brudno::games {
namespace {

template <class Names>
bool has_name(const Names& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

TEST(Registries, TheSessionOffersTheRegisteredGamesThenThePuzzlesItPlays) {
  std::vector<std::string_view> expected(RegisteredGames::kNames.begin(),
                                         RegisteredGames::kNames.end());
  const auto puzzles = protocol::problem_names();
  EXPECT_FALSE(puzzles.empty());
  for (const auto puzzle : puzzles) {
    EXPECT_TRUE(has_name(RegisteredPuzzles::kNames, puzzle))
        << puzzle << " is no registered puzzle";
    expected.push_back(puzzle);
  }
  const auto offered = protocol::game_names();
  EXPECT_EQ(std::vector<std::string_view>(offered.begin(), offered.end()), expected);
  EXPECT_TRUE(has_name(RegisteredGames::kNames, protocol::default_game()));
}

TEST(Registries, NoNameIsRegisteredTwice) {
  std::set<std::string_view> seen;
  for (const auto name : RegisteredGames::kNames) EXPECT_TRUE(seen.insert(name).second) << name;
  for (const auto name : RegisteredPuzzles::kNames) EXPECT_TRUE(seen.insert(name).second) << name;
}

// Each game and each puzzle the session offers makes a session of that name;
// a registered puzzle it does not offer makes none (`brudno solve` has it).
TEST(Registries, EveryNameOfferedMakesItsSession) {
  engine::TranspositionTable table(1);
  engine::SearchMemory memory;
  for (const auto name : protocol::game_names()) {
    const auto session = protocol::make_game_session(name, table, memory);
    ASSERT_TRUE(session) << name;
    EXPECT_EQ(session->game_name(), name);
  }
  for (const auto name : RegisteredPuzzles::kNames) {
    if (!has_name(protocol::problem_names(), name)) {
      EXPECT_FALSE(protocol::make_game_session(name, table, memory)) << name;
    }
  }
}

TEST(Registries, SolveTakesAndListsEveryRegisteredPuzzle) {
  std::ostringstream help;
  std::ostringstream err;
  EXPECT_EQ(tools::run_solve({"--help"}, help, err), 0);
  std::string listed;
  for (const auto name : RegisteredPuzzles::kNames) {
    EXPECT_NE(help.str().find("\n  " + std::string(name) + " "), std::string::npos)
        << name << " is not in the help";
    listed += (listed.empty() ? "" : ", ") + std::string(name);
    // Without its options a puzzle may be refused, but never as unknown.
    std::ostringstream out;
    std::ostringstream complaint;
    tools::run_solve({std::string(name), "--max-nodes", "1000"}, out, complaint);
    EXPECT_EQ(complaint.str().find("unknown problem"), std::string::npos) << complaint.str();
  }
  std::ostringstream out;
  std::ostringstream unknown;
  EXPECT_EQ(tools::run_solve({"sokoban"}, out, unknown), 2);
  EXPECT_NE(unknown.str().find("(problems: " + listed + ")"), std::string::npos) << unknown.str();
}

// A folder of games/ holds a game or a puzzle, and a registry includes its
// header; games/common holds what the games share and nothing to play.
TEST(Registries, EveryFolderOfGamesIsNamedByARegistry) {
  const std::filesystem::path games = std::filesystem::path(BRUDNO_SOURCE_DIR) / "games";
  std::string registries;
  for (const char* file : {"game_registry.hpp", "puzzle_registry.hpp"}) {
    std::ifstream in(games / file);
    ASSERT_TRUE(in) << (games / file);
    registries.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  int folders = 0;
  for (const auto& entry : std::filesystem::directory_iterator(games)) {
    if (!entry.is_directory()) continue;
    const std::string folder = entry.path().filename().string();
    if (folder == "common") continue;
    ++folders;
    EXPECT_NE(registries.find("#include \"games/" + folder + "/"), std::string::npos)
        << "games/" << folder << " holds a game or puzzle that no registry names";
  }
  EXPECT_GT(folders, 5);
}

}  // namespace
}  // namespace brudno::games
