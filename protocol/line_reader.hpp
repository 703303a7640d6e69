#pragma once
// A client's lines for the stdin loop, read on the loop's own thread while
// nothing else needs watching, and by a helper thread while the loop must
// also wait for the session's running job: behind a search that ends by
// itself, `stop`, `isready` and `quit` still arrive while the lines before
// them wait for its bestmove. The usual path (a `stop` during a search, say)
// takes no hop between threads.

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace brudno::protocol {

class LineReader {
 public:
  // The next input line into `line`, waiting for it; false at the end of input.
  using Source = std::function<bool(std::string& line)>;

  explicit LineReader(const Source& source) : source_(source) {}
  // Ends the helper thread, which never reads past the end of input or a
  // line the loop has not yet been given (see next()).
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  enum class Event { kLine, kEnd, kWoken };
  // The next line (kLine, in `line`) or the end of input (kEnd). With
  // `wakeable`, the line is read by the helper thread and a wake() (since
  // the last call) ends the wait first (kWoken), the line still to come;
  // without, it is read here, unless the helper is already reading it.
  Event next(std::string& line, bool wakeable);
  // Makes the waiting wakeable next() call, or the next one, return kWoken.
  // Any thread may call it.
  void wake();

 private:
  void help();

  const Source& source_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool requested_ = false;           // the helper is asked for a line, or reading it
  std::optional<std::string> read_;  // what it read; nullopt with ended_: the end
  bool ended_ = false;               // the source has ended
  bool woken_ = false;
  bool closing_ = false;
  std::thread helper_;  // started at the first wakeable next()
};

}  // namespace brudno::protocol
