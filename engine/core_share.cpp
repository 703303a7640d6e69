#include "engine/core_share.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

namespace brudno::engine {

CoreShare::CoreShare(int cores) : cores_(std::max(cores, 1)), free_(cores_) {}

CoreShare::Seat::Seat(CoreShare& share, std::function<bool()> must_stop)
    : share_(share), must_stop_(std::move(must_stop)) {
  assert(must_stop_);
}

CoreShare::Seat::~Seat() { leave(); }

void CoreShare::Seat::take_turn() {
  if (holding_ && share_.waiting() == 0) return;  // nobody to hand on to
  // A search that must stop answers now, with its turn or without one.
  if (must_stop_()) return;
  if (holding_) {
    share_.hand_on(*this);
  } else {
    share_.acquire(*this);
  }
  assert(holding_);
}

void CoreShare::Seat::leave() {
  if (holding_) share_.release(*this);
  assert(!holding_);
}

void CoreShare::acquire(Seat& seat) {
  std::unique_lock lock(mutex_);
  assert(waiting_.empty() || free_ == 0);
  if (free_ > 0) {
    --free_;
  } else {
    wait_for_turn(lock, seat);
  }
  seat.holding_ = true;
}

void CoreShare::hand_on(Seat& seat) {
  std::unique_lock lock(mutex_);
  Seat* next = next_locked();
  if (next == nullptr) return;  // another holder served them first
  next->granted_ = true;
  next->granted_turn_.notify_one();
  wait_for_turn(lock, seat);
}

void CoreShare::release(Seat& seat) {
  const std::lock_guard lock(mutex_);
  seat.holding_ = false;
  if (Seat* next = next_locked()) {
    next->granted_ = true;
    next->granted_turn_.notify_one();
  } else {
    ++free_;
    assert(free_ <= cores_);
  }
}

void CoreShare::wait_for_turn(std::unique_lock<std::mutex>& lock, Seat& seat) {
  assert(!seat.granted_);
  waiting_.push_back(&seat);
  waiting_count_.store(static_cast<int>(waiting_.size()), std::memory_order_relaxed);
  seat.granted_turn_.wait(lock, [&seat] { return seat.granted_; });
  seat.granted_ = false;
  // Whoever granted it took it out of the queue.
  assert(std::find(waiting_.begin(), waiting_.end(), &seat) == waiting_.end());
}

CoreShare::Seat* CoreShare::next_locked() {
  if (waiting_.empty()) return nullptr;
  auto chosen = std::find_if(waiting_.begin(), waiting_.end(),
                             [](const Seat* seat) { return seat->must_stop_(); });
  if (chosen == waiting_.end()) chosen = waiting_.begin();
  Seat* next = *chosen;
  waiting_.erase(chosen);
  waiting_count_.store(static_cast<int>(waiting_.size()), std::memory_order_relaxed);
  return next;
}

}  // namespace brudno::engine
