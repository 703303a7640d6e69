#pragma once
// A fixed-size array of numbers that starts zeroed, on pages mapped straight
// from the kernel (ZeroedPages) that become resident only where they are
// touched: a history table of megabytes that a search writes here and there
// costs no clearing pass when it is made, and none of the allocator's
// reuse, which would have to clear it.

#include <cassert>
#include <cstddef>
#include <type_traits>

#include "engine/zeroed_pages.hpp"

namespace brudno::engine {

template <class T>
class ZeroedArray {
  static_assert(std::is_arithmetic_v<T>, "all-zero bytes must be the value 0");

 public:
  explicit ZeroedArray(std::size_t size) : size_(size) { clear(); }

  [[nodiscard]] T& operator[](std::size_t index) {
    assert(index < size_);
    return data()[index];
  }
  [[nodiscard]] const T& operator[](std::size_t index) const {
    assert(index < size_);
    return data()[index];
  }
  [[nodiscard]] T* data() { return static_cast<T*>(pages_.data()); }
  [[nodiscard]] const T* data() const { return static_cast<const T*>(pages_.data()); }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] T* begin() { return data(); }
  [[nodiscard]] T* end() { return data() + size_; }
  [[nodiscard]] const T* begin() const { return data(); }
  [[nodiscard]] const T* end() const { return data() + size_; }

  // Fresh zero pages in place of the old ones: nothing written, and the
  // memory the old ones held given back.
  void clear() {
    if (size_ > 0) pages_ = ZeroedPages(size_ * sizeof(T), ZeroedPages::Resident::kWhenTouched);
  }

 private:
  std::size_t size_;
  ZeroedPages pages_;
};

}  // namespace brudno::engine
