#include "protocol/line_reader.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace brudno::protocol {
namespace {

using Event = LineReader::Event;

// Fixed lines, handed out one at a time; each read can be made to wait until
// the test lets it go on, and two reads at once are counted as a fault.
class ScriptedSource {
 public:
  explicit ScriptedSource(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  bool next(std::string& line) {
    if (reading_.exchange(true)) overlapping_reads_.fetch_add(1);
    {
      std::unique_lock lock(mutex_);
      released_.wait(lock, [this] { return !held_back_; });
    }
    const std::size_t index = asked_.fetch_add(1);
    const bool more = index < lines_.size();
    if (more) line = lines_[index];
    reading_.store(false);
    return more;
  }
  void hold_back(bool held) {
    {
      const std::lock_guard lock(mutex_);
      held_back_ = held;
    }
    released_.notify_all();
  }
  [[nodiscard]] std::size_t asked() const { return asked_.load(); }
  [[nodiscard]] int overlapping_reads() const { return overlapping_reads_.load(); }

 private:
  std::vector<std::string> lines_;
  std::atomic<std::size_t> asked_{0};
  std::atomic<bool> reading_{false};
  std::atomic<int> overlapping_reads_{0};
  std::mutex mutex_;
  std::condition_variable released_;
  bool held_back_ = false;
};

TEST(LineReader, GivesTheLinesInOrderThenTheEndEitherWay) {
  ScriptedSource script({"uci", "isready", "go depth 3", "stop"});
  const LineReader::Source source = [&script](std::string& line) { return script.next(line); };
  LineReader reader(source);
  std::string line;
  ASSERT_EQ(reader.next(line, false), Event::kLine);
  EXPECT_EQ(line, "uci");
  ASSERT_EQ(reader.next(line, true), Event::kLine);
  EXPECT_EQ(line, "isready");
  ASSERT_EQ(reader.next(line, false), Event::kLine);
  EXPECT_EQ(line, "go depth 3");
  ASSERT_EQ(reader.next(line, true), Event::kLine);
  EXPECT_EQ(line, "stop");
  EXPECT_EQ(reader.next(line, true), Event::kEnd);
  EXPECT_EQ(reader.next(line, false), Event::kEnd);
  EXPECT_EQ(script.asked(), 5u) << "nothing is read past the end";
  EXPECT_EQ(script.overlapping_reads(), 0);
}

// A wake ends a wakeable wait while the line is still being read; the line
// read then is the next one given, also to a call that is not wakeable,
// and the source is never read twice at once.
TEST(LineReader, AWakeEndsTheWaitAndTheLineStillComes) {
  ScriptedSource script({"stop", "isready"});
  const LineReader::Source source = [&script](std::string& line) { return script.next(line); };
  LineReader reader(source);
  script.hold_back(true);
  std::thread waker([&reader] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    reader.wake();
  });
  std::string line;
  EXPECT_EQ(reader.next(line, true), Event::kWoken);
  waker.join();
  script.hold_back(false);
  ASSERT_EQ(reader.next(line, false), Event::kLine);
  EXPECT_EQ(line, "stop");
  ASSERT_EQ(reader.next(line, false), Event::kLine);
  EXPECT_EQ(line, "isready");
  EXPECT_EQ(script.overlapping_reads(), 0);
}

// A wake with no wakeable wait is kept for the next one; a call that is not
// wakeable is not ended by it.
TEST(LineReader, AWakeIsKeptForTheNextWakeableWait) {
  ScriptedSource script({"go depth 2"});
  const LineReader::Source source = [&script](std::string& line) { return script.next(line); };
  LineReader reader(source);
  reader.wake();
  std::string line;
  EXPECT_EQ(reader.next(line, true), Event::kWoken);
  ASSERT_EQ(reader.next(line, true), Event::kLine);
  EXPECT_EQ(line, "go depth 2");
  reader.wake();
  EXPECT_EQ(reader.next(line, false), Event::kEnd);
}

}  // namespace
}  // namespace brudno::protocol
