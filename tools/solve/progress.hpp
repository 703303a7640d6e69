#pragma once
// A progress line on standard error for runs longer than a second: at most
// one a second, none at all for a quick run.

#include <chrono>
#include <mutex>
#include <ostream>
#include <string>

namespace brudno::tools {

class Progress {
 public:
  explicit Progress(std::ostream& err) : err_(err), start_(Clock::now()), last_(start_) {}

  // Prints "solve: <what> (<seconds> s)" if a second has passed since the
  // start and since the last line. Thread-safe.
  void report(const std::string& what) {
    const std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    err_ << "solve: " << what << " ("
         << std::chrono::duration_cast<std::chrono::seconds>(now - start_).count() << " s)"
         << std::endl;
  }
  [[nodiscard]] double seconds() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }

 private:
  using Clock = std::chrono::steady_clock;
  std::ostream& err_;
  std::mutex mutex_;
  Clock::time_point start_;
  Clock::time_point last_;
};

}  // namespace brudno::tools
