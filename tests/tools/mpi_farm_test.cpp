// brudno-mpi suite under mpirun against brudno suite --fresh-table in one
// process: the same positions, scores and node counts in the same order,
// the same verdict on a wrong score. Skips, saying so, where the MPI front
// end was not built or mpirun or the published data is absent.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/sanitized_build.hpp"
#include "tools/tune/pgn_reader.hpp"

namespace {

struct Run {
  int status = -1;
  std::string out;
};

std::string quoted(const std::string& word) {
  return "'" + word + "'";
}

// Runs a command line; stdout is kept, stderr goes to `err_file`.
Run run(const std::vector<std::string>& words, const std::string& err_file) {
  std::string command;
  for (const auto& word : words) command += quoted(word) + ' ';
  command += "2>" + quoted(err_file) + " </dev/null";
  Run result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer{};
  while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) {
    result.out.append(buffer.data(), n);
  }
  const int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The deterministic part of a suite's output: each position line's moves,
// expected score, score found and nodes (not its microseconds), and the
// count line.
std::vector<std::string> deterministic_lines(const std::string& output) {
  std::vector<std::string> kept;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("positions ")) {
      kept.push_back(line);
      continue;
    }
    std::istringstream words(line);
    std::string moves, expected, got, nodes;
    if (words >> moves >> expected >> got >> nodes &&
        moves.find_first_not_of("1234567") == std::string::npos) {
      kept.push_back(moves + ' ' + expected + ' ' + got + ' ' + nodes);
    }
  }
  return kept;
}

class MpiFarm : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(BRUDNO_MPI_BINARY).empty()) {
      GTEST_SKIP() << "brudno-mpi was not built: " << BRUDNO_MPI_ABSENT;
    }
    if (!std::filesystem::exists(BRUDNO_MPIRUN)) GTEST_SKIP() << "no mpirun at " << BRUDNO_MPIRUN;
    if (!std::filesystem::exists(suite_)) GTEST_SKIP() << suite_ << " is absent";
    directory_ =
        std::filesystem::temp_directory_path() / ("brudno_mpi_farm_" + std::to_string(getpid()));
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override {
    if (!directory_.empty()) std::filesystem::remove_all(directory_);
  }

  std::vector<std::string> mpirun(int ranks, const std::vector<std::string>& args) {
    std::vector<std::string> words = {BRUDNO_MPIRUN, "--oversubscribe", "-np",
                                      std::to_string(ranks)};
    if (getuid() == 0) words.insert(words.begin() + 1, "--allow-run-as-root");
    // Under AddressSanitizer: Open MPI keeps allocations past MPI_Finalize,
    // which the leak check would report as the farm's.
    words.insert(words.begin() + 1, {"-x", "ASAN_OPTIONS=detect_leaks=0"});
    words.push_back(BRUDNO_MPI_BINARY);
    words.insert(words.end(), args.begin(), args.end());
    return words;
  }

  std::string err_file() const { return (directory_ / "stderr.txt").string(); }

  // A command line refused on two ranks: exit status 2, `message` said once
  // (by rank 0 alone), and `never_written` not made.
  void expect_refused_once_on_two_ranks(const std::vector<std::string>& words,
                                        const std::string& message,
                                        const std::string& never_written) {
    const auto refused = run(mpirun(2, words), err_file());
    EXPECT_EQ(refused.status, 2) << message << '\n' << read_file(err_file());
    const std::string err = read_file(err_file());
    EXPECT_NE(err.find(message), std::string::npos) << err;
    EXPECT_EQ(err.find(message), err.rfind(message)) << err;
    EXPECT_FALSE(std::filesystem::exists(never_written)) << message;
  }

  const std::string suite_ = std::string(BRUDNO_SHARED_DATA) + "/connect4/Test_L2_R2";
  std::filesystem::path directory_;
};

