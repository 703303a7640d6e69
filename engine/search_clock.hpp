#pragma once
// The clock of one search, shared by the search and whoever controls it. While
// pondering (UCI `go ponder`) time limits wait; `ponderhit` restarts the clock
// from that moment, since the engine's own time runs only from then on.

#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdint>

#include "engine/search_limits.hpp"

namespace brudno::engine {

class SearchClock {
 public:
  using Clock = std::chrono::steady_clock;

  SearchClock() { restart(); }

  void restart() {
    start_.store(Clock::now().time_since_epoch().count(), std::memory_order_relaxed);
  }
  [[nodiscard]] Milliseconds elapsed() const {
    const Clock::time_point start{Clock::duration{start_.load(std::memory_order_relaxed)}};
    // The start is read before the clock: a steady clock never reads less
    // than a time it gave before, even one another thread's restart stored.
    const auto elapsed = std::chrono::duration_cast<Milliseconds>(Clock::now() - start);
    assert(elapsed.count() >= 0);
    return elapsed;
  }
  void set_pondering(bool pondering) { pondering_.store(pondering, std::memory_order_relaxed); }
  [[nodiscard]] bool pondering() const { return pondering_.load(std::memory_order_relaxed); }

 private:
  std::atomic<Clock::rep> start_{0};
  std::atomic<bool> pondering_{false};
};

}  // namespace brudno::engine
