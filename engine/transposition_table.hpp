#pragma once
// The shared transposition table. Lock-free: each slot holds the packed entry
// and the key xor the entry, written with relaxed atomics. A reader that sees a
// torn pair gets a key mismatch and treats the slot as empty, so threads never
// need a lock and never read a half-written entry as valid.

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine/score.hpp"
#include "engine/zeroed_pages.hpp"

namespace brudno::engine {

class TranspositionTable;

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

// What a fail-soft value searched within (alpha, beta) says of the node:
// at or above beta a lower bound, at or below alpha an upper bound, in
// between the value itself.
constexpr Bound bound_of(Score value, Score alpha, Score beta) {
  assert(alpha < beta);
  return value >= beta ? Bound::kLower : value > alpha ? Bound::kExact : Bound::kUpper;
}

struct TableEntry {
  Score score = 0;  // relative to the node: see score_to_table()
  int depth = 0;
  Bound bound = Bound::kNone;
  std::optional<std::uint16_t> move;  // move bits, see move_bits()
};

// Who is told of the deep entries a search stores, and of every clearing of
// the table: a cluster's exchange of entries between processes
// (tools/mpi/table_exchange.hpp) is one. The engine only calls it.
class TableObserver {
 public:
  virtual ~TableObserver() = default;
  // Entries at least this deep are offered.
  [[nodiscard]] virtual int min_depth() const = 0;
  // From TranspositionTable::store() on a search thread. It may store into
  // `table` (with store_without_sharing()) what came from elsewhere, while
  // the table's memory is certain to be there.
  virtual void on_deep_store(TranspositionTable& table, std::uint64_t key,
                             const TableEntry& entry) = 0;
  // From TranspositionTable::clear(), when no search runs.
  virtual void on_clear() = 0;
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
  // With `give_up`, looks at it between huge pages: once it is set, the new
  // memory is freed, the table left as it was, and false returned (a server
  // whose client has gone must not write gigabytes for nobody first).
  bool resize(std::size_t megabytes, const std::atomic<bool>* give_up = nullptr);
  // Empties every slot (ucinewgame) with up to `threads` threads, as many as
  // the search may use; not safe while a search runs. With `give_up`, stops
  // between megabytes once it is set, some slots left as they were.
  void clear(int threads = 1, const std::atomic<bool>* give_up = nullptr);
  // Ages the entries of earlier searches so they are replaced first.
  void new_search();

  [[nodiscard]] std::optional<TableEntry> probe(std::uint64_t key) const;
  // Starts loading the key's cluster into the cache, for a probe soon after.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&cluster_for(key)); }
  // Inline, so that a search's store is one call, not two.
  void store(std::uint64_t key, const TableEntry& entry) {
    store_without_sharing(key, entry);
    if (entry.depth >= observed_depth_) [[unlikely]]
      observer_->on_deep_store(*this, key, entry);
  }
  // The same, not offered to the observer: an entry that came from elsewhere.
  void store_without_sharing(std::uint64_t key, const TableEntry& entry);
  // Deep entries stored from now on are offered to `observer` too, and it
  // is told of every clearing. Null: none. Set before a search, never
  // during one.
  void observe_deep_stores(TableObserver* observer);

  // Permille of sampled slots written by the current search (UCI's hashfull).
  [[nodiscard]] int hashfull() const;
  [[nodiscard]] std::size_t megabytes() const { return megabytes_; }  // 0: not allocated
  [[nodiscard]] std::size_t slot_count() const { return cluster_count_ * kClusterSize; }

 private:
  static constexpr std::size_t kClusterSize = 4;
  // Plain words, read and written through std::atomic_ref: a slot is then
  // a trivial type, and the kernel's zeroed pages are empty slots with no
  // constructor run over them (ZeroedPages).
  struct Slot {
    std::uint64_t check_word;  // key ^ data
    std::uint64_t data_word;
    [[nodiscard]] std::uint64_t check() const { return load(check_word); }
    [[nodiscard]] std::uint64_t data() const { return load(data_word); }
    void set(std::uint64_t new_check, std::uint64_t new_data) {
      std::atomic_ref(data_word).store(new_data, std::memory_order_relaxed);
      std::atomic_ref(check_word).store(new_check, std::memory_order_relaxed);
    }

   private:
    static std::uint64_t load(const std::uint64_t& word) {
      // atomic_ref<const T> comes only in C++26; the word itself is not const.
      return std::atomic_ref(const_cast<std::uint64_t&>(word)).load(std::memory_order_relaxed);
    }
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
  void update(Slot& slot, std::uint64_t data, std::uint64_t key, const TableEntry& entry);
  static void write(Slot& slot, std::uint64_t key, std::uint64_t packed);

  ZeroedPages memory_;
  Cluster* clusters_ = nullptr;  // memory_'s
  std::size_t cluster_count_ = 0;
  std::size_t megabytes_ = 0;
  std::uint8_t generation_ = 0;
  TableObserver* observer_ = nullptr;
  int observed_depth_ = kNotObserved;
  static constexpr int kNotObserved = 256;  // deeper than any entry: nothing offered
};

}  // namespace brudno::engine
