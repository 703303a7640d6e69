// Perft of the published suites, exact: every position its own test case, so
// that CTest runs them in parallel.

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"

namespace brudno::games {
namespace {

// Every count below this is checked. The sanitizer builds run 3-20x slower,
// so they check the counts below a million and the release build the rest.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr std::uint64_t kMaxLeaves = 1'000'000;
#else
constexpr std::uint64_t kMaxLeaves = 10'000'000;
#endif

struct PerftCase {
  std::string name;
  std::string path;  // the file, named when it is missing
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> counts;  // depth, leaves
};

// How CTest and failure messages name a case: by its FEN.
void PrintTo(const PerftCase& entry, std::ostream* out) {
  *out << entry.fen;
}

// Lines `FEN ;D1 n ;D2 n ...`. A missing file is one case that skips.
std::vector<PerftCase> load(const std::string& file, const std::string& prefix) {
  const std::string path = std::string(BRUDNO_SHARED_DATA) + "/chess/" + file;
  std::ifstream in(path);
  if (!in) return {{prefix + "_missing", path, "", {}}};
  std::vector<PerftCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t semicolon = line.find(';');
    if (semicolon == std::string::npos) continue;
    PerftCase entry{
        prefix + "_" + std::to_string(cases.size() + 1), path, line.substr(0, semicolon), {}};
    std::istringstream fields(line.substr(semicolon));
    std::string depth;
    std::uint64_t leaves = 0;
    while (fields >> depth >> leaves) entry.counts.emplace_back(std::stoi(depth.substr(2)), leaves);
    cases.push_back(std::move(entry));
  }
  return cases;
}

class ChessPerft : public testing::TestWithParam<PerftCase> {};

TEST_P(ChessPerft, LeafCountsMatch) {
  const PerftCase& entry = GetParam();
  if (entry.fen.empty()) GTEST_SKIP() << "no perft data at " << entry.path;
  ASSERT_FALSE(entry.counts.empty()) << entry.fen;
  std::string error;
  auto position = Chess::parse(entry.fen, error);
  ASSERT_TRUE(position) << entry.fen << ": " << error;
  const std::uint64_t key = position->key();
  for (const auto& [depth, leaves] : entry.counts) {
    if (leaves >= kMaxLeaves) continue;
    EXPECT_EQ(perft(*position, depth), leaves) << entry.fen << " depth " << depth;
  }
  EXPECT_EQ(position->key(), key) << "perft left the position changed";
  EXPECT_EQ(position->to_text().substr(0, entry.fen.find(' ')),
            entry.fen.substr(0, entry.fen.find(' ')));
}

std::string case_name(const testing::TestParamInfo<PerftCase>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Cpw6, ChessPerft, testing::ValuesIn(load("perft_cpw6.epd", "cpw6")),
                         case_name);
INSTANTIATE_TEST_SUITE_P(Suite, ChessPerft, testing::ValuesIn(load("perftsuite.epd", "suite")),
                         case_name);

// The divided form adds up to the total and has one entry per legal move.
TEST(ChessPerftDivide, SumsToTheTotal) {
  auto position = Chess::start_position();
  const auto division = perft_divide(position, 3);
  ASSERT_EQ(division.size(), 20u);
  std::uint64_t total = 0;
  for (const auto& entry : division) total += entry.nodes;
  EXPECT_EQ(total, 8902u);
  EXPECT_EQ(perft(position, 0), 1u);
}

}  // namespace
}  // namespace brudno::games
