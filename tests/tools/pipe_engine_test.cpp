// An engine started on two pipes: it answers on them, one that cannot be
// started ends its output and exits 127 at once, and engines started from
// many threads at once all start (posix_spawn: the child allocates nothing
// between fork and exec, where another thread's lock could hang it).

#include "tools/pipe/pipe_engine.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace brudno::tools {
namespace {

using namespace std::chrono_literals;

TEST(PipeEngine, AnEngineAnswersOnItsPipesAndExits) {
  PipeEngine engine("/bin/cat", {});
  engine.send("uci");
  EXPECT_EQ(engine.read_line(10s), "uci");
  engine.close_input();
  EXPECT_EQ(engine.wait_exit(10s), 0);
  EXPECT_EQ(engine.wait_exit(10s), 0);  // asked again, the same
}

TEST(PipeEngine, ArgumentsReachTheEngine) {
  PipeEngine engine("/bin/echo", {"go", "depth", "5"});
  EXPECT_EQ(engine.read_line(10s), "go depth 5");
  EXPECT_EQ(engine.wait_exit(10s), 0);
}

TEST(PipeEngine, AnEngineThatCannotStartEndsItsOutputAndExits127) {
  PipeEngine engine("/nonexistent/brudno-engine", {"uci"});
  engine.send("uci");  // into a closed pipe: no signal, no hang
  EXPECT_FALSE(engine.read_line(10s).has_value());
  EXPECT_TRUE(engine.output_ended());
  EXPECT_EQ(engine.wait_exit(10s), 127);
}

TEST(PipeEngine, EnginesStartedFromManyThreadsAtOnceAllAnswer) {
  constexpr int kThreads = 8;
  constexpr int kEnginesEach = 10;
  std::atomic<int> answered{0};
  std::atomic<bool> stop{false};
  // Another thread allocating all the while, as a match's threads do.
  std::thread allocator([&] {
    std::vector<std::string> kept;
    while (!stop) {
      kept.emplace_back(100, 'x');
      if (kept.size() > 1000) kept.clear();
    }
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEnginesEach; ++i) {
        PipeEngine engine("/bin/cat", {});
        const std::string line = "engine " + std::to_string(t) + "." + std::to_string(i);
        engine.send(line);
        if (engine.read_line(20s) == line) ++answered;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  stop = true;
  allocator.join();
  EXPECT_EQ(answered, kThreads * kEnginesEach);
}

}  // namespace
}  // namespace brudno::tools
