// UciSession::give_up(): what the server's I/O thread calls when a client
// goes. It must return at once whatever the job does, say truly whether the
// job has still to announce its end, and leave the session's books as the
// table is.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <future>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "protocol/uci_session.hpp"
#include "tests/protocol/capture_sink.hpp"

namespace brudno::protocol {
namespace {

using testing::CaptureSink;
using namespace std::chrono_literals;

// A sink whose `bestmove` line does not return until the test lets it: the
// job that writes it cannot end before then.
class HeldBestmoveSink final : public LineSink {
 public:
  void write_line(std::string_view line) override {
    if (line.starts_with("bestmove")) {
      std::unique_lock lock(mutex_);
      held_ = true;
      changed_.notify_all();
      changed_.wait(lock, [this] { return released_; });
    }
    lines_.write_line(line);
  }
  bool wait_until_held(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [this] { return held_; });
  }
  void release() {
    const std::lock_guard lock(mutex_);
    released_ = true;
    changed_.notify_all();
  }
  const CaptureSink& lines() const { return lines_; }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool held_ = false;
  bool released_ = false;
  CaptureSink lines_;
};

// Waits (bounded) until `count` reaches `wanted`.
bool wait_for_count(const std::atomic<int>& count, int wanted) {
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (count.load() < wanted) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

// The job is stuck writing its bestmove: give_up() still returns, saying
// the job's end is to come; once the job ends it announces it once, and
// nothing is awaited after.
TEST(SessionGiveUp, ReturnsWhileTheJobRunsAndItsEndIsAnnouncedOnce) {
  HeldBestmoveSink out;
  std::atomic<int> ends{0};
  {
    UciSession session(out);
    session.on_job_end([&] { ++ends; });
    session.handle_line("position startpos");
    session.handle_line("go infinite");
    auto given_up = std::async(std::launch::async, [&] { return session.give_up(); });
    ASSERT_EQ(given_up.wait_for(30s), std::future_status::ready)
        << "give_up() waited for the job";
    EXPECT_TRUE(given_up.get()) << "the job has yet to end";
    ASSERT_TRUE(out.wait_until_held(30s)) << "the stopped search wrote no bestmove";
    EXPECT_EQ(ends.load(), 0);
    EXPECT_TRUE(session.give_up()) << "still to end";
    out.release();
    ASSERT_TRUE(wait_for_count(ends, 1));
    EXPECT_FALSE(session.give_up()) << "the job has announced its end";
  }
  EXPECT_EQ(ends.load(), 1);
  EXPECT_EQ(out.lines().count_prefix("bestmove"), 1u);
}

// Without a job nothing is awaited: before the first, and after a search
// that has ended.
TEST(SessionGiveUp, WithoutAJobNothingIsAwaited) {
  CaptureSink out;
  std::atomic<int> ends{0};
  UciSession session(out);
  session.on_job_end([&] { ++ends; });
  EXPECT_FALSE(session.give_up());
  UciSession searched(out);
  searched.on_job_end([&] { ++ends; });
  searched.handle_line("position startpos");
  searched.handle_line("go depth 2");
  ASSERT_TRUE(wait_for_count(ends, 1));
  EXPECT_FALSE(searched.give_up());
  EXPECT_EQ(out.count_prefix("bestmove"), 1u);
}

// A table change given up as it starts or half-way leaves the table as it
// was, and the server's books with it: what the session holds is what the
// server counts, whichever way the race went.
TEST(SessionGiveUp, AGivenUpTableChangeKeepsTheBooksTrue) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    std::size_t counted = 0;
    CaptureSink out;
    std::atomic<int> ends{0};
    SessionLimits limits;
    limits.max_hash_megabytes = 1024;
    limits.memory_budget_megabytes = 1024;
    limits.reserve_hash = [&counted](std::size_t from, std::size_t to) {
      counted = counted - from + to;
      return true;
    };
    {
      UciSession session(out, limits);
      session.on_job_end([&] { ++ends; });
      session.handle_line("setoption name Hash value 1");
      ASSERT_TRUE(wait_for_count(ends, 1));
      session.handle_line("setoption name Hash value 1024");
      const bool awaited = session.give_up();
      if (awaited) {
        ASSERT_TRUE(wait_for_count(ends, 2));
      }
      EXPECT_FALSE(session.give_up());
      const std::size_t held = session.hash_megabytes();
      EXPECT_TRUE(held == 1 || held == 1024) << held;
      EXPECT_EQ(counted, held) << "attempt " << attempt;
    }
    EXPECT_EQ(counted, 0u) << "the session gives everything back as it ends";
  }
}

}  // namespace
}  // namespace brudno::protocol
