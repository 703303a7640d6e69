// brudno-mpi uci under mpirun: rank 0 speaks UCI for the cluster. Every `go`
// gets one bestmove, a legal move of the position; the ranks exchange table
// entries while they search; a `stop` ends every rank's search (the next
// search hears from them all); bad options are refused. Skips, saying so,
// where the MPI front end was not built or mpirun is absent.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "games/chess/chess.hpp"
#include "tools/pipe/pipe_engine.hpp"

namespace {

using brudno::games::Chess;
using brudno::tools::count_prefix;
using brudno::tools::PipeEngine;
using brudno::tools::starts_with;

// mpirun's arguments for `ranks` ranks of brudno-mpi with `args`.
std::vector<std::string> mpirun_args(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> words = {"--oversubscribe", "-np", std::to_string(ranks)};
  if (getuid() == 0) words.insert(words.begin(), "--allow-run-as-root");
  // Under AddressSanitizer: Open MPI keeps allocations past MPI_Finalize.
  words.insert(words.begin(), {"-x", "ASAN_OPTIONS=detect_leaks=0"});
  words.push_back(BRUDNO_MPI_BINARY);
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

// The numbers of rank 0's `info string cluster` line.
struct ClusterSummary {
  int ranks = 0;
  int reported = 0;
  int depth = 0;
  long long offered = 0;
  long long received = 0;
  long long stored = 0;
};

std::optional<ClusterSummary> read_summary(const std::vector<std::string>& lines) {
  static const std::regex pattern(
      R"(info string cluster of (\d+) ranks: (\d+) reported, move from rank \d+ at depth (\d+), )"
      R"(nodes \d+, table entries offered (\d+) received (\d+) stored (\d+) .*)");
  for (const auto& line : lines) {
    std::smatch match;
    if (!std::regex_match(line, match, pattern)) continue;
    return ClusterSummary{std::stoi(match[1]),  std::stoi(match[2]),  std::stoi(match[3]),
                          std::stoll(match[4]), std::stoll(match[5]), std::stoll(match[6])};
  }
  return std::nullopt;
}

std::string bestmove_of(const std::vector<std::string>& lines) {
  if (lines.empty() || !starts_with(lines.back(), "bestmove ")) return "";
  const std::string rest = lines.back().substr(9);
  return rest.substr(0, rest.find(' '));
}

class MpiCluster : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(BRUDNO_MPI_BINARY).empty()) {
      GTEST_SKIP() << "brudno-mpi was not built: " << BRUDNO_MPI_ABSENT;
    }
    if (!std::filesystem::exists(BRUDNO_MPIRUN)) GTEST_SKIP() << "no mpirun at " << BRUDNO_MPIRUN;
  }
};

TEST_F(MpiCluster, EveryGoGetsOneLegalBestmoveFromTheDeepestRank) {
  PipeEngine cluster(BRUDNO_MPIRUN, mpirun_args(2, {"uci", "--share-depth", "4"}));
  cluster.send("uci");
  const auto handshake = cluster.read_until("uciok", std::chrono::seconds(60));
  ASSERT_FALSE(handshake.empty());
  ASSERT_EQ(handshake.back(), "uciok");
  const std::string moves = "e2e4 e7e5 g1f3 b8c6";
  Chess position = Chess::start_position();
  for (const auto word : {"e2e4", "e7e5", "g1f3", "b8c6"}) {
    const auto move = position.parse_move(word);
    ASSERT_TRUE(move);
    position.play(*move);
  }
  for (const int depth : {1, 6, 9}) {
    cluster.send("position startpos moves " + moves);
    cluster.send("go depth " + std::to_string(depth));
    const auto lines = cluster.read_until("bestmove", std::chrono::seconds(60));
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(count_prefix(lines, "bestmove"), 1U);
    const std::string best = bestmove_of(lines);
    EXPECT_TRUE(position.parse_move(best)) << best << " is no legal move";
    const auto summary = read_summary(lines);
    ASSERT_TRUE(summary) << "no cluster summary before " << lines.back();
    EXPECT_EQ(summary->ranks, 2);
    EXPECT_GE(summary->reported, 1);
    // Rank 0 finished the depth asked for; a deeper rank's move may be played.
    EXPECT_GE(summary->depth, depth);
    // The last iteration's line before the bestmove names the move played
    // first in its pv (rank 0's own, or the deeper rank's put before it).
    const auto info = std::find_if(lines.rbegin(), lines.rend(), [](const std::string& line) {
      return starts_with(line, "info depth");
    });
    ASSERT_NE(info, lines.rend());
    EXPECT_NE((*info + ' ').find(" pv " + best + ' '), std::string::npos) << *info;
  }
  cluster.send("quit");
  EXPECT_EQ(cluster.wait_exit(std::chrono::seconds(30)), 0);
}

TEST_F(MpiCluster, RanksExchangeTableEntriesAndStopTogether) {
  PipeEngine cluster(BRUDNO_MPIRUN, mpirun_args(2, {"uci", "--share-depth", "4"}));
  cluster.send("position startpos");
  cluster.send("go infinite");
  // The ranks search for a second and a half from rank 0's first iteration,
  // not from the `go`: on a loaded machine mpirun may take that long to start
  // them, and a `stop` read with the `go` ends the search before any depth.
  const auto started = cluster.read_until("info depth", std::chrono::seconds(60));
  ASSERT_FALSE(started.empty());
  ASSERT_TRUE(starts_with(started.back(), "info depth")) << started.back();
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  cluster.send("stop");
  const auto stopped = cluster.read_until("bestmove", std::chrono::seconds(30));
  ASSERT_FALSE(stopped.empty());
  ASSERT_TRUE(starts_with(stopped.back(), "bestmove "));
  const auto summary = read_summary(stopped);
  ASSERT_TRUE(summary);
  // Both ranks stored deep entries: rank 0 offered its own and took in rank 1's.
  EXPECT_GT(summary->offered, 0);
  EXPECT_GT(summary->received, 0);
  EXPECT_GT(summary->stored, 0);
  // Rank 1 ended its infinite search too: its reports for the next search
  // reach rank 0, which they could not while it still searched the last.
  cluster.send("position startpos moves d2d4");
  cluster.send("go movetime 2000");
  const auto next = cluster.read_until("bestmove", std::chrono::seconds(60));
  const auto next_summary = read_summary(next);
  ASSERT_TRUE(next_summary);
  EXPECT_EQ(next_summary->reported, 2);
  cluster.send("quit");
  EXPECT_EQ(cluster.wait_exit(std::chrono::seconds(30)), 0);
}

TEST_F(MpiCluster, BadOptionsAreRefused) {
  PipeEngine cluster(BRUDNO_MPIRUN, mpirun_args(2, {"uci", "--share-depth", "0"}));
  EXPECT_EQ(cluster.wait_exit(std::chrono::seconds(60)), 2);
}

}  // namespace
