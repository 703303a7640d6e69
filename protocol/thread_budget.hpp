#pragma once
// The server's search threads, shared by all its sessions: `brudno serve
// --threads N` caps oneTBB's pool at N, so a session that asks for more
// threads than the others leave free would quietly run with fewer. The
// ledger makes that explicit: each search is granted what is free (at least
// the one thread that runs it), sizes its arena by the grant, and gives the
// threads back when it ends.

#include <algorithm>
#include <mutex>

namespace brudno::protocol {

class ThreadBudget {
 public:
  explicit ThreadBudget(int threads) : total_(std::max(threads, 1)) {}

  // Threads for one search: up to `wanted`, at least 1. Thread safe.
  int acquire(int wanted) {
    const std::lock_guard lock(mutex_);
    const int granted = std::clamp(total_ - in_use_, 1, std::max(wanted, 1));
    in_use_ += granted;
    return granted;
  }
  void release(int threads) {
    const std::lock_guard lock(mutex_);
    in_use_ -= threads;
  }
  [[nodiscard]] int total() const { return total_; }

 private:
  const int total_;
  std::mutex mutex_;
  int in_use_ = 0;
};

}  // namespace brudno::protocol
