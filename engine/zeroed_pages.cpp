#include "engine/zeroed_pages.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cassert>
#include <cerrno>
#include <cstdint>
#include <new>
#include <utility>

namespace brudno::engine {
namespace {

void* map_aligned(std::size_t bytes) {
  // Mapped with a huge page to spare, then trimmed to an aligned start.
  const std::size_t spare = ZeroedPages::kHugePage;
  void* mapped = mmap(nullptr, bytes + spare, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(mapped);
  const std::uintptr_t aligned = (start + spare - 1) / spare * spare;
  if (aligned > start) munmap(mapped, aligned - start);
  const std::uintptr_t tail = start + spare - aligned;
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + bytes), tail);
  return reinterpret_cast<void*>(aligned);
}

// Makes [begin, begin + length) resident. False when the kernel cannot.
bool populate(char* begin, std::size_t length) {
#ifdef MADV_POPULATE_WRITE
  int result = 0;
  do {
    result = madvise(begin, length, MADV_POPULATE_WRITE);
  } while (result != 0 && errno == EINTR);  // a signal came: the rest is still to do
  if (result == 0) return true;
  if (errno != EINVAL) return false;  // out of memory
#endif
  // A kernel before 5.14: a write to each page, of the zero it holds.
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  for (std::size_t at = 0; at < length; at += page) {
    *static_cast<volatile char*>(begin + at) = 0;
  }
  return true;
}

}  // namespace

ZeroedPages::ZeroedPages(std::size_t bytes, Resident resident,
                         const std::atomic<bool>* give_up) {
  assert(bytes > 0);
  bytes = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  data_ = map_aligned(bytes);
  bytes_ = bytes;
  if (resident == Resident::kWhenTouched) return;
#ifdef MADV_HUGEPAGE
  madvise(data_, bytes_, MADV_HUGEPAGE);
#endif
  auto* begin = static_cast<char*>(data_);
  for (std::size_t at = 0; at < bytes_; at += kHugePage) {
    if (give_up != nullptr && give_up->load(std::memory_order_relaxed)) {
      release();
      return;
    }
    if (!populate(begin + at, kHugePage)) {
      release();
      throw std::bad_alloc();
    }
  }
}

ZeroedPages::~ZeroedPages() {
  release();
}

ZeroedPages::ZeroedPages(ZeroedPages&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

ZeroedPages& ZeroedPages::operator=(ZeroedPages&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

void ZeroedPages::release() noexcept {
  if (data_ != nullptr) munmap(data_, bytes_);
  data_ = nullptr;
  bytes_ = 0;
}

}  // namespace brudno::engine
