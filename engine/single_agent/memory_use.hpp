#pragma once
// What a search's containers will take once they have grown by some
// entries: the bytes a strategy asks its memory grant for before it grows
// (engine/memory_grant.hpp). The estimate errs high, so that a search held
// to a budget holds no more than the budget:
// - the states' key table (key_table.hpp) says its own;
// - a vector that must grow doubles, and its new buffer is counted before
//   it is made (while the elements move, the old buffer and the copied half
//   of the new one are what the process holds).
// The peak-memory figures of SearchOutcome are the strategies' plainer
// count, kept as the reports print them.

#include <algorithm>
#include <cstdint>

namespace brudno::engine {

// What the allocator takes for a block of `bytes`.
constexpr std::uint64_t allocation_bytes(std::uint64_t bytes) {
  const std::uint64_t chunk = (bytes + 8 + 15) / 16 * 16;
  return chunk < 32 ? 32 : chunk;
}

// A std::vector with `added` more elements.
template <class Vector>
std::uint64_t vector_bytes_after(const Vector& vector, std::uint64_t added) {
  std::uint64_t capacity = vector.capacity();
  const std::uint64_t size = vector.size() + added;
  if (size > capacity) capacity = std::max<std::uint64_t>(2 * capacity, size);
  return capacity * sizeof(typename Vector::value_type);
}

// A std::deque of `entries` elements of `element_bytes`: blocks of 512
// bytes (libstdc++'s), one partly used at each end, and a pointer each in
// its map (counted twice: the map, too, grows by doubling).
constexpr std::uint64_t deque_bytes(std::uint64_t entries, std::uint64_t element_bytes) {
  const std::uint64_t blocks = entries * element_bytes / 512 + 2;
  return blocks * (allocation_bytes(512) + 2 * sizeof(void*));
}

}  // namespace brudno::engine