TEST_F(MpiFarm, TwoRanksPrintWhatOneProcessPrints) {
  const auto one =
      run({BRUDNO_BINARY, "suite", suite_, "--limit", "60", "-v", "--fresh-table"}, err_file());
  ASSERT_EQ(one.status, 0) << read_file(err_file());
  // One, two and three ranks; under AddressSanitizer, two.
  const std::vector<int> rank_counts =
      brudno::test_build::kSanitized ? std::vector<int>{2} : std::vector<int>{1, 2, 3};
  for (const int ranks : rank_counts) {
    const auto farmed = run(mpirun(ranks, {"suite", suite_, "--limit", "60", "-v"}), err_file());
    ASSERT_EQ(farmed.status, 0) << read_file(err_file());
    EXPECT_EQ(deterministic_lines(farmed.out), deterministic_lines(one.out)) << ranks << " ranks";
    EXPECT_NE(farmed.out.find("ranks " + std::to_string(ranks)), std::string::npos);
    EXPECT_NE(read_file(err_file()).find("progress: 60/60 done"), std::string::npos);
  }
  EXPECT_EQ(deterministic_lines(one.out).size(), 61u);
}

TEST_F(MpiFarm, AWrongScoreAndABadLineAreReportedAsInOneProcess) {
  // Two good lines of the set, one with its score changed, one malformed.
  std::ifstream published(suite_);
  std::string first, second;
  std::getline(published, first);
  std::getline(published, second);
  const auto space = second.find(' ');
  const std::string wrong = second.substr(0, space) + " 99";
  const auto file = (directory_ / "suite.txt").string();
  std::ofstream(file) << first << '\n' << "not a line\n" << wrong << '\n';

  const auto one = run({BRUDNO_BINARY, "suite", file, "--fresh-table"}, err_file());
  const std::string one_err = read_file(err_file());
  const auto farmed = run(mpirun(2, {"suite", file}), err_file());
  const std::string farmed_err = read_file(err_file());
  EXPECT_EQ(one.status, 1);
  EXPECT_EQ(farmed.status, 1);
  EXPECT_EQ(deterministic_lines(farmed.out), deterministic_lines(one.out));
  EXPECT_NE(farmed.out.find("positions 2, correct 1, wrong 1, skipped 1"), std::string::npos)
      << farmed.out;
  for (const auto* expected : {"line 2: not '<moves> <score>': not a line", "  WRONG"}) {
    EXPECT_NE(one_err.find(expected), std::string::npos) << one_err;
    EXPECT_NE(farmed_err.find(expected), std::string::npos) << farmed_err;
  }
}

