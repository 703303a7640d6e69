#include "tools/mpi/table_exchange.hpp"

#include <algorithm>
#include <cassert>

namespace brudno::tools::mpi {

void TableExchange::on_deep_store(TranspositionTable& table, std::uint64_t key,
                                  const TableEntry& entry) {
  assert(entry.depth >= min_depth_);
  {
    std::lock_guard lock(outgoing_mutex_);
    if (outgoing_.size() < kMaxQueued) {
      outgoing_.push_back({key, entry});
      offered_.fetch_add(1, std::memory_order_relaxed);
    } else {
      dropped_.fetch_add(1, std::memory_order_relaxed);
    }
  }
  if (incoming_waiting_.load(std::memory_order_acquire)) store_incoming(table);
}

void TableExchange::store_incoming(TranspositionTable& table) {
  std::vector<SharedEntry> entries;
  {
    // Another search thread already storing them: this one goes on searching.
    std::unique_lock lock(incoming_mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    entries.swap(incoming_);
    incoming_waiting_.store(false, std::memory_order_release);
  }
  for (const auto& shared : entries) table.store_without_sharing(shared.key, shared.entry);
  stored_.fetch_add(entries.size(), std::memory_order_relaxed);
}

void TableExchange::on_clear() {
  std::scoped_lock lock(outgoing_mutex_, incoming_mutex_);
  outgoing_.clear();
  incoming_.clear();
  incoming_waiting_.store(false, std::memory_order_release);
  ++epoch_;
}

TableExchange::Batch TableExchange::take_outgoing() {
  Batch batch;
  std::lock_guard lock(outgoing_mutex_);
  batch.epoch = epoch_;
  batch.entries.swap(outgoing_);
  return batch;
}

void TableExchange::add_incoming(std::uint32_t epoch, std::span<const SharedEntry> entries) {
  std::lock_guard lock(incoming_mutex_);
  received_.fetch_add(entries.size(), std::memory_order_relaxed);
  if (epoch != epoch_) {
    dropped_.fetch_add(entries.size(), std::memory_order_relaxed);
    return;
  }
  const std::size_t room = kMaxQueued - std::min(kMaxQueued, incoming_.size());
  const std::size_t taken = std::min(room, entries.size());
  incoming_.insert(incoming_.end(), entries.begin(), entries.begin() + taken);
  dropped_.fetch_add(entries.size() - taken, std::memory_order_relaxed);
  if (!incoming_.empty()) incoming_waiting_.store(true, std::memory_order_release);
}

TableExchange::Counts TableExchange::counts() const {
  return {offered_.load(std::memory_order_relaxed), received_.load(std::memory_order_relaxed),
          stored_.load(std::memory_order_relaxed), dropped_.load(std::memory_order_relaxed)};
}

}  // namespace brudno::tools::mpi
