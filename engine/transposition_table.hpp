#pragma once
// The shared transposition table. Lock-free: each slot holds the packed entry
// and the key xor the entry, written with relaxed atomics. A reader that sees a
// torn pair gets a key mismatch and treats the slot as empty, so threads never
// need a lock and never read a half-written entry as valid.

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "engine/score.hpp"

namespace brudno::engine {

class TableExchange;

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TableEntry {
  Score score = 0;  // relative to the node: see score_to_table()
  int depth = 0;
  Bound bound = Bound::kNone;
  std::optional<std::uint16_t> move;  // move bits, see move_bits()
};

class TranspositionTable {
 public:
  static constexpr std::size_t kDefaultMegabytes = 16;
  static constexpr std::size_t kMaxMegabytes = 65536;

  // 0 megabytes: no memory until resize(), for a session that has not
  // searched yet; such a table may be cleared and aged, never probed.
  explicit TranspositionTable(std::size_t megabytes = kDefaultMegabytes);

  // Reallocates and clears; not safe while a search runs. When the memory
  // cannot be had, throws std::bad_alloc and leaves the table as it was.
  void resize(std::size_t megabytes);
  // Empties every slot (ucinewgame) with up to `threads` threads, as many as
  // the search may use; not safe while a search runs.
  void clear(int threads = 1);
  // Ages the entries of earlier searches so they are replaced first.
  void new_search();

  [[nodiscard]] std::optional<TableEntry> probe(std::uint64_t key) const;
  // Starts loading the key's cluster into the cache, for a probe soon after.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&cluster_for(key)); }
  // Inline, so that a search's store is one call, not two.
  void store(std::uint64_t key, const TableEntry& entry) {
    store_without_sharing(key, entry);
    if (entry.depth >= share_depth_) [[unlikely]]
      offer_to_exchange(key, entry);
  }
  // The same, not offered to a table exchange: an entry that came from one.
  void store_without_sharing(std::uint64_t key, const TableEntry& entry);
  // Deep entries stored from now on go to `exchange` too, and what it
  // received comes in through them (a cluster's table; see TableExchange).
  // Null: none. Set before a search, never during one.
  void share_through(TableExchange* exchange);

  // Permille of sampled slots written by the current search (UCI's hashfull).
  [[nodiscard]] int hashfull() const;
  [[nodiscard]] std::size_t megabytes() const { return megabytes_; }  // 0: not allocated
  [[nodiscard]] std::size_t slot_count() const { return cluster_count_ * kClusterSize; }

 private:
  static constexpr std::size_t kClusterSize = 4;
  struct Slot {
    std::atomic<std::uint64_t> check{0};  // key ^ data
    std::atomic<std::uint64_t> data{0};
  };
  struct alignas(64) Cluster {
    Slot slots[kClusterSize];
  };

  // Inline: every prefetch, probe and store asks it.
  [[nodiscard]] Cluster& cluster_for(std::uint64_t key) const {
    assert(cluster_count_ > 0 && "a table without memory is never probed");
    // Multiply-shift maps the key onto any cluster count without a modulo.
    __extension__ using Wide = unsigned __int128;
    const auto index = static_cast<std::size_t>((static_cast<Wide>(key) * cluster_count_) >> 64);
    return clusters_[index];
  }
  void offer_to_exchange(std::uint64_t key, const TableEntry& entry);
  void update(Slot& slot, std::uint64_t data, std::uint64_t key, const TableEntry& entry);
  static void write(Slot& slot, std::uint64_t key, std::uint64_t packed);

  // Freed with std::free: the memory comes from aligned_alloc (see resize()).
  struct FreeClusters {
    void operator()(Cluster* clusters) const;
  };
  std::unique_ptr<Cluster[], FreeClusters> clusters_;
  std::size_t cluster_count_ = 0;
  std::size_t megabytes_ = 0;
  std::uint8_t generation_ = 0;
  TableExchange* exchange_ = nullptr;
  int share_depth_ = 256;  // deeper than any entry: nothing shared
};

}  // namespace brudno::engine
