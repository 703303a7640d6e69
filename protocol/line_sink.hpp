#pragma once
// Where a session's protocol lines go. Whole lines only, so output from the
// reader and the search thread never interleaves within a line.

#include <iosfwd>
#include <mutex>
#include <string_view>

namespace brudno::protocol {

class LineSink {
 public:
  virtual ~LineSink() = default;
  // Thread safe; the line has no trailing newline.
  virtual void write_line(std::string_view line) = 0;
};

// Writes to a stream (stdout) under a lock, flushing each line.
class StreamSink final : public LineSink {
 public:
  explicit StreamSink(std::ostream& out) : out_(out) {}
  void write_line(std::string_view line) override;

 private:
  std::mutex mutex_;
  std::ostream& out_;
};

}  // namespace brudno::protocol