TEST_F(MpiFarm, AnEpdSuiteFarmedPrintsWhatOneProcessPrints) {
  // Searched to a fixed depth from an empty table, so every line is
  // deterministic, node counts included.
  const auto file = (directory_ / "suite.epd").string();
  std::ofstream(file) << "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate\";\n"
                         "4k3/8/4p3/3p4/8/8/8/3QK3 w - - am Qxd5; id \"poisoned\";\n"
                         "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 "
                         "bm Bb5; id \"ruy\";\n"
                         "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4 "
                         "bm Qxf7#; id \"scholar\";\n";
  const auto one = run({BRUDNO_BINARY, "epd", file, "--depth", "6"}, err_file());
  ASSERT_EQ(one.status, 0) << read_file(err_file());
  const auto farmed = run(mpirun(2, {"epd", file, "--depth", "6"}), err_file());
  ASSERT_EQ(farmed.status, 0) << read_file(err_file());
  EXPECT_EQ(farmed.out, one.out);
  EXPECT_NE(one.out.find("solved mate: bm Ra8#; played Ra8#"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("\nsolved "), std::string::npos);
}

TEST_F(MpiFarm, AnalysedGamesFarmedWriteTheFileOneProcessWrites) {
  // Every position of two games, each to a fixed depth from an empty table:
  // the EPD files are the same, node counts included.
  const auto games = (directory_ / "games.pgn").string();
  std::ofstream(games) << "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
                          "[Result \"*\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 *\n";
  const auto one_out = (directory_ / "one.epd").string();
  const auto farmed_out = (directory_ / "farmed.epd").string();
  const auto one =
      run({BRUDNO_BINARY, "analyse", games, "--depth", "5", "--out", one_out}, err_file());
  ASSERT_EQ(one.status, 0) << read_file(err_file());
  const auto farmed =
      run(mpirun(2, {"analyse", games, "--depth", "5", "--out", farmed_out}), err_file());
  ASSERT_EQ(farmed.status, 0) << read_file(err_file());
  EXPECT_NE(read_file(err_file()).find("progress: 13/13 done"), std::string::npos)
      << read_file(err_file());
  const std::string written = read_file(one_out);
  EXPECT_EQ(std::count(written.begin(), written.end(), '\n'), 13);
  EXPECT_EQ(read_file(farmed_out), written);
  EXPECT_NE(written.find("dm 1; bm Qh4#; pv Qh4#; id \"game 1 ply 3\";"), std::string::npos)
      << written;
}

// `brudno solve` output without what depends on the clock: each line's
// " time ... ms" and the summary's timings and memory after "; search".
std::vector<std::string> untimed_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("ranks ")) continue;
    if (const auto time = line.find(" time "); time != std::string::npos) {
      const auto end = line.find(" ms", time);
      line.erase(time, end + 3 - time);
    }
    if (const auto search = line.find("; search "); search != std::string::npos)
      line.resize(search);
    lines.push_back(line);
  }
  return lines;
}

TEST_F(MpiFarm, SlidingTileInstancesFarmedPrintWhatOneProcessPrints) {
  const std::string instances = std::string(BRUDNO_SHARED_DATA) + "/puzzles/8puzzle_instances.txt";
  if (!std::filesystem::exists(instances)) GTEST_SKIP() << instances << " is absent";
  const auto one =
      run({BRUDNO_BINARY, "solve", "8puzzle", "--instances", instances, "-v"}, err_file());
  ASSERT_EQ(one.status, 0) << read_file(err_file());
  const auto farmed =
      run(mpirun(2, {"solve", "8puzzle", "--instances", instances, "-v"}), err_file());
  ASSERT_EQ(farmed.status, 0) << read_file(err_file());
  const auto lines = untimed_lines(one.out);
  EXPECT_EQ(untimed_lines(farmed.out), lines);
  ASSERT_FALSE(lines.empty());
  // Every optimal length the file gives is met, in both.
  EXPECT_NE(lines.back().find(", correct "), std::string::npos) << lines.back();
  EXPECT_NE(farmed.out.find("ranks 2"), std::string::npos);

  const auto wrong = run(mpirun(2, {"solve", "romania"}), err_file());
  EXPECT_EQ(wrong.status, 2);
  EXPECT_NE(read_file(err_file()).find("solve farms sliding-tile instances"), std::string::npos)
      << read_file(err_file());
}

TEST_F(MpiFarm, PatternDatabasesAreBuiltOnceForTheWholeFarm) {
  const std::string instances = std::string(BRUDNO_SHARED_DATA) + "/puzzles/8puzzle_instances.txt";
  if (!std::filesystem::exists(instances)) GTEST_SKIP() << instances << " is absent";
  const std::string cache = (directory_ / "cache").string();
  const auto count = [](const std::string& text, const std::string& part) {
    std::size_t found = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++found;
    return found;
  };
  // An empty cache: rank 0 builds the two 4-tile databases, the other ranks
  // read its files.
  const std::vector<std::string> args = {"solve",   "8puzzle",     "--instances", instances,
                                         "--heuristic", "pdb", "--cache-dir", cache};
  const auto cold = run(mpirun(3, args), err_file());
  ASSERT_EQ(cold.status, 0) << read_file(err_file());
  const std::string cold_err = read_file(err_file());
  EXPECT_EQ(count(cold_err, "missing; built"), 2u) << cold_err;
  EXPECT_EQ(count(cold_err, "2 other rank(s) read its file, 0 received it from rank 0"), 2u)
      << cold_err;
  EXPECT_NE(cold.out.find(", correct "), std::string::npos) << cold.out;
  // A warm one: nothing built.
  const auto warm = run(mpirun(2, args), err_file());
  ASSERT_EQ(warm.status, 0) << read_file(err_file());
  const std::string warm_err = read_file(err_file());
  EXPECT_EQ(count(warm_err, "built"), 0u) << warm_err;
  EXPECT_EQ(count(warm_err, "1 other rank(s) read its file"), 2u) << warm_err;
  EXPECT_EQ(untimed_lines(warm.out), untimed_lines(cold.out));
}

