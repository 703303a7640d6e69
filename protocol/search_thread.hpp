#pragma once
// The thread one search runs on. A session starts one per `go` and joins it
// before the next, like std::thread, but with a stack the system gets back
// as soon as the thread ends: the C library keeps the stacks of finished
// threads for reuse, up to 40 MiB in all, with every page a search touched
// still resident, and a server whose clients have left should not hold them.
// A stack larger than that cache is unmapped at once instead. It is virtual
// memory: only the pages a search touches are ever resident.

#include <pthread.h>

#include <cstddef>
#include <functional>

namespace brudno::protocol {

class SearchThread {
 public:
  static constexpr std::size_t kStackBytes = std::size_t{64} << 20;

  SearchThread() = default;
  ~SearchThread() { join(); }
  SearchThread(const SearchThread&) = delete;
  SearchThread& operator=(const SearchThread&) = delete;

  // Runs `body` on a new thread; the last one must have been joined.
  // Throws std::system_error when no thread can be made. An exception that
  // escapes `body` is logged and goes no further: it must not end the
  // process and every other client's session with it.
  void start(std::function<void()> body);
  // Waits for the thread, if one was started and not yet joined.
  void join();

 private:
  static void* run(void* self);

  std::function<void()> body_;
  pthread_t thread_{};
  bool running_ = false;
};

}  // namespace brudno::protocol
