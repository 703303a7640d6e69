#pragma once
// The search spread over threads. Every thread searches the same root with the
// same window on its own copy of the position, with its own killers, history
// and stacks; they share the transposition table and a table of the positions
// being searched right now (BusyTable). A thread that finds a move another is
// already inside puts it off and takes the next (ABDADA), so at every node
// whose moves all need searching the threads take different moves and meet
// again through the table. The eldest brother is put off only at expected
// all-nodes: at a cut-node the threads search it together, as in young-
// brothers-wait, because it is the likely refutation. A thread also leaves a
// node as soon as another has settled it in the table (see TeamPolicy::
// settles_ancestor(), team_policy.hpp). The first thread to finish answers for all: its
// result is exact for the window, because each thread's search is a complete
// alpha-beta search whose table entries are sound bounds whoever wrote them.
// The others are then cut off.

#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/busy_table.hpp"
#include "engine/game.hpp"
#include "engine/search_arena.hpp"
#include "engine/search_memory.hpp"
#include "engine/search_worker.hpp"
#include "engine/searchers.hpp"
#include "engine/team_run.hpp"

namespace brudno::engine {

template <Game G, Width kWidth>  // kWidth: the selective search by default (searchers.hpp)
class ParallelSearch {
 public:
  using Move = typename G::Move;
  using Worker = SearchWorker<G, TeamPolicy, kWidth>;

  // With `memory` (readied by SearchMemory::start_search(threads)) the
  // threads run in its arena and order moves with its per-thread memories;
  // without, the search makes its own arena and starts from nothing.
  ParallelSearch(const G& root, TranspositionTable& table, const StopConditions& abort, int threads,
                 SearchMemory* memory = nullptr)
      : own_arena_(memory == nullptr ? std::make_unique<SearchArena>(threads) : nullptr),
        arena_(memory == nullptr ? own_arena_->get() : memory->arena().get()) {
    assert(threads >= 1);
    for (int i = 0; i < threads; ++i) {
      OrderingMemory* ordering =
          memory == nullptr ? nullptr : &memory->thread(static_cast<std::size_t>(i));
      workers_.push_back(std::make_unique<Worker>(root, table, abort, ordering));
      workers_.back()->watch_cutoff(&finished_);
      workers_.back()->share_busy(&busy_);
    }
  }

  // Fail-soft like SearchWorker::search_root().
  Score search_root(int depth, Score alpha, Score beta) {
    assert(alpha < beta && depth > 0);
    for (auto& worker : workers_) {
      worker->reset_seldepth();
      worker->resume();
    }
    finished_.store(false);
    answered_ = false;
    arena_.execute([&] {
      // Cancelled when the answer comes, so helpers not yet started never run.
      tbb::task_group_context context;
      tbb::task_group helpers(context);
      context_ = &context;
      run_as_team(helpers, workers_.size(),
                  [&](std::size_t i) { run_worker(*workers_[i], depth, alpha, beta); });
      context_ = nullptr;
    });
    // The answer is one worker's whole search: its value and its line.
    assert(!answered_ || score_holds(result_));
    assert(!answered_ || pv_.size() <= static_cast<std::size_t>(kMaxPly) + 1);
    return result_;
  }

  // Moves every worker to another root; what they learnt about ordering stays.
  void set_root(const G& root) {
    for (auto& worker : workers_) worker->set_root(root);
  }
  // Only the first worker reports: one currmove line per move, not one a thread.
  void report_root_moves(typename Worker::RootMoveCallback callback) {
    workers_.front()->report_root_moves(std::move(callback));
  }
  // See SearchWorker::restrict_root().
  void restrict_root(const std::vector<Move>& moves) {
    for (auto& worker : workers_) worker->restrict_root(moves);
  }

  // True when the search was stopped before any thread finished.
  [[nodiscard]] bool aborted() const { return !answered_; }
  [[nodiscard]] std::vector<Move> principal_variation() const { return pv_; }
  [[nodiscard]] std::uint64_t nodes() const {
    std::uint64_t total = 0;
    for (const auto& worker : workers_) total += worker->nodes();
    return total;
  }
  [[nodiscard]] int seldepth() const {
    int deepest = 0;
    for (const auto& worker : workers_) deepest = std::max(deepest, worker->seldepth());
    return deepest;
  }

 private:
  void run_worker(Worker& worker, int depth, Score alpha, Score beta) {
    const Score score = worker.search_root(depth, alpha, beta);
    if (worker.aborted()) return;
    const std::lock_guard lock(mutex_);
    if (answered_) return;
    answered_ = true;
    result_ = score;
    pv_ = worker.principal_variation();
    finished_.store(true);  // the running workers give up at their next poll
    context_->cancel_group_execution();
  }

  std::unique_ptr<SearchArena> own_arena_;  // when no memory was given
  tbb::task_arena& arena_;
  std::vector<std::unique_ptr<Worker>> workers_;
  BusyTable busy_;
  std::atomic<bool> finished_{false};
  std::mutex mutex_;  // guards the answer below while the workers run
  bool answered_ = false;
  Score result_ = 0;
  std::vector<Move> pv_;
  tbb::task_group_context* context_ = nullptr;  // the helpers' group, during a search
};

}  // namespace brudno::engine
