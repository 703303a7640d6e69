#pragma once
// The root split across threads, young-brothers-wait style: the first root
// move (the best of the last iteration) is searched alone with the full window
// and sets the bound; the other moves then run as parallel tasks with a null
// window against the shared best score, and only those that beat it are
// searched again with the open window. Every thread plays on its own copy of
// the position with its own killers, history and stacks; all share the table.
// A root cut-off (a move at or above beta) cancels the sibling tasks.

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/game.hpp"
#include "engine/search_worker.hpp"
#include "engine/tsan_annotations.hpp"

namespace brudno::engine {

template <Game G>
class ParallelRoot {
 public:
  using Move = typename G::Move;

  ParallelRoot(const G& root, TranspositionTable& table, const AbortPolicy& abort, int threads)
      : arena_(threads) {
    root.legal_moves(root_moves_);
    if constexpr (HasForcedMoves<G>) root.keep_forced_moves(root_moves_);
    for (int i = 0; i < threads; ++i) {
      workers_.push_back(std::make_unique<SearchWorker<G>>(root, table, abort));
      workers_.back()->watch_cutoff(&cutoff_);
    }
  }

  // Fail-soft like SearchWorker::search_root().
  Score search_root(int depth, Score alpha, Score beta) {
    for (auto& worker : workers_) worker->reset_seldepth();
    aborted_ = false;
    Score result = -kInfinity;
    arena_.execute([&] { result = split(depth, alpha, beta); });
    return result;
  }

  [[nodiscard]] bool aborted() const { return aborted_; }
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
  SearchWorker<G>& this_threads_worker() {
    const int slot = tbb::this_task_arena::current_thread_index();
    return *workers_[static_cast<std::size_t>(slot)];
  }

  Score split(int depth, Score alpha, Score beta) {
    // The last iteration's best move goes first: it is the one most likely to set the bound.
    if (!pv_.empty()) {
      const auto found = std::find(root_moves_.begin(), root_moves_.end(), pv_[0]);
      if (found != root_moves_.end()) std::rotate(root_moves_.begin(), found, found + 1);
    }
    SearchWorker<G>& first = this_threads_worker();
    Score best = first.search_root_move(root_moves_[0], depth, alpha, beta, true);
    if (first.aborted()) return abort_split();
    if (best > alpha) pv_ = first.principal_variation();
    if (best >= beta || root_moves_.size() == 1) return best;

    std::mutex mutex;  // guards best and pv_
    std::atomic<Score> bound{std::max(alpha, best)};
    cutoff_.store(false);
    tbb::task_group tasks;
    happens_before(&spawned_);
    for (std::size_t i = 1; i < root_moves_.size(); ++i) {
      tasks.run([&, move = root_moves_[i]] {
        happens_after(&spawned_);
        // Whatever this task did is seen by the thread that waits for it.
        struct Finish {
          ParallelRoot* self;
          ~Finish() { happens_before(&self->joined_); }
        } finish{this};
        SearchWorker<G>& worker = this_threads_worker();
        if (worker.aborted() || cutoff_.load(std::memory_order_relaxed)) return;
        // Prove the move no better than the best so far, with a null window...
        const Score floor = bound.load();
        Score score = worker.search_root_move(move, depth, floor, floor + 1, false);
        // ...and where that fails, search it again with the window open.
        bool exact = false;
        if (!worker.aborted() && score > floor && score < beta) {
          const Score open = bound.load();
          score = worker.search_root_move(move, depth, open, beta, true);
          exact = score > open;
        }
        if (worker.aborted()) return;
        const std::lock_guard lock(mutex);
        if (score > best) {
          best = score;
          if (exact) {
            pv_ = worker.principal_variation();
          } else if (score >= beta) {
            pv_ = {move};
          }
          if (score > bound.load()) bound.store(score);
        }
        if (score >= beta) {
          cutoff_.store(true);
          tasks.cancel();
        }
      });
    }
    tasks.wait();
    happens_after(&joined_);
    // Workers stopped by a sibling's cut-off may work again; a real stop ends the search.
    for (auto& worker : workers_) {
      if (worker->aborted() && !worker->cut_off()) aborted_ = true;
      if (worker->cut_off()) worker->resume();
    }
    cutoff_.store(false);
    return best;
  }

  Score abort_split() {
    aborted_ = true;
    return 0;
  }

  tbb::task_arena arena_;
  std::vector<std::unique_ptr<SearchWorker<G>>> workers_;
  MoveList<Move> root_moves_;
  std::vector<Move> pv_;
  std::atomic<bool> cutoff_{false};
  char spawned_ = 0;  // addresses for the ThreadSanitizer edges, never read
  char joined_ = 0;
  bool aborted_ = false;
};

}  // namespace brudno::engine