TEST_F(MpiFarm, SelfPlayGamesAreGatheredInOrderIntoOnePgnTheTunerReads) {
  const auto openings = (directory_ / "openings.epd").string();
  const std::vector<std::string> fens = {
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
      "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
      "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq -"};
  std::ofstream(openings) << fens[0] << '\n' << fens[1] << '\n' << fens[2] << '\n';
  const auto pgn = (directory_ / "games.pgn").string();
  const auto played = run(mpirun(2, {"selfplay", "--games", "3", "--tc", "0.5+0.01", "--hash", "4",
                                     "--openings", openings, "--out", pgn}),
                          err_file());
  ASSERT_EQ(played.status, 0) << read_file(err_file());
  EXPECT_NE(played.out.find("games 3 written to " + pgn), std::string::npos) << played.out;
  EXPECT_NE(read_file(err_file()).find("progress: 3/3 done"), std::string::npos);

  // The tuner's reader takes every game: legal moves from a legal start.
  std::ifstream in(pgn);
  std::vector<std::string> errors;
  const auto games = brudno::tools::tune::read_pgn(in, errors);
  EXPECT_TRUE(errors.empty()) << errors.front();
  ASSERT_EQ(games.size(), 3u);
  const std::string text = read_file(pgn);
  std::size_t at = 0;
  for (int round = 1; round <= 3; ++round) {
    // In the order they were handed out, whichever rank finished first.
    at = text.find("[Round \"" + std::to_string(round) + "\"]", at);
    EXPECT_NE(at, std::string::npos) << "round " << round;
  }
  for (const auto& game : games) {
    EXPECT_FALSE(game.moves.empty());
    EXPECT_TRUE(game.result == "1-0" || game.result == "0-1" || game.result == "1/2-1/2")
        << game.result;
    const std::string start = game.start.to_text();
    EXPECT_TRUE(std::any_of(fens.begin(), fens.end(), [&](const std::string& fen) {
      return start.starts_with(fen);
    })) << start;
  }
}

TEST_F(MpiFarm, SelfPlayByNodesPlaysTheSameGameFromTheSameOpeningWhateverTheLoad) {
  // One opening, so every game starts from it; a search of N nodes does not
  // depend on the clock, so the games, played on either rank by fresh or
  // reused engines, are move for move the same.
  const auto openings = (directory_ / "one_opening.epd").string();
  std::ofstream(openings) << "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n";
  const auto pgn = (directory_ / "by_nodes.pgn").string();
  const auto played = run(mpirun(2, {"selfplay", "--games", "4", "--nodes", "3000", "--hash", "4",
                                     "--openings", openings, "--out", pgn}),
                          err_file());
  ASSERT_EQ(played.status, 0) << read_file(err_file());
  std::ifstream in(pgn);
  std::vector<std::string> errors;
  const auto games = brudno::tools::tune::read_pgn(in, errors);
  EXPECT_TRUE(errors.empty()) << errors.front();
  ASSERT_EQ(games.size(), 4u);
  ASSERT_GT(games[0].moves.size(), 10u);
  for (const auto& game : games) {
    EXPECT_EQ(game.moves, games[0].moves);
    EXPECT_EQ(game.result, games[0].result);
  }
  // No time control to write: the clocks only guarded against a hang.
  EXPECT_NE(read_file(pgn).find("[TimeControl \"-\"]"), std::string::npos);
}

