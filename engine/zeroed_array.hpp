#pragma once
// A fixed-size array of numbers that starts zeroed, taken with calloc: a
// large one comes straight from the kernel as zero pages that are neither
// written nor resident until used, so a history table of megabytes that a
// session touches here and there costs no clearing pass when it is made.

#include <cassert>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

namespace brudno::engine {

template <class T>
class ZeroedArray {
  static_assert(std::is_arithmetic_v<T>, "all-zero bytes must be the value 0");

 public:
  explicit ZeroedArray(std::size_t size)
      : size_(size), values_(static_cast<T*>(std::calloc(size == 0 ? 1 : size, sizeof(T)))) {
    if (values_ == nullptr) throw std::bad_alloc();
  }

  [[nodiscard]] T& operator[](std::size_t index) {
    assert(index < size_);
    return values_[index];
  }
  [[nodiscard]] const T& operator[](std::size_t index) const {
    assert(index < size_);
    return values_[index];
  }
  [[nodiscard]] T* data() { return values_.get(); }
  [[nodiscard]] const T* data() const { return values_.get(); }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] T* begin() { return data(); }
  [[nodiscard]] T* end() { return data() + size_; }
  [[nodiscard]] const T* begin() const { return data(); }
  [[nodiscard]] const T* end() const { return data() + size_; }

  void clear() { std::memset(data(), 0, size_ * sizeof(T)); }

 private:
  struct Free {
    void operator()(T* values) const { std::free(values); }
  };
  std::size_t size_;
  std::unique_ptr<T[], Free> values_;
};

}  // namespace brudno::engine
