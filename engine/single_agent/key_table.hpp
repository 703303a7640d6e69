#pragma once
// The states a graph search has reached, by key: breadth-first search's
// seen set, best-first search's cheapest cost of each state. One flat array
// with open addressing and linear probing, where std::unordered_set and
// std::unordered_map make an allocation of every entry:
// - a few times less memory per state, so a search held to a budget keeps
//   more of them;
// - let go in one free: a search stopped with millions of states answers
//   at once, where walking and freeing the nodes of an unordered container
//   took a third of a second and more (the 15-puzzle breadth first, 2026-12-03).
// Keys are hashed by a multiplication (Fibonacci hashing), so keys that are
// packed boards, with their high bits nearly all alike, spread too.

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

namespace brudno::engine {

// No value: a set of keys.
struct NoValue {};

template <class Value = NoValue>
class KeyTable {
 public:
  // The value kept for `key`, inserted as `value` if the key was not there;
  // true when it was inserted.
  std::pair<Value*, bool> try_emplace(std::uint64_t key, const Value& value = {}) {
    if (key == kEmpty) {
      if (has_empty_key_) return {&empty_key_value_, false};
      has_empty_key_ = true;
      empty_key_value_ = value;
      ++size_;
      return {&empty_key_value_, true};
    }
    if (2 * (filled_ + 1) > slots_.size()) {
      rehash(slots_.empty() ? kFirstSlots : 2 * slots_.size(), [] { return false; });
    }
    for (std::size_t i = home(key, shift_);; i = (i + 1) & mask_) {
      if (slots_[i].key == key) return {&slots_[i].value, false};
      if (slots_[i].key == kEmpty) {
        slots_[i] = Slot{key, value};
        ++filled_;
        ++size_;
        return {&slots_[i].value, true};
      }
    }
  }
  // True when `key` was not there (and is now).
  bool insert(std::uint64_t key) { return try_emplace(key).second; }

  // Room for `added` more keys made now, so that inserting them will not
  // grow the table. Growing moves every key into an array twice as large;
  // once `should_stop()` says so (asked every kSlotsBetweenLooks slots) it
  // is given up, the table left as it was, and the answer is false: a
  // search told to stop does not wait for a table of 100 MB to double.
  template <class ShouldStop>
  bool reserve(std::uint64_t added, ShouldStop&& should_stop) {
    if (2 * (filled_ + added) <= slots_.size()) return true;
    std::size_t count = slots_.empty() ? kFirstSlots : 2 * slots_.size();
    while (2 * (filled_ + added) > count) count *= 2;
    return rehash(count, should_stop);
  }

  [[nodiscard]] const Value* find(std::uint64_t key) const {
    if (key == kEmpty) return has_empty_key_ ? &empty_key_value_ : nullptr;
    if (slots_.empty()) return nullptr;
    for (std::size_t i = home(key, shift_);; i = (i + 1) & mask_) {
      if (slots_[i].key == key) return &slots_[i].value;
      if (slots_[i].key == kEmpty) return nullptr;
    }
  }
  [[nodiscard]] const Value& at(std::uint64_t key) const {
    const Value* value = find(key);
    assert(value != nullptr);
    return *value;
  }
  [[nodiscard]] bool contains(std::uint64_t key) const { return find(key) != nullptr; }
  [[nodiscard]] std::size_t size() const { return size_; }

  // The bytes the table holds, and will hold at most with `added` more keys:
  // while it grows it holds its array and one twice as large.
  [[nodiscard]] std::uint64_t bytes() const { return slots_.size() * sizeof(Slot); }
  [[nodiscard]] std::uint64_t bytes_after(std::uint64_t added) const {
    const std::uint64_t slots = slots_.size();
    const std::uint64_t filled = filled_ + added;
    if (2 * filled <= slots) return slots * sizeof(Slot);
    std::uint64_t grown = slots == 0 ? kFirstSlots : 2 * slots;
    while (2 * filled > grown) grown *= 2;
    return (grown + grown / 2) * sizeof(Slot);
  }

 private:
  static constexpr std::uint64_t kEmpty = 0;  // a slot's mark; key 0 is kept apart
  static constexpr std::size_t kFirstSlots = 64;
  struct Slot {
    std::uint64_t key = kEmpty;
    [[no_unique_address]] Value value{};
  };
  // Zero bytes are an empty slot with a zero value (calloc's, in Slots).
  static_assert(kEmpty == 0 && std::is_trivially_copyable_v<Slot> &&
                std::is_trivially_destructible_v<Slot> &&
                (std::is_arithmetic_v<Value> || std::is_empty_v<Value>));

  static constexpr std::size_t kSlotsBetweenLooks = std::size_t{1} << 16;

  [[nodiscard]] static std::size_t home(std::uint64_t key, int shift) {
    return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> shift);
  }

  // `count` slots (a power of two), every key moved: at most half of them
  // are ever filled, so a probe finds an empty slot soon. False, the table
  // as it was, when `should_stop()` ends it early.
  template <class ShouldStop>
  bool rehash(std::size_t count, ShouldStop&& should_stop) {
    assert(count >= kFirstSlots && (count & (count - 1)) == 0 && 2 * filled_ <= count);
    Slots grown(count);
    int shift = 64;
    for (std::size_t n = count; n > 1; n >>= 1) --shift;
    for (std::size_t j = 0; j < slots_.size(); ++j) {
      if (j % kSlotsBetweenLooks == 0 && should_stop()) return false;
      if (slots_[j].key == kEmpty) continue;
      std::size_t i = home(slots_[j].key, shift);
      while (grown[i].key != kEmpty) i = (i + 1) & (count - 1);
      grown[i] = slots_[j];
    }
    slots_ = std::move(grown);
    mask_ = count - 1;
    shift_ = shift;
    return true;
  }

  // The array of slots, from calloc: a large one comes as fresh pages the
  // system has zeroed, so it is not written over once more (std::vector
  // would), and a slot of zero bytes is an empty one (a Slot is an
  // aggregate, made by the allocation itself).
  class Slots {
   public:
    Slots() = default;
    explicit Slots(std::size_t count)
        : slots_(static_cast<Slot*>(std::calloc(count, sizeof(Slot)))), count_(count) {
      if (slots_ == nullptr) throw std::bad_alloc();
    }
    Slots(Slots&& other) noexcept
        : slots_(std::exchange(other.slots_, nullptr)), count_(std::exchange(other.count_, 0)) {}
    Slots& operator=(Slots&& other) noexcept {
      std::swap(slots_, other.slots_);
      std::swap(count_, other.count_);
      return *this;
    }
    Slots(const Slots&) = delete;
    Slots& operator=(const Slots&) = delete;
    ~Slots() { std::free(slots_); }
    Slot& operator[](std::size_t i) { return slots_[i]; }
    const Slot& operator[](std::size_t i) const { return slots_[i]; }
    [[nodiscard]] std::size_t size() const { return count_; }
    [[nodiscard]] bool empty() const { return count_ == 0; }

   private:
    Slot* slots_ = nullptr;
    std::size_t count_ = 0;
  };

  Slots slots_;
  std::size_t mask_ = 0;
  int shift_ = 64;
  std::size_t filled_ = 0;  // keys in slots_ (key 0 is not among them)
  std::size_t size_ = 0;    // every key
  bool has_empty_key_ = false;
  Value empty_key_value_{};
};

}  // namespace brudno::engine
