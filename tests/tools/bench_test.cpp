// The bench signature: at one thread the total node count of `brudno bench` is
// deterministic. It changes exactly when the search's behaviour changes; when
// a change is meant to alter the search, update kSignature in the same commit.
// kSignature is with chess evaluated by the built-in network (the engine's
// default), kHandWrittenSignature by the hand-written evaluation (--hce),
// which a new network leaves as it is.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tools/bench_command.hpp"

namespace brudno::tools {
namespace {

constexpr std::uint64_t kSignature = 3167418;
constexpr std::uint64_t kHandWrittenSignature = 2958936;

// Two runs in one process (the second must not profit from the first's
// table or histories), and the output's last two lines: the count, then the
// speed. One test, because a bench is the slowest thing the sanitized
// presets run.
TEST(Bench, NodeCountIsTheSignatureAndTheLastTwoLinesSayIt) {
  std::ostringstream first_output;
  const auto first = run_bench(first_output);
  std::ostringstream second_output;
  const auto second = run_bench(second_output);
  EXPECT_EQ(first.nodes, second.nodes);
  EXPECT_EQ(first.nodes, kSignature);

  std::istringstream lines(first_output.str());
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  ASSERT_GE(all.size(), 2u);
  EXPECT_EQ(all[all.size() - 2], "Nodes searched  : " + std::to_string(first.nodes));
  EXPECT_EQ(all.back().rfind("Nodes/second    : ", 0), 0u);

  std::ostringstream hand_written_output;
  EXPECT_EQ(run_bench(hand_written_output, 1, nullptr).nodes, kHandWrittenSignature);
}

}  // namespace
}  // namespace brudno::tools
