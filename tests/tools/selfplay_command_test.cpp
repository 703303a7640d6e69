// `brudno selfplay`: seeded runs write the same bytes on any number of
// threads, pieces of a run (by --first-game or by resuming from a
// checkpoint) concatenate to the whole run, the written positions pass the
// filters, uneven starts are drawn again or dropped, adjudication ends games
// as documented, and bad options exit 2.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "games/chess/training/training_record.hpp"
#include "engine/search_memory.hpp"
#include "engine/transposition_table.hpp"
#include "tests/tools/command_run.hpp"
#include "tools/command.hpp"
#include "tools/selfplay/adjudication.hpp"
#include "tools/selfplay/selfplay_game.hpp"

namespace brudno::tools {
namespace {

using testing_commands::run_command;

// Short games: few nodes, a low ply cap.
const Arguments kQuick = {"--nodes", "400", "--max-plies", "120", "--hash", "1", "--seed", "5"};

class SelfplayCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("brudno_selfplay_" + std::to_string(::getpid()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(folder_);
    std::filesystem::create_directories(folder_);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  std::string path(const std::string& name) const { return (folder_ / name).string(); }

  // Runs selfplay into `out` with `extra` and those of kQuick it does not
  // give; the exit status.
  static int selfplay(const std::string& out, const Arguments& extra) {
    Arguments args = extra;
    for (std::size_t i = 0; i + 1 < kQuick.size(); i += 2) {
      if (std::find(extra.begin(), extra.end(), kQuick[i]) == extra.end()) {
        args.insert(args.end(), {kQuick[i], kQuick[i + 1]});
      }
    }
    args.insert(args.end(), {"--out", out});
    const auto run = run_command(run_selfplay, args);
    EXPECT_EQ(run.status, 0) << run.err;
    return run.status;
  }

  static std::string bytes(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

 private:
  std::filesystem::path folder_;
};

TEST_F(SelfplayCommand, SameSeedSameBytesOnAnyNumberOfThreads) {
  selfplay(path("a.bin"), {"--games", "3"});
  selfplay(path("b.bin"), {"--games", "3"});
  selfplay(path("c.bin"), {"--games", "3", "--threads", "2"});
  selfplay(path("d.bin"), {"--games", "3", "--seed", "6"});
  const std::string a = bytes(path("a.bin"));
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a.size() % games::chess::kTrainingRecordSize, 0U);
  EXPECT_EQ(bytes(path("b.bin")), a);
  EXPECT_EQ(bytes(path("c.bin")), a);
  EXPECT_NE(bytes(path("d.bin")), a);
}

TEST_F(SelfplayCommand, PiecesOfARunConcatenateToTheWholeRun) {
  selfplay(path("whole.bin"), {"--games", "4"});
  selfplay(path("pieces.bin"), {"--games", "2"});
  selfplay(path("pieces.bin"), {"--games", "2", "--first-game", "2"});  // appended
  EXPECT_EQ(bytes(path("pieces.bin")), bytes(path("whole.bin")));
  // A run stopped by a count of positions is the whole run's beginning,
  // ending with a whole game.
  selfplay(path("counted.bin"), {"--positions", "10"});
  const std::string counted = bytes(path("counted.bin"));
  EXPECT_GE(counted.size(), 10 * games::chess::kTrainingRecordSize);
  EXPECT_EQ(bytes(path("whole.bin")).substr(0, counted.size()), counted);
}

TEST_F(SelfplayCommand, ResumesFromItsCheckpoint) {
  selfplay(path("straight.bin"), {"--games", "4"});
  const std::string checkpoint = path("run.checkpoint");
  selfplay(path("resumed.bin"), {"--games", "2", "--checkpoint", checkpoint});
  const std::string half = bytes(path("resumed.bin"));
  ASSERT_FALSE(half.empty());
  // A run cut off in its third game left part of it behind.
  {
    std::ofstream tail(path("resumed.bin"), std::ios::binary | std::ios::app);
    tail << std::string(45, 'x');
  }
  selfplay(path("resumed.bin"), {"--games", "4", "--checkpoint", checkpoint});
  EXPECT_EQ(bytes(path("resumed.bin")), bytes(path("straight.bin")));
  // Run again with the same arguments: nothing left to do, nothing written.
  selfplay(path("resumed.bin"), {"--games", "4", "--checkpoint", checkpoint});
  EXPECT_EQ(bytes(path("resumed.bin")), bytes(path("straight.bin")));

  // The checkpoint belongs to its arguments: another seed is refused.
  const auto refused = run_command(
      run_selfplay, {"--out", path("resumed.bin"), "--games", "6", "--checkpoint", checkpoint,
                     "--nodes", "400", "--max-plies", "120", "--hash", "1", "--seed", "9"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("other arguments"), std::string::npos) << refused.err;
}

TEST_F(SelfplayCommand, WrittenPositionsPassTheFilters) {
  // One game, so that every record has the same result from white's view.
  selfplay(path("one.bin"), {"--games", "1", "--max-plies", "200", "--score-bound", "800"});
  const std::string data = bytes(path("one.bin"));
  ASSERT_GE(data.size(), 10 * games::chess::kTrainingRecordSize);
  std::optional<int> white_result;
  int previous_ply = -1;
  for (std::size_t at = 0; at < data.size(); at += games::chess::kTrainingRecordSize) {
    games::chess::TrainingRecord record;
    std::copy_n(data.begin() + static_cast<std::ptrdiff_t>(at), record.size(), record.begin());
    std::string error;
    const auto decoded = games::chess::decode_training_record(record, error);
    ASSERT_TRUE(decoded) << error;
    const auto& labels = decoded->labels;
    EXPECT_FALSE(decoded->position.in_check()) << decoded->position.to_text();
    EXPECT_LT(std::abs(labels.score), 800);
    // Not among the 8 random plies and the 8 after them.
    EXPECT_GE(labels.ply, 16);
    EXPECT_GT(labels.ply, previous_ply);
    previous_ply = labels.ply;
    const int from_white = decoded->position.side_to_move() == 0 ? labels.result : -labels.result;
    if (!white_result) white_result = from_white;
    EXPECT_EQ(from_white, *white_result) << "at record " << at / 32;
  }
}

TEST(SelfplayFilters, KeepQuietUncheckedPositionsWithBoundedScores) {
  const selfplay::GameSettings settings;  // 8 random plies, 8 skipped, bound 3000
  std::string error;
  // White to move: e4xd5 takes, b7-b8 promotes, Ng1-f3 is quiet.
  const auto position = games::Chess::parse("4k3/1P6/8/3p4/4P3/8/8/4K1N1 w - - 0 40", error);
  ASSERT_TRUE(position) << error;
  const auto move = [&](const char* text) {
    const auto parsed = position->parse_move(text);
    EXPECT_TRUE(parsed) << text;
    return parsed.value_or(games::Chess::Move{});
  };
  EXPECT_TRUE(selfplay::is_kept(settings, *position, move("g1f3"), 120, 16));
  EXPECT_FALSE(selfplay::is_kept(settings, *position, move("g1f3"), 120, 15));   // too early
  EXPECT_FALSE(selfplay::is_kept(settings, *position, move("e4d5"), 120, 16));   // a capture
  EXPECT_FALSE(selfplay::is_kept(settings, *position, move("b7b8q"), 120, 16));  // a promotion
  EXPECT_FALSE(selfplay::is_kept(settings, *position, move("b7b8n"), 120, 16));
  EXPECT_FALSE(
      selfplay::is_kept(settings, *position, move("g1f3"), -3000, 16));  // beyond the bound
  EXPECT_TRUE(selfplay::is_kept(settings, *position, move("g1f3"), -2999, 16));
  EXPECT_FALSE(selfplay::is_kept(settings, *position, move("g1f3"), engine::win_in(5), 16));
  const auto checked =
      games::Chess::parse("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w KQkq - 1 3", error);
  ASSERT_TRUE(checked) << error;
  const auto block = checked->parse_move("g2g3");
  ASSERT_TRUE(block);
  EXPECT_FALSE(selfplay::is_kept(settings, *checked, *block, 0, 16));  // in check
}

TEST(SelfplayFilters, LevelStartsScoreUnderTheOpeningBound) {
  selfplay::GameSettings settings;
  settings.opening_bound = 200;
  EXPECT_TRUE(selfplay::is_level_opening(settings, 199));
  EXPECT_TRUE(selfplay::is_level_opening(settings, -199));
  EXPECT_FALSE(selfplay::is_level_opening(settings, 200));
  EXPECT_FALSE(selfplay::is_level_opening(settings, -200));
  EXPECT_FALSE(selfplay::is_level_opening(settings, engine::win_in(3)));
  settings.opening_bound = 0;  // no filter: even a mate is played
  EXPECT_TRUE(selfplay::is_level_opening(settings, engine::win_in(3)));
  EXPECT_TRUE(selfplay::is_level_opening(settings, -5000));
}

// The games without the opening filter are the oracle: with it, a game whose
// start the first search finds level is that game unchanged, and one whose
// start is uneven is drawn again (a level start, or dropped once the tries
// are spent) or, with one try, dropped.
TEST(SelfplayOpenings, UnevenStartsAreDrawnAgainOrDropped) {
  selfplay::GameSettings unfiltered;
  unfiltered.nodes = 400;
  unfiltered.max_plies = 40;
  unfiltered.seed = 5;
  unfiltered.opening_bound = 0;
  selfplay::GameSettings one_try = unfiltered;
  one_try.opening_bound = 40;
  one_try.opening_tries = 1;
  selfplay::GameSettings patient = one_try;
  patient.opening_tries = 8;

  engine::TranspositionTable table(1);
  engine::SearchMemory memory;
  const std::atomic<bool> never{false};
  const auto play = [&](const selfplay::GameSettings& settings, std::uint64_t game) {
    auto played = selfplay::play_game(settings, game, table, memory, never);
    EXPECT_TRUE(played);
    return played.value_or(selfplay::PlayedGame{});
  };
  const auto same_game = [](const selfplay::PlayedGame& a, const selfplay::PlayedGame& b) {
    return a.records == b.records && a.facts.plies == b.facts.plies &&
           a.facts.white_result == b.facts.white_result &&
           a.facts.start_score == b.facts.start_score && a.facts.nodes == b.facts.nodes;
  };
  using Start = selfplay::GameFacts::Start;
  int uneven = 0;
  int drawn_again_and_played = 0;
  for (std::uint64_t game = 0; game < 8; ++game) {
    SCOPED_TRACE(game);
    const auto plain = play(unfiltered, game);
    ASSERT_EQ(plain.facts.start, Start::kPlayed);
    EXPECT_EQ(plain.facts.redraws, 0);
    const auto once = play(one_try, game);
    const auto again = play(patient, game);
    if (std::abs(plain.facts.start_score) < one_try.opening_bound) {
      EXPECT_TRUE(same_game(once, plain));
      EXPECT_TRUE(same_game(again, plain));
      EXPECT_EQ(again.facts.redraws, 0);
      continue;
    }
    ++uneven;
    EXPECT_EQ(once.facts.start, Start::kDropped);
    EXPECT_TRUE(once.records.empty());
    EXPECT_LT(once.facts.nodes, plain.facts.nodes);  // the one search of its start
    EXPECT_GE(again.facts.redraws, 1);
    if (again.facts.start == Start::kDropped) {
      EXPECT_EQ(again.facts.redraws, patient.opening_tries - 1);
      EXPECT_TRUE(again.records.empty());
    } else {
      ASSERT_EQ(again.facts.start, Start::kPlayed);
      EXPECT_LT(std::abs(again.facts.start_score), patient.opening_bound);
      EXPECT_FALSE(same_game(again, plain));
      ++drawn_again_and_played;
    }
  }
  // The seed was chosen so that the filter has work to do.
  EXPECT_GE(uneven, 1);
  EXPECT_GE(drawn_again_and_played, 1);
}

TEST(SelfplayAdjudication, NeedsAgreementForPliesInARow) {
  selfplay::GameSettings settings;
  using Verdict = selfplay::Adjudication::Verdict;
  selfplay::Adjudication resign(settings);
  EXPECT_EQ(resign.add(1600, 20), Verdict::kNone);
  EXPECT_EQ(resign.add(1600, 20), Verdict::kNone);
  EXPECT_EQ(resign.add(1400, 21), Verdict::kNone);  // not agreed: counts again
  EXPECT_EQ(resign.add(-1500, 21), Verdict::kNone);
  EXPECT_EQ(resign.add(-1500, 22), Verdict::kNone);
  EXPECT_EQ(resign.add(-2000, 22), Verdict::kNone);
  EXPECT_EQ(resign.add(-1'000'000, 23), Verdict::kBlackWins);

  selfplay::Adjudication draw(settings);
  for (int ply = 0; ply < 20; ++ply) EXPECT_EQ(draw.add(5, 30), Verdict::kNone);  // too early
  for (int ply = 0; ply < 7; ++ply) EXPECT_EQ(draw.add(-9, 40), Verdict::kNone);
  EXPECT_EQ(draw.add(9, 41), Verdict::kDraw);
}

// --nnue plays and scores with the network: other bytes than the
// hand-written evaluation's, the same on any number of threads, and a
// checkpoint that names it (a run without it does not resume there).
TEST_F(SelfplayCommand, NetworkPlaysAndScoresWithNnue) {
  selfplay(path("hand.bin"), {"--games", "2"});
  selfplay(path("net.bin"), {"--games", "2", "--nnue"});
  selfplay(path("net2.bin"), {"--games", "2", "--nnue", "--threads", "2"});
  const std::string net = bytes(path("net.bin"));
  ASSERT_FALSE(net.empty());
  EXPECT_NE(net, bytes(path("hand.bin")));
  EXPECT_EQ(bytes(path("net2.bin")), net);

  const std::string checkpoint = path("net.checkpoint");
  selfplay(path("resumed.bin"), {"--games", "1", "--nnue", "--checkpoint", checkpoint});
  const auto refused = run_command(
      run_selfplay, {"--out", path("resumed.bin"), "--games", "2", "--checkpoint", checkpoint,
                     "--nodes", "400", "--max-plies", "120", "--hash", "1", "--seed", "5"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("other arguments"), std::string::npos) << refused.err;

  const auto missing = run_command(
      run_selfplay, {"--out", path("x.bin"), "--games", "1", "--nnue", "/nonexistent.nnue"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("/nonexistent.nnue"), std::string::npos) << missing.err;
}

TEST(SelfplayOptions, BadOptionsExitTwo) {
  const auto expect_refused = [](const Arguments& args) {
    const auto run = run_command(run_selfplay, args);
    EXPECT_EQ(run.status, 2) << ::testing::PrintToString(args) << '\n' << run.err;
    EXPECT_FALSE(run.err.empty());
  };
  expect_refused({"--games", "1"});    // no --out
  expect_refused({"--out", "x.bin"});  // no count
  expect_refused({"--out", "x.bin", "--games", "0"});
  expect_refused({"--out", "x.bin", "--games", "1", "--nodes", "5", "--depth", "3"});
  expect_refused({"--out", "x.bin", "--games", "1", "--threads", "0"});
  expect_refused({"--out", "x.bin", "--games", "1", "--nodes", "-1"});
  expect_refused({"--out", "x.bin", "--games", "1", "--score-bound", "40000"});
  expect_refused({"--out", "x.bin", "--games", "1", "--opening-bound", "-1"});
  expect_refused({"--out", "x.bin", "--games", "1", "--opening-tries", "0"});
  expect_refused({"--out", "x.bin", "--games", "1", "--openings", "/nonexistent.epd"});
  expect_refused({"--out", "x.bin", "--games", "1", "--no-such-option"});
  const auto help = run_command(run_selfplay, {"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--checkpoint"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists("x.bin"));
}

}  // namespace
}  // namespace brudno::tools
