#pragma once
// The thread a session's searches run on: made for the first job and kept
// for the next ones until the session ends, so that a `go` hands its search
// to a thread that is already there instead of making one (as Stockfish and
// Ethereal keep theirs). Its stack is large (a search recurses deep) and
// virtual: only the pages a search touches become resident. When the session
// ends the thread ends, and a stack larger than the C library's cache of
// finished threads' stacks (40 MiB) goes back to the system at once, so a
// server whose clients have left does not hold them.

#include <pthread.h>

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>

namespace brudno::protocol {

class SearchThread {
 public:
  static constexpr std::size_t kStackBytes = std::size_t{64} << 20;

  SearchThread() = default;
  ~SearchThread();
  SearchThread(const SearchThread&) = delete;
  SearchThread& operator=(const SearchThread&) = delete;

  // Runs `body` on the thread, once the job before it has ended. Throws
  // std::system_error when the thread cannot be made (the first time). An
  // exception that escapes `body` is logged and goes no further: it must not
  // end the process and every other client's session with it.
  void start(std::function<void()> body);
  // Waits for the job that runs, if any.
  void join();

  // OS threads made by every SearchThread of the process: a test's way to
  // see that searches reuse theirs.
  [[nodiscard]] static long threads_made();

 private:
  static void* run(void* self);
  void serve();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::function<void()> body_;  // the job handed over and not yet done
  bool busy_ = false;           // a job is handed over or running
  bool quit_ = false;
  bool started_ = false;
  pthread_t thread_{};
};

}  // namespace brudno::protocol
