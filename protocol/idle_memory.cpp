#include "protocol/idle_memory.hpp"

#include <malloc.h>

#include <cstddef>
#include <cstdlib>
#include <thread>
#include <vector>

namespace brudno::protocol {
namespace {

// glibc keeps a few freed small blocks per size in a cache of each thread
// (the tcache: up to 7 blocks of each size up to 1032 bytes) to hand out again
// without a lock. malloc_trim() cannot see them, and after a crowd of sessions
// the I/O thread's cache holds blocks scattered over the whole heap, each
// pinning its page. Taking them out of the cache and freeing them on a thread
// that then ends returns them to the heap proper, where they merge and can be
// trimmed. On another allocator this is merely some allocations and frees.
constexpr std::size_t kLargestCached = 1032;
constexpr std::size_t kSizeStep = 16;
constexpr int kCachedPerSize = 7;

}  // namespace

void return_freed_memory() {
  std::vector<void*> blocks;
  blocks.reserve(kLargestCached / kSizeStep * kCachedPerSize);
  for (std::size_t size = kSizeStep; size <= kLargestCached; size += kSizeStep) {
    for (int i = 0; i < kCachedPerSize; ++i) {
      if (void* block = std::malloc(size - 8)) blocks.push_back(block);
    }
  }
  // A thread's cache goes back to the heap when the thread ends.
  std::thread([&blocks] {
    for (void* block : blocks) std::free(block);
  }).join();
  blocks = {};
  malloc_trim(0);
}

}  // namespace brudno::protocol
