#pragma once
// The server's search threads, shared by all its sessions: `brudno serve
// --threads N` caps oneTBB's pool at N, so a session that asks for more
// threads than the others leave free would quietly run with fewer. The
// ledger makes that explicit: each search is granted what is free (at least
// the one thread that runs it), sizes its arena by the grant, and gives the
// threads back when it ends. Searches granted one thread, which run on
// their sessions' threads outside the pool, take turns on as many cores as
// the budget has threads (engine::CoreShare): however many sessions search
// at once, that many run, and one whose time is up runs next.

#include <algorithm>
#include <mutex>

#include "engine/core_share.hpp"

namespace brudno::protocol {

class ThreadBudget {
 public:
  explicit ThreadBudget(int threads) : total_(std::max(threads, 1)), cores_(total_) {}

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
  // The cores that searches on one thread take turns on.
  [[nodiscard]] engine::CoreShare& cores() { return cores_; }

 private:
  const int total_;
  engine::CoreShare cores_;
  std::mutex mutex_;
  int in_use_ = 0;
};

}  // namespace brudno::protocol