// The records of a checkpoint file: lines "<item> <size>".
int checkpoint_records(const std::string& path) {
  std::ifstream in(path);
  int records = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::size_t item = 0, size = 0;
    std::string rest;
    if (words >> item >> size && !(words >> rest)) ++records;
  }
  return records;
}

TEST_F(MpiFarm, AKilledRunResumesFromItsCheckpointWithNothingLostOrRepeated) {
  // Fewer positions under AddressSanitizer, where each is slower to solve
  // and the kill after 20 still comes long before the end.
  const int positions = brudno::test_build::kSanitized ? 120 : 300;
  const std::vector<std::string> job = {"suite", suite_, "--limit", std::to_string(positions),
                                        "-v"};
  const auto whole = run(mpirun(2, job), err_file());
  ASSERT_EQ(whole.status, 0) << read_file(err_file());

  // The same job with a checkpoint; once 20 results are in it, one rank is
  // killed, and Open MPI ends the job.
  const auto checkpoint = (directory_ / "job.checkpoint").string();
  auto killed = mpirun(2, job);
  killed.insert(killed.end(), {"--checkpoint", checkpoint});
  std::string script;
  for (const auto& word : killed) script += quoted(word) + ' ';
  script += ">/dev/null 2>&1 & job=$!; ";
  script += "for i in $(seq 600); do [ -f " + quoted(checkpoint) +
            " ] && [ $(grep -c '^[0-9]* [0-9]*$' " + quoted(checkpoint) +
            ") -ge 20 ] && break; sleep 0.05; done; ";
  script += "pkill -9 -n -f " + quoted(checkpoint) + "; wait $job; true";
  const auto script_file = (directory_ / "kill.sh").string();
  std::ofstream(script_file) << script << '\n';
  ASSERT_EQ(run({"sh", script_file}, err_file()).status, 0) << read_file(err_file());
  const int saved = checkpoint_records(checkpoint);
  EXPECT_GE(saved, 20);
  EXPECT_LT(saved, positions) << "the job ended before the kill";

  const auto resumed = run(killed, err_file());
  ASSERT_EQ(resumed.status, 0) << read_file(err_file());
  EXPECT_NE(read_file(err_file())
                .find("checkpoint: " + std::to_string(saved) + " of " + std::to_string(positions)),
            std::string::npos)
      << read_file(err_file());
  EXPECT_EQ(deterministic_lines(resumed.out), deterministic_lines(whole.out));
  EXPECT_EQ(checkpoint_records(checkpoint), positions);
  // Another job is refused the file.
  auto other = mpirun(2, {"suite", suite_, "--limit", "10"});
  other.insert(other.end(), {"--checkpoint", checkpoint});
  EXPECT_EQ(run(other, err_file()).status, 2);
  EXPECT_NE(read_file(err_file()).find("is the checkpoint of another job"), std::string::npos);
}

TEST_F(MpiFarm, BadCommandsAreRefusedOnce) {
  const auto unknown = run(mpirun(2, {"frobnicate"}), err_file());
  EXPECT_EQ(unknown.status, 2);
  const std::string err = read_file(err_file());
  // Rank 0 alone says so.
  EXPECT_EQ(err.find("unknown command 'frobnicate'"), err.rfind("unknown command 'frobnicate'"));
  EXPECT_NE(err.find("unknown command 'frobnicate'"), std::string::npos);
  const auto missing = run(mpirun(2, {"suite", (directory_ / "absent.txt").string()}), err_file());
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(read_file(err_file()).find("absent.txt"), std::string::npos);
}

