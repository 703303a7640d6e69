#pragma once
// The positions some thread is searching right now, for the parallel search
// (ABDADA's "exclusive" flag, kept outside the transposition table). A thread
// that meets a younger brother another thread is already inside puts it off
// and takes the next move, so threads that start from the same root spread
// over the moves of every node that needs all of them searched, instead of
// repeating each other's work. It is a hint only: a lost or stale mark costs
// time, never correctness, so plain relaxed atomics do.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace brudno::engine {

class BusyTable {
 public:
  // Marks `key` as being searched for the lifetime of the guard.
  class Guard {
   public:
    Guard(BusyTable* table, std::uint64_t key) : table_(table), key_(key) {
      if (table_ != nullptr) table_->slot(key_).store(key_, std::memory_order_relaxed);
    }
    ~Guard() {
      if (table_ == nullptr) return;
      std::uint64_t expected = key_;
      table_->slot(key_).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
    }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    BusyTable* table_;
    std::uint64_t key_;
  };

  [[nodiscard]] bool busy(std::uint64_t key) const {
    return slot(key).load(std::memory_order_relaxed) == key;
  }

 private:
  // A few threads mark at most one position per ply each: a small table
  // rarely sees two live marks collide.
  static constexpr std::size_t kSlots = std::size_t{1} << 14;

  std::atomic<std::uint64_t>& slot(std::uint64_t key) const { return slots_[key & (kSlots - 1)]; }

  std::unique_ptr<std::atomic<std::uint64_t>[]> slots_ {
    new std::atomic<std::uint64_t>[kSlots] {}
  };
};

}  // namespace brudno::engine
