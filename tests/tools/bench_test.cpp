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

constexpr std::uint64_t kSignature = 2648201;
constexpr std::uint64_t kHandWrittenSignature = 2712581;

// Two runs in one process, by hand and then with the network (the second
// must not profit from the first's table or histories: the other games'
// positions are the same in both), and the output's last two lines: the
// count, then the speed. One test, because a bench is the slowest thing the
// sanitized presets run.
TEST(Bench, NodeCountIsTheSignatureAndTheLastTwoLinesSayIt) {
  std::ostringstream hand_written_output;
  EXPECT_EQ(run_bench(hand_written_output, 1, nullptr).nodes, kHandWrittenSignature);
  std::ostringstream output;
  const auto totals = run_bench(output);
  EXPECT_EQ(totals.nodes, kSignature);

  std::istringstream lines(output.str());
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  ASSERT_GE(all.size(), 2u);
  EXPECT_EQ(all[all.size() - 2], "Nodes searched  : " + std::to_string(totals.nodes));
  EXPECT_EQ(all.back().rfind("Nodes/second    : ", 0), 0u);
}

}  // namespace
}  // namespace brudno::tools
