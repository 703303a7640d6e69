#include "protocol/line_reader.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace brudno::protocol {
namespace {

using Event = LineReader::Event;

// A source of fixed lines that counts how many it was asked for.
struct ScriptedSource {
  std::vector<std::string> lines;
  std::atomic<std::size_t> asked{0};
  bool next(std::string& line) {
    const std::size_t index = asked.fetch_add(1);
    if (index >= lines.size()) return false;
    line = lines[index];
    return true;
  }
};

TEST(LineReader, GivesTheLinesInOrderThenTheEnd) {
  ScriptedSource script{{"uci", "isready", "go depth 3"}};
  const LineReader::Source source = [&script](std::string& line) { return script.next(line); };
  LineReader reader(source, 2);
  std::string line;
  for (const char* expected : {"uci", "isready", "go depth 3"}) {
    ASSERT_EQ(reader.next(line), Event::kLine);
    EXPECT_EQ(line, expected);
  }
  EXPECT_EQ(reader.next(line), Event::kEnd);
  EXPECT_EQ(reader.next(line), Event::kEnd);
}

// Nothing reads the source after `quit`: the session is over, and the
// reader's thread must end so that it can be joined.
TEST(LineReader, StopsReadingAfterQuit) {
  ScriptedSource script{{"isready", "  quit\t", "go depth 3", "isready"}};
  const LineReader::Source source = [&script](std::string& line) { return script.next(line); };
  std::string line;
  {
    LineReader reader(source, 8);
    ASSERT_EQ(reader.next(line), Event::kLine);
    ASSERT_EQ(reader.next(line), Event::kLine);
    EXPECT_EQ(line, "  quit\t");
    EXPECT_EQ(reader.next(line), Event::kEnd);
  }
  EXPECT_EQ(script.asked.load(), 2u);
}

TEST(LineReader, WakeEndsAWaitWithoutALine) {
  // A source that waits until the test lets it go on.
  std::atomic<bool> go_on{false};
  const LineReader::Source source = [&go_on](std::string&) {
    while (!go_on.load()) std::this_thread::yield();
    return false;
  };
  LineReader reader(source, 1);
  reader.wake();
  std::string line;
  EXPECT_EQ(reader.next(line), Event::kWoken);
  go_on.store(true);
  EXPECT_EQ(reader.next(line), Event::kEnd);
}

// At most `max_ahead` lines are read before the session takes them.
TEST(LineReader, ReadsAtMostMaxAheadLinesBeforeTheyAreTaken) {
  ScriptedSource script{{"a", "b", "c", "d", "e", "f"}};
  const LineReader::Source source = [&script](std::string& line) { return script.next(line); };
  LineReader reader(source, 3);
  std::string line;
  ASSERT_EQ(reader.next(line), Event::kLine);
  // The reader may have the next three read, and be waiting for room.
  for (int wait = 0; wait < 1000 && script.asked.load() < 4; ++wait) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_LE(script.asked.load(), 4u);
  for (const char* expected : {"b", "c", "d", "e", "f"}) {
    ASSERT_EQ(reader.next(line), Event::kLine);
    EXPECT_EQ(line, expected);
  }
  EXPECT_EQ(reader.next(line), Event::kEnd);
}

}  // namespace
}  // namespace brudno::protocol