// Training records over the ranks: the bytes `brudno selfplay` writes in one
// process, and a run cut into two by its checkpoint writes them too.
TEST_F(MpiFarm, SelfPlayRecordsAreTheBytesOfOneProcess) {
  const std::vector<std::string> options = {"--games",       "4", "--nodes",      "300",
                                            "--hash",        "2", "--max-plies",  "60",
                                            "--skip-plies",  "2", "--random-plies", "6",
                                            "--seed",        "7"};
  const auto with = [&](std::vector<std::string> words, const std::string& out) {
    words.insert(words.end(), options.begin(), options.end());
    words.insert(words.end(), {"--out", out});
    return words;
  };
  const auto one = (directory_ / "one.bin").string();
  const auto alone = run(with({BRUDNO_BINARY, "selfplay"}, one), err_file());
  ASSERT_EQ(alone.status, 0) << read_file(err_file());
  const std::string expected = read_file(one);
  ASSERT_GT(expected.size(), 0u);
  ASSERT_EQ(expected.size() % 32, 0u);

  const auto farmed = (directory_ / "farmed.bin").string();
  const auto played = run(mpirun(2, with({"selfplay", "--records"}, farmed)), err_file());
  ASSERT_EQ(played.status, 0) << read_file(err_file());
  EXPECT_EQ(read_file(farmed), expected);
  EXPECT_NE(played.out.find("positions " + std::to_string(expected.size() / 32)),
            std::string::npos)
      << played.out;
  EXPECT_NE(played.out.find("ranks 2"), std::string::npos) << played.out;

  // Two games, then the run resumed from its checkpoint to four.
  const auto pieces = (directory_ / "pieces.bin").string();
  const auto checkpoint = (directory_ / "pieces.ckpt").string();
  auto first = mpirun(2, with({"selfplay", "--records"}, pieces));
  first.insert(first.end(), {"--checkpoint", checkpoint});
  auto half = first;
  *std::find(half.begin(), half.end(), "4") = "2";  // --games 2
  ASSERT_EQ(run(half, err_file()).status, 0) << read_file(err_file());
  ASSERT_EQ(run(first, err_file()).status, 0) << read_file(err_file());
  EXPECT_NE(read_file(err_file()).find("resuming after 2 games"), std::string::npos)
      << read_file(err_file());
  EXPECT_EQ(read_file(pieces), expected);
}

TEST_F(MpiFarm, SelfPlayRecordsRefuseWhatTheRanksCannotShare) {
  const auto out = (directory_ / "never.bin").string();
  const auto expect_refused_once = [&](const std::vector<std::string>& words,
                                       const std::string& message) {
    expect_refused_once_on_two_ranks(words, message, out);
  };
  expect_refused_once({"selfplay", "--records", "--positions", "100", "--out", out},
                      "needs --games N");
  expect_refused_once({"selfplay", "--records", "--games", "2", "--threads", "2", "--out", out},
                      "one rank a core");
  expect_refused_once({"selfplay", "--records", "--games", "2", "--nodes", "0", "--out", out},
                      "must be at least 1");
}

// Self-play's own options: each mistake is named once, and no game starts.
TEST_F(MpiFarm, BadSelfPlayOptionsAreRefusedOnce) {
  const auto pgn = (directory_ / "never.pgn").string();
  const auto openings = (directory_ / "openings.epd").string();
  std::ofstream(openings) << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n";
  const auto expect_refused_once = [&](const std::vector<std::string>& words,
                                       const std::string& message) {
    expect_refused_once_on_two_ranks(words, message, pgn);
  };
  expect_refused_once({"selfplay", "--openings", openings, "--out", pgn},
                      "selfplay needs --games N");
  expect_refused_once(
      {"selfplay", "--games", "2", "--openings", openings, "--out", pgn, "--tc", "fast"},
      "--tc fast");
  expect_refused_once(
      {"selfplay", "--games", "2", "--openings", openings, "--out", pgn, "--hash", "0"},
      "--hash from 1");
}

}  // namespace
