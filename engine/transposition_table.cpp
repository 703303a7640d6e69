#include "engine/transposition_table.hpp"

#include <tbb/task_arena.h>

#include <algorithm>
#include <cassert>
#include <type_traits>
#include <utility>

#include "engine/team_run.hpp"

namespace brudno::engine {
namespace {

// data: score (32) | move (16) | depth (8) | bound (2) | has move (1) | generation (5)
constexpr std::uint64_t kGenerationMask = 31;

std::uint64_t pack(const TableEntry& entry, std::uint8_t generation) {
  const auto score = static_cast<std::uint32_t>(entry.score);
  const auto depth = static_cast<std::uint8_t>(std::clamp(entry.depth, 0, 255));
  return std::uint64_t{score} << 32 | std::uint64_t{entry.move.value_or(0)} << 16 |
         std::uint64_t{depth} << 8 | std::uint64_t{static_cast<std::uint8_t>(entry.bound)} << 6 |
         std::uint64_t{entry.move.has_value()} << 5 | (generation & kGenerationMask);
}

TableEntry unpack(std::uint64_t data) {
  TableEntry entry;
  entry.score = static_cast<Score>(static_cast<std::uint32_t>(data >> 32));
  entry.depth = static_cast<int>((data >> 8) & 0xff);
  entry.bound = static_cast<Bound>((data >> 6) & 3);
  if ((data >> 5) & 1) entry.move = static_cast<std::uint16_t>(data >> 16);
  return entry;
}

int depth_of(std::uint64_t data) {
  return static_cast<int>((data >> 8) & 0xff);
}
std::uint8_t generation_of(std::uint64_t data) {
  return data & kGenerationMask;
}
bool is_empty(std::uint64_t data) {
  return ((data >> 6) & 3) == 0;
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  if (megabytes > 0) resize(megabytes);
}

namespace {

// Clusters cleared between two looks at a give-up flag: a megabyte, a
// fraction of a millisecond.
constexpr std::size_t kClustersBetweenLooks = (std::size_t{1} << 20) / 64;

bool given_up(const std::atomic<bool>* give_up) {
  return give_up != nullptr && give_up->load(std::memory_order_relaxed);
}

}  // namespace

bool TranspositionTable::resize(std::size_t megabytes, const std::atomic<bool>* give_up) {
  megabytes = std::clamp<std::size_t>(megabytes, 1, kMaxMegabytes);
  const std::size_t bytes = megabytes * 1024 * 1024;
  // The new table is mapped while the old one is still held, so that a
  // failure leaves the old one in place for the caller to keep using.
  ZeroedPages memory(bytes, ZeroedPages::Resident::kNow, give_up);
  if (memory.empty()) return false;  // given up
  static_assert(std::is_trivial_v<Cluster>, "zeroed pages are empty clusters as they are");
  memory_ = std::move(memory);
  clusters_ = static_cast<Cluster*>(memory_.data());
  cluster_count_ = bytes / sizeof(Cluster);
  megabytes_ = megabytes;
  generation_ = 0;
  return true;
}

void TranspositionTable::clear(int threads, const std::atomic<bool>* give_up) {
  generation_ = 0;
  if (observer_ != nullptr) observer_->on_clear();
  if (cluster_count_ == 0) return;  // not allocated: nothing to clear
  const auto clear_clusters = [this, give_up](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      if ((i - begin) % kClustersBetweenLooks == 0 && given_up(give_up)) return;
      for (auto& slot : clusters_[i].slots) slot.set(0, 0);
    }
  };
  // A table of many GB keeps a new game waiting while the search's threads
  // sit idle: two threads clear it in about half the time (docs/parallel.md,
  // "Fourth sitting: the cost of a claim").
  const auto parts = static_cast<std::size_t>(std::max(threads, 1));
  const auto part_begin = [&](std::size_t part) { return cluster_count_ * part / parts; };
  if (parts == 1) {
    clear_clusters(0, cluster_count_);
  } else {
    // One part per thread, the calling thread's among them.
    tbb::task_arena(threads).execute([&] {
      tbb::task_group group;
      run_as_team(group, parts, [&](std::size_t part) {
        clear_clusters(part_begin(part), part_begin(part + 1));
      });
    });
  }
  generation_ = 0;
}

void TranspositionTable::new_search() {
  generation_ = (generation_ + 1) & kGenerationMask;
}

std::optional<TableEntry> TranspositionTable::probe(std::uint64_t key) const {
  for (const auto& slot : cluster_for(key).slots) {
    const std::uint64_t data = slot.data();
    if (is_empty(data)) continue;
    if ((slot.check() ^ data) == key) return unpack(data);
  }
  return std::nullopt;
}

void TranspositionTable::observe_deep_stores(TableObserver* observer) {
  observer_ = observer;
  observed_depth_ = observer != nullptr ? observer->min_depth() : kNotObserved;
  assert(observed_depth_ > 0 && observed_depth_ <= kNotObserved);
}

void TranspositionTable::store_without_sharing(std::uint64_t key, const TableEntry& entry) {
  // An entry the table gives back as it came: a bound, a depth its byte
  // holds, a score within the search's range.
  assert(entry.bound != Bound::kNone);
  assert(entry.depth >= 0 && entry.depth <= 255);
  assert(-kInfinity <= entry.score && entry.score <= kInfinity);
  Cluster& cluster = cluster_for(key);
  Slot* victim = nullptr;
  int victim_worth = 0;
  for (auto& slot : cluster.slots) {
    const std::uint64_t data = slot.data();
    if (!is_empty(data) && (slot.check() ^ data) == key) {
      return update(slot, data, key, entry);
    }
    // Replace the shallowest entry, counting every search of age as 8 plies less.
    const int age = (generation_ - generation_of(data)) & kGenerationMask;
    const int worth = is_empty(data) ? -1000 : depth_of(data) - 8 * age;
    if (victim == nullptr || worth < victim_worth) {
      victim = &slot;
      victim_worth = worth;
    }
  }
  write(*victim, key, pack(entry, generation_));
}

// A second store for the same position. A shallower search's bound (the
// look-ahead's, or a re-search's at a lower depth) must not push out a
// deeper one, which cuts off more: the deeper entry stays unless the new one
// is exact or the old one is from an earlier search. The newer best move is
// kept either way, and the known move when the new entry brings none.
void TranspositionTable::update(Slot& slot, std::uint64_t data, std::uint64_t key,
                                const TableEntry& entry) {
  const bool replaces = entry.bound == Bound::kExact || generation_of(data) != generation_ ||
                        entry.depth >= depth_of(data);
  TableEntry kept = replaces ? entry : unpack(data);
  if (entry.move) {
    kept.move = entry.move;
  } else if (!kept.move && ((data >> 5) & 1)) {
    kept.move = static_cast<std::uint16_t>(data >> 16);
  }
  write(slot, key, pack(kept, generation_));
}

void TranspositionTable::write(Slot& slot, std::uint64_t key, std::uint64_t packed) {
  slot.set(key ^ packed, packed);
}

int TranspositionTable::hashfull() const {
  constexpr std::size_t kSampleClusters = 250;
  const std::size_t sample = std::min(kSampleClusters, cluster_count_);
  if (sample == 0) return 0;  // not allocated
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i) {
    for (const auto& slot : clusters_[i].slots) {
      const std::uint64_t data = slot.data();
      if (!is_empty(data) && generation_of(data) == generation_) ++used;
    }
  }
  return static_cast<int>(used * 1000 / (sample * kClusterSize));
}

}  // namespace brudno::engine
