#pragma once
// When a running search must give up: the caller's stop flag, a node limit
// shared by all the search's threads, or the maximum time on the search's
// clock (which waits while pondering).

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <optional>

#include "engine/core_share.hpp"
#include "engine/search_clock.hpp"
#include "engine/search_limits.hpp"

namespace brudno::engine {

// The nodes one search may visit, shared by every thread that searches it:
// UCI's `go nodes N` limits the whole search, as the sum over threads. Each
// thread takes a batch of nodes at a time, so the shared counter is touched
// once a batch rather than once a node, and the threads together never visit
// more than the limit.
class NodeBudget {
 public:
  explicit NodeBudget(std::optional<std::uint64_t> limit = std::nullopt)
      : limit_(limit.value_or(kUnlimited)) {}
  NodeBudget(const NodeBudget&) = delete;
  NodeBudget& operator=(const NodeBudget&) = delete;

  // Nodes granted to the calling thread, at most `batch`; 0 once all are spent.
  std::uint64_t take(std::uint64_t batch) {
    if (limit_ == kUnlimited) return batch;
    const std::uint64_t before = taken_.fetch_add(batch, std::memory_order_relaxed);
    const std::uint64_t granted = before >= limit_ ? 0 : std::min(batch, limit_ - before);
    // Never more than asked, and never past the limit: the nodes granted
    // before this batch are at most `before`, so the sum stays within it.
    assert(granted <= batch);
    assert(granted == 0 || before + granted <= limit_);
    return granted;
  }
  [[nodiscard]] bool limited() const { return limit_ != kUnlimited; }

 private:
  static constexpr std::uint64_t kUnlimited = UINT64_MAX;
  const std::uint64_t limit_;
  // Batches can overshoot the limit by a batch per thread before they are
  // refused; 2^64 is far beyond any search, so this never wraps.
  std::atomic<std::uint64_t> taken_{0};
};

// One thread's looks at the clock in one search: when it last looked, and
// the longest time between two of its looks. On a machine with more
// searching threads than cores, a thread waits for its turn on a core
// between looks, so the time between them is the thread's, not its work's.
// The clock's start counts as a look: the wait for the search's first turn
// on a core is a wait between looks too, and the first one a search can
// measure before it must decide.
struct ClockLooks {
  Milliseconds last{0};
  Milliseconds longest{0};
};

// What a search stops on, shared read-only by its threads: the stop flag,
// the node limit, and the maximum time once armed; and where its one thread
// takes turns on cores shared with other searches, its seat among them.
class StopConditions {
 public:
  // The time limit counts from the clock's start. `limits_armed` false leaves
  // the time and node limits out until arm_limits(): the iterative-deepening
  // driver always finishes its first iteration, which is nearly free, so
  // that even a clock with no time left, or `go nodes 1`, gets a searched
  // move rather than the first legal one (as Stockfish answers `go nodes 1`).
  // With `cores`, the search takes turns on them with the process's other
  // searches (see CoreShare): only a search on one thread may pass them.
  StopConditions(const std::atomic<bool>& stop, std::optional<std::uint64_t> node_limit,
                 std::optional<Milliseconds> max_time = std::nullopt,
                 const SearchClock* clock = nullptr, bool limits_armed = true,
                 CoreShare* cores = nullptr)
      : stop_(stop), nodes_(node_limit), max_time_(max_time), clock_(clock) {
    limits_armed_.store(limits_armed, std::memory_order_relaxed);
    if (cores != nullptr) seat_.emplace(*cores, [this] { return must_stop_now(); });
  }

  // Nodes for the calling thread (see NodeBudget::take). Before the limits
  // are armed every batch is granted, and still counted against the limit.
  [[nodiscard]] std::uint64_t take_nodes(std::uint64_t batch) const {
    const std::uint64_t granted = nodes_.take(batch);
    assert(granted <= batch);
    return limits_armed_.load(std::memory_order_relaxed) ? granted : batch;
  }
  [[nodiscard]] bool node_limited() const { return nodes_.limited(); }

  // The stop flag, or the time limit once armed. Polled every few thousand
  // nodes, so a stop is answered within a millisecond or two.
  [[nodiscard]] bool stop_requested() const {
    if (stop_.load(std::memory_order_relaxed)) return true;
    return times_out() && clock_->elapsed() >= *max_time_;
  }
  // The same for a thread that polls again and again (NodeTally): it also
  // stops when its next look might come after the time limit, judged by the
  // longest time between its looks so far. On its own core that is a
  // millisecond or two; with 64 searches on 2 cores a search waits a tenth
  // of a second and more for its next turn, and answered that late.
  // With a seat among shared cores, it first takes its turn, which may
  // mean waiting for one: the look that decides comes after the wait.
  [[nodiscard]] bool stop_requested(ClockLooks& looks) const {
    if (seat_) seat_->take_turn();
    if (stop_.load(std::memory_order_relaxed)) return true;
    if (!times_out()) return false;
    const Milliseconds now = clock_->elapsed();
    // A restarted clock (`ponderhit`) reads less than the last look.
    if (now > looks.last) {
      looks.longest = std::max(looks.longest, now - looks.last);
      longest_wait_.store(looks.longest.count(), std::memory_order_relaxed);
    }
    looks.last = now;
    assert(looks.longest.count() >= 0);
    return now + looks.longest >= *max_time_;
  }
  void arm_limits() const { limits_armed_.store(true, std::memory_order_relaxed); }
  // The search has ended, or waits for nothing but a stop (`go infinite`
  // after a mate found): its turn on the shared cores goes to another.
  void leave_cores() const {
    if (seat_) seat_->leave();
  }

 private:
  // Whether the time limit applies now (armed, and not pondering).
  [[nodiscard]] bool times_out() const {
    return max_time_ && clock_ != nullptr && limits_armed_.load(std::memory_order_relaxed) &&
           !clock_->pondering();
  }
  // What the next look would decide, as the seat's neighbours ask it while
  // this search waits for a turn: told to stop, or out of time by the
  // longest wait between its looks so far.
  [[nodiscard]] bool must_stop_now() const {
    if (stop_.load(std::memory_order_relaxed)) return true;
    if (!times_out()) return false;
    const Milliseconds wait{longest_wait_.load(std::memory_order_relaxed)};
    return clock_->elapsed() + wait >= *max_time_;
  }

  const std::atomic<bool>& stop_;
  // The policy is shared read-only by the search's threads; the budget and
  // the arming are the parts they change, each an atomic.
  mutable NodeBudget nodes_;
  std::optional<Milliseconds> max_time_;
  const SearchClock* clock_;
  mutable std::atomic<bool> limits_armed_{true};
  // The longest wait between the looks of the search's thread (ClockLooks),
  // for must_stop_now(), which other threads ask.
  mutable std::atomic<Milliseconds::rep> longest_wait_{0};
  // Its place among shared cores; used by the search's one thread, and
  // asked by others only through must_stop_now().
  mutable std::optional<CoreShare::Seat> seat_;
};

}  // namespace brudno::engine
