#pragma once
// Searches that together want more cores than the process may use (a
// server's sessions, each searching on its own thread) take turns on them.
//
// The kernel shares the cores too, but by its own round: with 64 searches
// on 2 cores a thread waits a tenth of a second and more for its next slice,
// so a search whose time is up answers that late, however often it looks at
// its clock. Here a search takes a turn at its first look at the clock,
// hands it on at each later look while others wait, and gives it back when
// it ends. The turn goes first to a waiting search that must stop (its time
// up, or told to), then to the one that has waited longest: at most
// `cores` searches run at once, and one that must answer runs within a look
// of its time, not a round of the kernel's.
//
// A seat is held by the one thread that runs its search; a search spread
// over threads (ParallelSearch) takes no seat, since a thread that waited
// for a turn while its team waited for it would hold up the team.

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <vector>

namespace brudno::engine {

class CoreShare {
 public:
  // `cores` searches may run at once, at least one.
  explicit CoreShare(int cores);
  CoreShare(const CoreShare&) = delete;
  CoreShare& operator=(const CoreShare&) = delete;

  // One search's place in the turns.
  class Seat {
   public:
    // `must_stop` says whether the search must stop now; it is asked by
    // other threads, as they hand a turn on, and must not block.
    Seat(CoreShare& share, std::function<bool()> must_stop);
    ~Seat();
    Seat(const Seat&) = delete;
    Seat& operator=(const Seat&) = delete;

    // At a look at the clock, by the search's thread. The first takes a
    // turn, waiting for one; a later one, while other searches wait, hands
    // the turn on and waits for the next. Returns holding a turn, unless
    // the search must stop: it answers at once, turn or none.
    void take_turn();
    // The search has ended, or waits for nothing but a stop: the turn, if
    // held, goes to the next search. Taken again by the next take_turn().
    void leave();

   private:
    friend class CoreShare;
    CoreShare& share_;
    std::function<bool()> must_stop_;
    std::condition_variable granted_turn_;
    bool holding_ = false;  // read and written by the search's thread alone
    bool granted_ = false;  // under the share's lock
  };

  // Searches waiting for a turn now.
  [[nodiscard]] int waiting() const { return waiting_count_.load(std::memory_order_relaxed); }

 private:
  void acquire(Seat& seat);
  void hand_on(Seat& seat);
  void release(Seat& seat);
  // Queues `seat` and waits until a turn is handed to it.
  void wait_for_turn(std::unique_lock<std::mutex>& lock, Seat& seat);
  // Takes the next search to serve out of the queue: the first that must
  // stop, else the first to arrive; null when none waits.
  Seat* next_locked();

  const int cores_;
  std::mutex mutex_;
  int free_;                    // turns held by no search
  std::vector<Seat*> waiting_;  // in order of arrival; non-empty only when free_ is 0
  std::atomic<int> waiting_count_{0};
};

}  // namespace brudno::engine
