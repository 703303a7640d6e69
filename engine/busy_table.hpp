#pragma once
// The positions some thread is searching right now, for the parallel search
// (ABDADA's "exclusive" flag, kept outside the transposition table). A thread
// that finds a move another thread is already inside puts it off and takes
// the next move, so threads that start from the same root spread over the
// moves of every node that needs all of them searched, instead of repeating
// each other's work. It is a hint only: a lost or stale mark costs time, never
// correctness, so relaxed atomics do.

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace brudno::engine {

class BusyTable {
 public:
  // Marks `key` busy and says whether it was free. Checking and marking in
  // one step leaves no gap in which two threads both find a move free and
  // both take it: threads that run in step would otherwise often do so.
  [[nodiscard]] bool try_claim(std::uint64_t key) {
    return slot(key).exchange(key, std::memory_order_relaxed) != key;
  }
  // Starts loading `key`'s slot into the cache, with the intent to write it,
  // for a claim soon after.
  void prefetch_for_claim(std::uint64_t key) const { __builtin_prefetch(&slot(key), 1); }
  // Marks `key` busy whether or not it was.
  void mark(std::uint64_t key) { slot(key).store(key, std::memory_order_relaxed); }
  // Clears the mark of `key`, unless another position has taken its slot.
  void release(std::uint64_t key) {
    std::uint64_t expected = key;
    slot(key).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  // A few threads mark at most one position per ply each: a small table
  // rarely sees two live marks collide.
  static constexpr std::size_t kSlots = std::size_t{1} << 14;
  static_assert((kSlots & (kSlots - 1)) == 0, "the slot is the key's low bits: a power of two");

  std::atomic<std::uint64_t>& slot(std::uint64_t key) const {
    const std::size_t index = key & (kSlots - 1);
    assert(index < kSlots);
    return slots_[index];
  }

  std::unique_ptr<std::atomic<std::uint64_t>[]> slots_ {
    new std::atomic<std::uint64_t>[kSlots] {}
  };
};

}  // namespace brudno::engine
