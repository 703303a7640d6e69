// `brudno suite`: the published scores checked, --compare --rounds reporting
// every pass of a 1-thread against a 2-thread run, and the --verbose lines.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

// The per-position lines of --verbose, each split into its fields.
std::vector<std::vector<std::string>> position_lines(const std::string& report) {
  std::vector<std::vector<std::string>> lines;
  std::istringstream in(report);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::vector<std::string> fields;
    for (std::string word; words >> word;) fields.push_back(word);
    // "<moves> <expected score> ...": the summary lines start otherwise.
    const bool is_position = fields.size() > 1 &&
                             fields[0].find_first_not_of("1234567") == std::string::npos &&
                             fields[1].find_first_not_of("-0123456789") == std::string::npos;
    if (is_position) lines.push_back(fields);
  }
  return lines;
}

TEST(SuiteCommand, VerboseShowsTheOneThreadRunOnlyWhenComparing) {
  if (!std::filesystem::exists(kEasyEndgames)) {
    GTEST_SKIP() << "no benchmark data at " << kEasyEndgames;
  }
  std::ostringstream plain;
  std::ostringstream compared;
  std::ostringstream err;
  ASSERT_EQ(
      run_suite({kEasyEndgames.string(), "--limit", "3", "--hash", "4", "--verbose"}, plain, err),
      0)
      << err.str();
  ASSERT_EQ(run_suite({kEasyEndgames.string(), "--limit", "3", "--hash", "4", "--verbose",
                       "--threads", "2", "--compare"},
                      compared, err),
            0)
      << err.str();
  // moves expected got nodes microseconds
  const auto plain_lines = position_lines(plain.str());
  ASSERT_EQ(plain_lines.size(), 3u) << plain.str();
  for (const auto& fields : plain_lines) EXPECT_EQ(fields.size(), 5u);
  // ... then the one-thread nodes and microseconds.
  const auto compared_lines = position_lines(compared.str());
  ASSERT_EQ(compared_lines.size(), 3u) << compared.str();
  for (const auto& fields : compared_lines) {
    ASSERT_EQ(fields.size(), 7u);
    EXPECT_GT(std::stoull(fields[5]), 0u);
  }
}

TEST(SuiteCommand, RefusesRoundsWithoutCompare) {
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(run_suite({kEasyEndgames.string(), "--rounds", "2"}, out, err), 2);
  EXPECT_NE(err.str().find("--rounds"), std::string::npos) << err.str();
  EXPECT_EQ(run_suite({kEasyEndgames.string(), "--compare", "--rounds", "0"}, out, err), 2);
}

// Issue 13: a folder and an empty file "succeeded" at 1000000000 positions
// a second, and a negative limit meant no limit.
TEST(SuiteCommand, RefusesWhatIsNotAFileOfPositionsAndNegativeCounts) {
  std::ostringstream out;
  std::ostringstream err;
  const auto folder = std::filesystem::temp_directory_path();
  EXPECT_EQ(run_suite({folder.string()}, out, err), 2);
  EXPECT_NE(err.str().find("is not a file"), std::string::npos) << err.str();
  EXPECT_EQ(run_suite({"/dev/null"}, out, err), 2);
  const auto empty = folder / "brudno-suite-empty";
  std::ofstream{empty};
  err.str("");
  EXPECT_EQ(run_suite({empty.string()}, out, err), 2);
  EXPECT_NE(err.str().find("has no positions"), std::string::npos) << err.str();
  std::filesystem::remove(empty);
  for (const char* option : {"--limit", "--hash"}) {
    err.str("");
    EXPECT_EQ(run_suite({kEasyEndgames.string(), option, "-1"}, out, err), 2) << option;
    EXPECT_NE(err.str().find("-1"), std::string::npos) << err.str();
  }
  EXPECT_TRUE(out.str().empty()) << out.str();
}

}  // namespace
}  // namespace brudno::tools
