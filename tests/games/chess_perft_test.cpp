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
#include "tests/games/perft_cases.hpp"

namespace brudno::games {
namespace {

using testing_perft::PerftCase;
using testing_perft::read_perft_cases;

constexpr std::uint64_t kMaxLeaves = testing_perft::leaf_budget(10'000'000);

std::vector<PerftCase> load(const std::string& file, const std::string& prefix) {
  return read_perft_cases(std::string(BRUDNO_SHARED_DATA) + "/chess/" + file, prefix);
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
