#pragma once
// A client's lines read on a thread of their own, a few ahead of the
// session, so that the stdin loop can wait for the next line and for the
// running job at once: behind a search that ends by itself, `stop`,
// `isready` and `quit` still arrive while the lines before them wait for
// its bestmove.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace brudno::protocol {

class LineReader {
 public:
  // The next input line into `line`, waiting for it; false at the end of input.
  using Source = std::function<bool(std::string& line)>;

  // Starts reading `source` at once; at most `max_ahead` lines wait unread
  // by next(). The thread stops after the end of input or a `quit` line, so
  // that nothing reads the source once the session is over.
  LineReader(const Source& source, std::size_t max_ahead);
  // Waits for the thread, which has stopped if next() returned the end of
  // input or a `quit` line.
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  enum class Event { kLine, kEnd, kWoken };
  // The next line (kLine, in `line`), the end of input once every line has
  // been taken (kEnd), or a wake() since the last call (kWoken).
  Event next(std::string& line);
  // Makes the waiting next() call, or the next one, return kWoken.
  void wake();

 private:
  void read_all();

  const Source& source_;
  const std::size_t max_ahead_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> lines_;
  bool ended_ = false;
  bool woken_ = false;
  std::thread thread_;  // last: it starts once the members above exist
};

}  // namespace brudno::protocol
