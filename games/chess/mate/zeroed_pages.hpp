#pragma once
// Zeroed memory for the mate search's tables, from the system page by page
// as first touched (the system zeroes each then: growing_buckets.hpp keeps
// that to what a search needs), aligned so that a bucket of 64 bytes lies
// in one cache line, and asked to be backed by huge pages where the system
// allows: a probe lands anywhere in tens of megabytes, and with small pages
// each one misses the TLB too.

#include <cstddef>

namespace brudno::games::chess {

class ZeroedPages {
 public:
  explicit ZeroedPages(std::size_t bytes);
  ~ZeroedPages();
  ZeroedPages(const ZeroedPages&) = delete;
  ZeroedPages& operator=(const ZeroedPages&) = delete;

  [[nodiscard]] void* data() const { return aligned_; }
  // Zeroes it again: the pages go back to the system, zeroed when next touched.
  void clear();

 private:
  void* mapping_ = nullptr;
  std::size_t mapped_bytes_ = 0;
  void* aligned_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace brudno::games::chess
