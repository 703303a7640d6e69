// A failed accept waits before the next, and is logged now and then; the
// open-file limit is checked against what the session limits need.

#include "protocol/accept_backoff.hpp"

#include <gtest/gtest.h>

#include "protocol/open_file_limit.hpp"

namespace brudno::protocol {
namespace {

using std::chrono::milliseconds;

TEST(AcceptBackoff, TheDelayDoublesToItsLongestAndStartsAgainAfterASuccess) {
  AcceptBackoff backoff;
  const auto now = AcceptBackoff::Clock::now();
  std::vector<long> delays;
  for (int i = 0; i < 7; ++i) delays.push_back(backoff.failed(now).delay.count());
  EXPECT_EQ(delays, (std::vector<long>{50, 100, 200, 400, 800, 1000, 1000}));
  backoff.succeeded();
  EXPECT_EQ(backoff.failed(now).delay, milliseconds{50});
}

TEST(AcceptBackoff, FailuresAreLoggedOnceAnIntervalWithTheCountNotLogged) {
  AcceptBackoff backoff;
  const auto start = AcceptBackoff::Clock::now();
  EXPECT_EQ(backoff.failed(start).log_with_unlogged, std::optional<std::size_t>{0});
  for (int i = 1; i <= 5; ++i) {
    EXPECT_FALSE(backoff.failed(start + std::chrono::seconds(i)).log_with_unlogged);
  }
  EXPECT_EQ(backoff.failed(start + AcceptBackoff::kLogInterval).log_with_unlogged,
            std::optional<std::size_t>{5});
}

TEST(OpenFileLimit, AWarningSaysWhenTheSessionLimitsCannotFit) {
  // 64 sessions and 128 waiting connections, twice, on the one port.
  ServerOptions options;
  EXPECT_EQ(descriptors_needed(options), 2 * (64 + 128) + kSpareDescriptors);
  const auto warning = open_file_limit_warning({64, 64}, options);
  ASSERT_TRUE(warning.has_value());
  EXPECT_NE(warning->find("the open-file limit is 64"), std::string::npos) << *warning;
  EXPECT_NE(warning->find("capped at 192 on the line port"), std::string::npos) << *warning;
  EXPECT_FALSE(open_file_limit_warning({1024, 4096}, options).has_value());
  // And as much again for the HTTP port.
  options.http.emplace();
  EXPECT_EQ(descriptors_needed(options), 4 * (64 + 128) + kSpareDescriptors);
  EXPECT_TRUE(open_file_limit_warning({800, 800}, options).has_value());
}

TEST(OpenFileLimit, RaisingNeverLowersTheLimit) {
  const auto now = raise_open_file_limit(0);
  EXPECT_GT(now.soft, 0u);
  EXPECT_LE(now.soft, now.hard);
  const auto raised = raise_open_file_limit(now.soft + 1);
  EXPECT_GE(raised.soft, now.soft);
  EXPECT_EQ(raised.soft, std::min(now.soft + 1, now.hard));
}

}  // namespace
}  // namespace brudno::protocol
