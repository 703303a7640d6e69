#pragma once
// The storage of the mate search's tables: buckets of kWays entries, one
// cache line each, that start small and double as they fill, up to the
// size asked for. A hashed table is touched all over at once, so one made
// at its full size pays the system for zeroing all of it (tens of
// milliseconds for 64 MB here) even for a mate in two; grown, a search pays
// for about twice what it stores. Doubling re-places each entry by its key;
// one that finds its new bucket full is dropped, which the tables allow
// (an entry is only ever a saving of search).
//
// `Entry` has a 64-bit `key` and an `empty()` test.

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "games/chess/mate/zeroed_pages.hpp"

namespace brudno::games::chess {

template <class Entry, std::size_t kWays>
class GrowingBuckets {
  static_assert(std::is_trivially_copyable_v<Entry> && sizeof(Entry) * kWays == 64);

 public:
  // The first size: a mate in two or three stays within it.
  static constexpr std::size_t kFirstBytes = std::size_t{1} << 20;

  explicit GrowingBuckets(std::size_t megabytes)
      : most_buckets_(buckets_in(std::max<std::size_t>(megabytes, 1) << 20)) {
    allocate(std::min(most_buckets_, buckets_in(kFirstBytes)));
  }

  // The kWays entries where `key` is kept, if anywhere.
  [[nodiscard]] Entry* bucket(std::uint64_t key) const {
    return entries_ + (key & (buckets_ - 1)) * kWays;
  }
  void prefetch(std::uint64_t key) const { __builtin_prefetch(bucket(key)); }

  // To be called after a store that filled an empty entry (never while a
  // reference into the table is held: the table may move).
  void filled_one() {
    ++filled_;
    if (filled_ * 2 > buckets_ * kWays && buckets_ < most_buckets_) grow();
  }

  // Empties it, back to its first size.
  void clear() { allocate(std::min(most_buckets_, buckets_in(kFirstBytes))); }

  [[nodiscard]] std::size_t capacity() const { return buckets_ * kWays; }

 private:
  static std::size_t buckets_in(std::size_t bytes) {
    std::size_t buckets = 1;
    while (buckets * 2 * kWays * sizeof(Entry) <= bytes) buckets *= 2;
    return buckets;
  }

  void allocate(std::size_t buckets) {
    pages_ = std::make_unique<ZeroedPages>(buckets * kWays * sizeof(Entry));
    entries_ = static_cast<Entry*>(pages_->data());
    buckets_ = buckets;
    filled_ = 0;
  }

  void grow() {
    const std::unique_ptr<ZeroedPages> old_pages = std::move(pages_);
    const Entry* old = entries_;
    const std::size_t old_size = buckets_ * kWays;
    allocate(buckets_ * 2);
    for (std::size_t i = 0; i < old_size; ++i) {
      if (old[i].empty()) continue;
      Entry* slots = bucket(old[i].key);
      for (std::size_t way = 0; way < kWays; ++way) {
        if (slots[way].empty()) {
          slots[way] = old[i];
          ++filled_;
          break;
        }
      }
    }
    assert(filled_ <= old_size);
  }

  std::size_t most_buckets_;
  std::unique_ptr<ZeroedPages> pages_;
  Entry* entries_ = nullptr;
  std::size_t buckets_ = 0;
  std::size_t filled_ = 0;
};

}  // namespace brudno::games::chess
