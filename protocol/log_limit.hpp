#pragma once
// What keeps the log bounded whatever the clients do: at most so many lines
// a second (a flood of connections, each logging its refusal, would
// otherwise fill the disk and hold the I/O thread on the log's lock), the
// lines over it counted and said in one line when the next second begins,
// and no line longer than kMaxLogLineBytes. Values a client chose (a Host,
// an Origin, a line it sent) go into the log as printable excerpts
// (client_text.hpp), never raw.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace brudno::protocol {

inline constexpr std::size_t kMaxLogLineBytes = 2000;

// A log line cut to kMaxLogLineBytes, with what was cut said.
inline std::string bounded_log_line(std::string line) {
  if (line.size() <= kMaxLogLineBytes) return line;
  const std::size_t cut = line.size() - kMaxLogLineBytes;
  line.resize(kMaxLogLineBytes);
  return line + "... (" + std::to_string(cut) + " bytes more)";
}

class LogRateLimit {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr int kLinesPerSecond = 200;

  // Whether a line at `now` is written. When a new second begins after
  // lines were held back, `held_back` says how many, for one line of its own.
  bool admit(Clock::time_point now, std::optional<std::uint64_t>& held_back) {
    held_back.reset();
    if (now - second_ >= std::chrono::seconds(1)) {
      if (suppressed_ > 0) held_back = suppressed_;
      second_ = now;
      written_ = 0;
      suppressed_ = 0;
    }
    if (written_ >= kLinesPerSecond) {
      ++suppressed_;
      return false;
    }
    ++written_;
    return true;
  }

 private:
  Clock::time_point second_{};
  int written_ = 0;
  std::uint64_t suppressed_ = 0;
};

}  // namespace brudno::protocol
