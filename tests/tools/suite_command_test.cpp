// `brudno suite`: the published scores checked, and --compare --rounds reporting
// every pass of a 1-thread against a 2-thread run.

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "tools/command.hpp"

namespace brudno::tools {
namespace {

const std::filesystem::path kEasyEndgames =
    std::filesystem::path(BRUDNO_SHARED_DATA) / "connect4" / "Test_L3_R1";

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t found = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++found;
  return found;
}

TEST(SuiteCommand, ComparesThreadCountsOverSeveralRounds) {
  if (!std::filesystem::exists(kEasyEndgames)) {
    GTEST_SKIP() << "no benchmark data at " << kEasyEndgames;
  }
  std::ostringstream out;
  std::ostringstream err;
  const int status = run_suite({kEasyEndgames.string(), "--limit", "20", "--threads", "2",
                                "--compare", "--rounds", "3", "--hash", "4"},
                               out, err);
  EXPECT_EQ(status, 0) << err.str();
  const std::string report = out.str();
  EXPECT_EQ(count(report, "round "), 3u) << report;
  EXPECT_NE(report.find("round 3: 1 thread: "), std::string::npos) << report;
  // Every pass solves the same twenty positions, each at both thread counts.
  EXPECT_NE(report.find("positions 60, correct 60, wrong 0"), std::string::npos) << report;
  EXPECT_NE(report.find("speedup"), std::string::npos) << report;
}

TEST(SuiteCommand, RefusesRoundsWithoutCompare) {
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(run_suite({kEasyEndgames.string(), "--rounds", "2"}, out, err), 2);
  EXPECT_NE(err.str().find("--rounds"), std::string::npos) << err.str();
  EXPECT_EQ(run_suite({kEasyEndgames.string(), "--compare", "--rounds", "0"}, out, err), 2);
}

}  // namespace
}  // namespace brudno::tools
