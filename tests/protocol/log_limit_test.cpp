// The log stays bounded whatever the clients send: so many lines a second,
// the rest counted and said once the next second begins, and no line over
// its length.

#include "protocol/log_limit.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>

namespace brudno::protocol {
namespace {

using std::chrono::milliseconds;

TEST(LogLimit, AtMostSoManyLinesASecondAndTheRestCounted) {
  LogRateLimit limit;
  const auto start = LogRateLimit::Clock::time_point{} + std::chrono::hours(1);
  std::optional<std::uint64_t> held_back;
  int written = 0;
  for (int i = 0; i < 1000; ++i) {
    if (limit.admit(start + milliseconds(i / 2), held_back)) ++written;
    ASSERT_FALSE(held_back) << "nothing to report within the first second";
  }
  EXPECT_EQ(written, LogRateLimit::kLinesPerSecond);
  // The next second: the count of what was held back, and lines again.
  EXPECT_TRUE(limit.admit(start + milliseconds(1000), held_back));
  ASSERT_TRUE(held_back);
  EXPECT_EQ(*held_back, 1000u - LogRateLimit::kLinesPerSecond);
  EXPECT_TRUE(limit.admit(start + milliseconds(1001), held_back));
  EXPECT_FALSE(held_back) << "said once";
}

TEST(LogLimit, ALongLineIsCutAndSaysHowMuch) {
  EXPECT_EQ(bounded_log_line("short"), "short");
  const std::string cut = bounded_log_line(std::string(kMaxLogLineBytes + 500, 'x'));
  EXPECT_EQ(cut, std::string(kMaxLogLineBytes, 'x') + "... (500 bytes more)");
}

}  // namespace
}  // namespace brudno::protocol
