#pragma once
// Memory for a large table, mapped straight from the kernel: its pages come
// zeroed, so a table of plain words needs no constructor and no clearing
// loop of its own. The kernel makes them resident either ahead (the
// transposition table, which the first probes would otherwise fault in one
// by one during the first search) or as they are first touched (histories
// that a search writes here and there). Aligned to 2 MiB; the table's are
// asked for as transparent huge pages: every probe lands on a random page,
// and with 4 KiB pages a table beyond a few MB misses the TLB on nearly
// every node, which halves the node rate. Pages resident when touched stay
// small: a huge one would be zeroed whole at its first write.

#include <atomic>
#include <cstddef>

namespace brudno::engine {

class ZeroedPages {
 public:
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  enum class Resident { kNow, kWhenTouched };

  ZeroedPages() = default;
  // Maps `bytes` (rounded up to whole huge pages); with Resident::kNow,
  // populates them a huge page at a time. Throws std::bad_alloc when the
  // memory cannot be had. With `give_up`, looks at it between huge pages:
  // once it is set, unmaps what it mapped and leaves this empty (a server
  // whose client has gone must not fault in gigabytes for nobody first).
  ZeroedPages(std::size_t bytes, Resident resident, const std::atomic<bool>* give_up = nullptr);
  ~ZeroedPages();
  ZeroedPages(ZeroedPages&& other) noexcept;
  ZeroedPages& operator=(ZeroedPages&& other) noexcept;
  ZeroedPages(const ZeroedPages&) = delete;
  ZeroedPages& operator=(const ZeroedPages&) = delete;

  [[nodiscard]] void* data() const { return data_; }
  [[nodiscard]] std::size_t bytes() const { return bytes_; }  // 0: nothing mapped
  [[nodiscard]] bool empty() const { return data_ == nullptr; }

 private:
  void release() noexcept;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace brudno::engine
