#include "games/chess/mate/zeroed_pages.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <new>

namespace brudno::games::chess {
namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}

ZeroedPages::ZeroedPages(std::size_t bytes) : bytes_(bytes) {
  // Room to start on a huge page's boundary.
  mapped_bytes_ = bytes + kHugePage;
  mapping_ =
      mmap(nullptr, mapped_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping_ == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(mapping_);
  aligned_ = reinterpret_cast<void*>((start + kHugePage - 1) & ~(kHugePage - 1));
#ifdef MADV_HUGEPAGE
  // A hint: where huge pages are off the table works all the same.
  madvise(aligned_, bytes_, MADV_HUGEPAGE);
#endif
}

ZeroedPages::~ZeroedPages() {
  munmap(mapping_, mapped_bytes_);
}

void ZeroedPages::clear() {
  // Private anonymous pages read as zero once dropped.
  if (madvise(aligned_, bytes_, MADV_DONTNEED) != 0) {
    auto* bytes = static_cast<unsigned char*>(aligned_);
    for (std::size_t i = 0; i < bytes_; ++i) bytes[i] = 0;
  }
}

}  // namespace brudno::games::chess
