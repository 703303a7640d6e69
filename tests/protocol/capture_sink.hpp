#pragma once
// A LineSink that keeps every line, for tests of sessions.

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "protocol/line_sink.hpp"

namespace brudno::testing {

class CaptureSink final : public protocol::LineSink {
 public:
  void write_line(std::string_view line) override {
    const std::lock_guard lock(mutex_);
    lines_.emplace_back(line);
  }
  std::vector<std::string> lines() const {
    const std::lock_guard lock(mutex_);
    return lines_;
  }
  std::size_t count_prefix(std::string_view prefix) const {
    const auto all = lines();
    return static_cast<std::size_t>(std::count_if(
        all.begin(), all.end(), [&](const auto& line) { return line.rfind(prefix, 0) == 0; }));
  }
  // Waits until `count` lines start with `prefix`; false if they have not
  // within `timeout`, so a session that never answers fails its test
  // instead of hanging it.
  bool wait_for(std::string_view prefix, std::size_t count = 1,
                std::chrono::milliseconds timeout = std::chrono::seconds(30)) const {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (count_prefix(prefix) < count) {
      if (std::chrono::steady_clock::now() >= deadline) return false;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return true;
  }
  void clear() {
    const std::lock_guard lock(mutex_);
    lines_.clear();
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> lines_;
};

}  // namespace brudno::testing
