#include "engine/search_memory.hpp"

#include <atomic>
#include <cassert>

#include "engine/search_arena.hpp"

namespace brudno::engine {

namespace {
std::atomic<long> arenas_made_count{0};
}  // namespace

SearchMemory::SearchMemory() = default;
SearchMemory::~SearchMemory() = default;

void SearchMemory::start_search(int threads, OrderingShape shape) {
  reserve(threads, shape);
  for (auto& memory : threads_) memory->age();
}

void SearchMemory::reserve(int threads, OrderingShape shape) {
  assert(threads >= 1);
  if (!threads_.empty() && threads_.front()->shape() != shape) threads_.clear();
  const auto count = static_cast<std::size_t>(threads);
  while (threads_.size() < count) threads_.push_back(std::make_unique<OrderingMemory>(shape));
  if (threads > 1 && arena_threads_ != threads) {
    arena_.reset();
    arena_ = std::make_unique<SearchArena>(threads);
    arena_threads_ = threads;
    arenas_made_count.fetch_add(1, std::memory_order_relaxed);
  }
}

bool SearchMemory::reserved(int threads, OrderingShape shape) const {
  return threads_.size() >= static_cast<std::size_t>(threads) && !threads_.empty() &&
         threads_.front()->shape() == shape && (threads <= 1 || arena_threads_ == threads);
}

void SearchMemory::clear() {
  for (auto& memory : threads_) memory->clear();
}

OrderingMemory& SearchMemory::thread(std::size_t index) {
  assert(index < threads_.size());
  threads_[index]->hand_to_search();
  return *threads_[index];
}

SearchArena& SearchMemory::arena() {
  assert(arena_);
  return *arena_;
}

long SearchMemory::arenas_made() {
  return arenas_made_count.load(std::memory_order_relaxed);
}

}  // namespace brudno::engine
