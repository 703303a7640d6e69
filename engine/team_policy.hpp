#pragma once
// How a search worker works with others on one tree (ABDADA-style, see
// ParallelSearch), as a policy type the worker holds: LonePolicy, whose
// every step is a constant the compiler folds away, and TeamPolicy, which
// shares the tree. The steps, in the order a node takes them:
//
// - cut_off(calls): another thread's answer made this search pointless
//   (the root's watch_cutoff() flag); the worker gives up like an abort.
// - settles_ancestor(calls, ply, table, stack): another thread has settled
//   a node this worker is inside (the table now decides it, judged by the
//   node's frame in the worker's SearchStack); the search unwinds to that
//   node, storing nothing on the way (unwinding_through(), unwinding_to()),
//   and the node returns take_settled().
// - shares(...), claim(), release(): the node's moves shared out: a move
//   another worker is inside is put off until the rest are done.

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine/busy_table.hpp"
#include "engine/node_bounds.hpp"
#include "engine/score.hpp"
#include "engine/search_node.hpp"
#include "engine/search_stack.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

// A worker alone on its tree: nothing to share, no one to wait for.
class LonePolicy {
 public:
  static constexpr bool kShares = false;
  static constexpr bool cut_off(std::uint64_t /*calls*/) { return false; }
  template <class Stack>
  static constexpr bool settles_ancestor(std::uint64_t /*calls*/, int /*ply*/,
                                         const TranspositionTable& /*table*/,
                                         const Stack& /*stack*/) {
    return false;
  }
  static constexpr bool shares(int /*ply*/, int /*depth*/, std::size_t /*moves*/) { return false; }
  static constexpr void prefetch_claim(std::uint64_t /*key*/) {}
  static constexpr bool claim(std::uint64_t /*key*/, bool /*may_put_off*/) { return true; }
  static constexpr void release(std::uint64_t /*key*/) {}
  static constexpr void begin_root() {}
  static constexpr bool unwinding_through(int /*ply*/) { return false; }
  static constexpr bool unwinding_to(int /*ply*/) { return false; }
  static constexpr std::optional<Score> take_settled(int /*ply*/) { return std::nullopt; }
};

// A worker of a team that searches one tree together.
class TeamPolicy {
 public:
  static constexpr bool kShares = true;
  // Sharing out costs an atomic claim and release in the busy table per
  // move; near the leaves that costs more than the duplicated work it saves
  // (docs/parallel.md has the measurements).
  static constexpr int kBusyMaxPly = 10;

  // The flag raised when another thread's result makes this worker's search
  // pointless (another worker answered first).
  void watch_cutoff(const std::atomic<bool>* cutoff) { cutoff_ = cutoff; }
  // Shares with other workers which positions are being searched, so that
  // each puts off the moves another is already inside (see BusyTable).
  void share_busy(BusyTable* busy) { busy_ = busy; }

  [[nodiscard]] bool cut_off(std::uint64_t calls) const {
    return cutoff_ != nullptr && calls % kCutoffCheckInterval == 0 &&
           cutoff_->load(std::memory_order_relaxed);
  }

  // True when another thread has settled a node this worker is inside: the
  // table now holds an entry that decides it, as it would have decided it
  // on entry had it been there then. The work below that node is then
  // useless, above all where this thread was trying a move the other
  // refuted first. (The root is settled through watch_cutoff().) Looked at
  // every kSettledCheckInterval calls: a look costs a table probe per ply.
  //
  // The frames of the nodes on the path (stack[p].frame for p < ply) must be
  // theirs: a node at p + 1 is at most one ply deeper than its parent (by
  // an extension), never deeper still, as it would be below a shallower
  // re-search's frame left at p.
  template <class Stack>
  bool settles_ancestor(std::uint64_t calls, int ply, const TranspositionTable& table,
                        const Stack& stack) {
    if (calls % kSettledCheckInterval != 0) return false;
    for (int p = 1; p < std::min(ply, kBusyMaxPly); ++p) {
      const NodeFrame& frame = stack[p].frame;
      assert(frame.alpha < frame.beta && frame.depth > 0);
      assert(p + 1 >= ply || stack[p + 1].frame.depth <= frame.depth + 1);
      if (!frame.settleable) continue;
      const auto entry = table.probe(frame.key);
      if (!entry) continue;
      if (const auto score = table_cutoff(*entry, p, frame.depth, frame.alpha, frame.beta)) {
        assert(score_holds(*score));
        settled_ply_ = p;
        settled_score_ = *score;
        ++settled_ancestors_;
        return true;
      }
    }
    return false;
  }

  // Whether a node's moves are shared out. A lone move (a forced one, say)
  // has no other to take while it is busy.
  [[nodiscard]] bool shares(int ply, int depth, std::size_t moves) const {
    assert(0 <= ply && ply <= kMaxPly && depth > 0);
    return busy_ != nullptr && ply < kBusyMaxPly && depth > 1 && moves > 1;
  }
  void prefetch_claim(std::uint64_t key) const { busy_->prefetch_for_claim(key); }
  // Marks the child as being searched by this worker. With `may_put_off`,
  // false (and nothing marked) when another worker is already inside it.
  bool claim(std::uint64_t key, bool may_put_off) {
    assert(busy_ != nullptr);  // only a node that shares() claims
    if (may_put_off) return busy_->try_claim(key);
    busy_->mark(key);
    return true;
  }
  void release(std::uint64_t key) {
    assert(busy_ != nullptr);
    busy_->release(key);
  }

  void begin_root() { settled_ply_ = kNoPly; }
  // How many times settles_ancestor() has settled a node, over the worker's
  // life. A worker alone on its table settles none: only another thread's
  // entry can decide a node this worker is still inside.
  [[nodiscard]] std::uint64_t settled_ancestors() const { return settled_ancestors_; }
  // Unwinding from a settled node: true when an ancestor of the node at
  // `ply` is settled...
  [[nodiscard]] bool unwinding_through(int ply) const { return settled_ply_ < ply; }
  // ...or the node itself.
  [[nodiscard]] bool unwinding_to(int ply) const { return settled_ply_ <= ply; }
  // The table's score for the node at `ply` when it is the settled one; the
  // unwinding ends there.
  std::optional<Score> take_settled(int ply) {
    assert(0 <= ply && ply <= kMaxPly);
    if (settled_ply_ != ply) return std::nullopt;
    settled_ply_ = kNoPly;
    return settled_score_;
  }

 private:
  static constexpr std::uint64_t kCutoffCheckInterval = 64;
  static constexpr std::uint64_t kSettledCheckInterval = 1024;
  static constexpr int kNoPly = kMaxPly + 1;

  const std::atomic<bool>* cutoff_ = nullptr;
  BusyTable* busy_ = nullptr;
  int settled_ply_ = kNoPly;  // the ply of a node another thread settled, while unwinding to it
  Score settled_score_ = 0;
  std::uint64_t settled_ancestors_ = 0;
};

}  // namespace brudno::engine
