#pragma once
// Lines handed from one thread to another in order: the standard input
// reader to the session, or the cluster link to a rank's session. Closed at
// the end of input; the taker then gets the lines still queued, then false.

#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>

namespace brudno::tools::mpi {

class LineQueue {
 public:
  void push(std::string line) {
    {
      std::lock_guard lock(mutex_);
      lines_.push_back(std::move(line));
    }
    ready_.notify_one();
  }
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_one();
  }
  // Waits for the next line; false once the queue is closed and empty.
  bool pop(std::string& line) {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !lines_.empty(); });
    if (lines_.empty()) return false;
    line = std::move(lines_.front());
    lines_.pop_front();
    return true;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> lines_;
  bool closed_ = false;
};

}  // namespace brudno::tools::mpi
