// The published Connect Four benchmark sets (../shared/data/connect4): every
// score exact (strong) and every sign right (weak), solved through the
// general engine, at one thread and at two (where the value must be the
// same, every time). Skipped, saying so, where the data is absent.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "games/connect4/connect4_search.hpp"
#include "tests/sanitized_build.hpp"

namespace brudno::games {
namespace {

struct SuiteCase {
  const char* set;
  std::size_t lines;  // how many of the 1000 to solve
  int threads = 1;
};

// For ctest's list of tests and for failure messages: the case, not its bytes.
void PrintTo(const SuiteCase& param, std::ostream* out) {
  *out << param.set << ", " << param.lines << " lines, threads " << param.threads;
}

class ConnectFourSuite : public ::testing::TestWithParam<SuiteCase> {};

int sign(int value) {
  return (value > 0) - (value < 0);
}

TEST_P(ConnectFourSuite, StrongAndWeakScoresMatchThePublishedOnes) {
  const std::filesystem::path file =
      std::filesystem::path(BRUDNO_SHARED_DATA) / "connect4" / GetParam().set;
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no benchmark data at " << file;
  if (test_build::kThreadSanitized && GetParam().threads == 1) {
    GTEST_SKIP() << "one thread: nothing for ThreadSanitizer to check (the release and debug "
                    "presets solve this set; the two-thread cases run here)";
  }
  std::ifstream in(file);
  engine::TranspositionTable table(16);
  const std::atomic<bool> stop{false};
  const engine::StopConditions never(stop, std::nullopt);
  engine::Solver<ConnectFour> solver(table, never, GetParam().threads);
  std::size_t solved = 0;
  std::string line;
  while (solved < GetParam().lines && std::getline(in, line)) {
    std::istringstream fields(line);
    std::string sequence;
    int expected = 0;
    ASSERT_TRUE(fields >> sequence >> expected) << line;
    const auto position = ConnectFour::parse(sequence);
    ASSERT_TRUE(position) << line;
    const auto strong = solver.solve(*position);
    ASSERT_TRUE(strong.solved);
    EXPECT_EQ(position->benchmark_score(strong.score), expected) << line;
    const auto weak = solver.solve(*position, true);
    EXPECT_EQ(sign(weak.score), sign(expected)) << line;
    ++solved;
  }
  EXPECT_EQ(solved, GetParam().lines);
}

INSTANTIATE_TEST_SUITE_P(
    Published, ConnectFourSuite,
    ::testing::Values(SuiteCase{"Test_L3_R1", 1000}, SuiteCase{"Test_L2_R1", 1000},
                      SuiteCase{"Test_L1_R1", 100}, SuiteCase{"Test_L2_R2", 100},
                      SuiteCase{"Test_L2_R1", 300, 2}, SuiteCase{"Test_L2_R2", 50, 2}),
    [](const auto& info) {
      return std::string(info.param.set) + "_threads" + std::to_string(info.param.threads);
    });

}  // namespace
}  // namespace brudno::games
