#pragma once
// The server's total of session memory (--max-total-hash), shared by all
// sessions: their transposition tables, the mate search's tables and the
// states of puzzle searches (each session's books, session_memory.hpp). A
// holding grows only if the total stays within the cap.

#include <atomic>
#include <cstddef>

namespace brudno::protocol {

class HashBudget {
 public:
  explicit HashBudget(std::size_t megabytes) : cap_(megabytes) {}

  // Moves a table from `from` to `to` megabytes in the books; false (and no
  // change) if that would pass the cap. Thread safe.
  bool change(std::size_t from, std::size_t to) {
    if (to <= from) {
      used_.fetch_sub(from - to);
      return true;
    }
    std::size_t used = used_.load();
    do {
      if (used + (to - from) > cap_) return false;
    } while (!used_.compare_exchange_weak(used, used + (to - from)));
    return true;
  }
  bool reserve(std::size_t megabytes) { return change(0, megabytes); }
  void release(std::size_t megabytes) { change(megabytes, 0); }
  [[nodiscard]] std::size_t used() const { return used_.load(); }
  [[nodiscard]] std::size_t cap() const { return cap_; }

 private:
  const std::size_t cap_;
  std::atomic<std::size_t> used_{0};
};

}  // namespace brudno::protocol
