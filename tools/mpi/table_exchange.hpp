#pragma once
// Deep transposition-table entries shared with searches of the same position
// in other processes, each with a table of its own (the ranks of a cluster,
// brudno-mpi uci). The table offers every entry it stores at or above a
// depth; the same call stores what the others sent, so received entries
// enter the table only from a search's own threads, while its memory is
// certain to be there (a resize or clear never runs during a search).
// Whoever carries entries between processes (cluster_link.cpp)
// only takes the outgoing queue and fills the incoming one. Deep stores are
// a few thousand a second, so the queues' locks cost the search nothing it
// notices; the queues are bounded, and what does not fit is dropped.
//
// The engine knows it only as the table's observer (engine::TableObserver):
// the cluster's concern stays out of the engine.
//
// Entries are good for the game they were stored in. Every clearing of the
// table (a new game, another game, Clear Hash) begins a new epoch, and the
// ranks, which all see the same commands, count their epochs alike: a batch
// from another epoch (sent by a rank that has not yet caught up, or has gone
// ahead) is dropped.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

#include "engine/transposition_table.hpp"

namespace brudno::tools::mpi {

using engine::TableEntry;
using engine::TranspositionTable;

struct SharedEntry {
  std::uint64_t key = 0;
  TableEntry entry;
};

class TableExchange final : public engine::TableObserver {
 public:
  // What a queue holds at most before entries are dropped: a carrier that
  // falls behind loses the oldest news, never the search's time.
  static constexpr std::size_t kMaxQueued = 1 << 16;

  explicit TableExchange(int min_depth) : min_depth_(min_depth) {}
  TableExchange(const TableExchange&) = delete;
  TableExchange& operator=(const TableExchange&) = delete;

  // Entries at least this deep are shared.
  [[nodiscard]] int min_depth() const override { return min_depth_; }

  // From TranspositionTable::store() on a search thread: queues the entry
  // for the others and stores into `table` what they sent.
  void on_deep_store(TranspositionTable& table, std::uint64_t key,
                     const TableEntry& entry) override;

  // From TranspositionTable::clear(), when no search runs: both queues
  // emptied, the epoch counted on.
  void on_clear() override;

  // The carrier's side: what to send (the queue emptied) with its epoch, and
  // what came with the sender's.
  struct Batch {
    std::uint32_t epoch = 0;
    std::vector<SharedEntry> entries;
  };
  [[nodiscard]] Batch take_outgoing();
  void add_incoming(std::uint32_t epoch, std::span<const SharedEntry> entries);

  struct Counts {
    std::uint64_t offered = 0;   // deep entries queued for the others
    std::uint64_t received = 0;  // entries that came from them
    std::uint64_t stored = 0;    // of those, stored into the table
    std::uint64_t dropped = 0;   // lost to a full queue, either way, or from another epoch
  };
  [[nodiscard]] Counts counts() const;

 private:
  void store_incoming(TranspositionTable& table);

  const int min_depth_;
  mutable std::mutex outgoing_mutex_;
  std::vector<SharedEntry> outgoing_;
  mutable std::mutex incoming_mutex_;
  std::vector<SharedEntry> incoming_;
  // Written under both locks, so either one suffices to read it.
  std::uint32_t epoch_ = 0;
  // Set while incoming_ holds entries: a deep store looks at it without the lock.
  std::atomic<bool> incoming_waiting_{false};
  std::atomic<std::uint64_t> offered_{0};
  std::atomic<std::uint64_t> received_{0};
  std::atomic<std::uint64_t> stored_{0};
  std::atomic<std::uint64_t> dropped_{0};
};

}  // namespace brudno::tools::mpi
