#pragma once
// What the server does when accepting a connection fails (out of file
// descriptors, out of memory): it waits before it tries again, longer while
// the failures go on, and logs them at most once in a while. Trying again at
// once would spin on the same error, a CPU kept busy and a log line per turn,
// during the very flood of connections that caused it.

#include <chrono>
#include <cstddef>
#include <optional>

namespace brudno::protocol {

class AcceptBackoff {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kFirstDelay{50};
  static constexpr std::chrono::milliseconds kLongestDelay{1000};
  static constexpr std::chrono::seconds kLogInterval{10};

  struct Step {
    std::chrono::milliseconds delay;  // before the next accept
    // Set when this failure is to be logged: how many were not logged since
    // the last that was.
    std::optional<std::size_t> log_with_unlogged;
  };

  // A failed accept at `now`: the delay doubles from kFirstDelay up to
  // kLongestDelay; the first failure is logged, then one in each kLogInterval.
  Step failed(Clock::time_point now) {
    delay_ = delay_.count() == 0 ? kFirstDelay : std::min(delay_ * 2, kLongestDelay);
    Step step{delay_, std::nullopt};
    if (!last_logged_ || now - *last_logged_ >= kLogInterval) {
      step.log_with_unlogged = unlogged_;
      unlogged_ = 0;
      last_logged_ = now;
    } else {
      ++unlogged_;
    }
    return step;
  }
  // A connection was accepted: the next failure waits kFirstDelay again.
  void succeeded() { delay_ = std::chrono::milliseconds{0}; }

 private:
  std::chrono::milliseconds delay_{0};
  std::optional<Clock::time_point> last_logged_;
  std::size_t unlogged_ = 0;
};

}  // namespace brudno::protocol
