#pragma once
// One thread's search: negamax with principal-variation (null-window) search,
// the shared transposition table, and move ordering by a short look-ahead. It
// owns its own copy of the position and plays and undoes moves on it.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/busy_table.hpp"
#include "engine/game.hpp"
#include "engine/move_ordering.hpp"
#include "engine/search_clock.hpp"
#include "engine/terminal.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

// Decides when a running search must give up: the caller's stop flag, a node
// limit or the maximum time on the search's clock (which waits while
// pondering). The flag and the clock are polled every few thousand nodes, so a
// stop is answered within a millisecond or two; the node limit is exact.
class AbortPolicy {
 public:
  AbortPolicy(const std::atomic<bool>& stop, std::optional<std::uint64_t> node_limit,
              std::optional<Milliseconds> max_time = std::nullopt,
              const SearchClock* clock = nullptr)
      : stop_(stop),
        node_limit_(node_limit.value_or(UINT64_MAX)),
        max_time_(max_time),
        clock_(clock) {}

  [[nodiscard]] bool over_node_limit(std::uint64_t nodes) const { return nodes >= node_limit_; }
  [[nodiscard]] bool stop_requested() const {
    if (stop_.load(std::memory_order_relaxed)) return true;
    return max_time_ && clock_ != nullptr && !clock_->pondering() &&
           clock_->elapsed() >= *max_time_;
  }

 private:
  const std::atomic<bool>& stop_;
  std::uint64_t node_limit_;
  std::optional<Milliseconds> max_time_;
  const SearchClock* clock_;
};

template <Game G>
class SearchWorker {
 public:
  using Move = typename G::Move;

  SearchWorker(const G& root, TranspositionTable& table, const AbortPolicy& abort)
      : position_(root), table_(table), abort_(abort) {}

  // Searches the root to `depth` within (alpha, beta), fail-soft: a result at or
  // below alpha is an upper bound, at or above beta a lower bound, else exact.
  // Meaningless once aborted() is true.
  Score search_root(int depth, Score alpha, Score beta) {
    seldepth_ = 0;
    root_search_nodes_ = nodes_;
    return negamax(depth, 0, alpha, beta, true);
  }

  void reset_seldepth() { seldepth_ = 0; }
  // Moves the worker to another root; what it learnt about ordering stays.
  void set_root(const G& root) {
    position_ = root;
    aborted_ = false;
  }

  // A flag raised when another thread's result makes this worker's search
  // pointless (another worker answered first). The worker then gives up like
  // an abort, but resume() lets it take the next search.
  void watch_cutoff(const std::atomic<bool>* cutoff) { cutoff_ = cutoff; }
  void resume() { aborted_ = false; }

  // Shares with other workers which positions are being searched, so that
  // each puts off the moves another is already inside (see BusyTable).
  void share_busy(BusyTable* busy) { busy_ = busy; }

  [[nodiscard]] bool aborted() const { return aborted_; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  [[nodiscard]] int seldepth() const { return seldepth_; }
  // The principal line of the last root search that ended inside its window.
  [[nodiscard]] std::vector<Move> principal_variation() const {
    return {pv_[0].begin(), pv_[0].begin() + pv_length_[0]};
  }

 private:
  static constexpr std::uint64_t kAbortCheckInterval = 2048;
  static constexpr std::uint64_t kCutoffCheckInterval = 64;
  static constexpr int kLookAheadMinDepth = 4;
  static constexpr int kLookAheadReduction = 2;
  // Sharing out costs a write to the busy table per node and a look-up per
  // move; near the leaves that costs more than the duplicated work it saves.
  // Measured on Connect Four solving (docs/parallel.md): 12 did best.
  static constexpr int kBusyMaxPly = 12;
  // Enhanced transposition cut-offs (below) cost a look at every child's
  // table line, which pays only in large searches far from the leaves.
  // Measured on Connect Four solving: in the hard openings they save 16% of
  // the nodes; in the easy ones, switched on everywhere, they cost 40% of the
  // time. So they start once a root search has taken this many nodes.
  static constexpr int kEtcMinDepth = 20;
  static constexpr std::uint64_t kEtcAfterNodes = 100'000;

  Score negamax(int depth, int ply, Score alpha, Score beta, bool pv_node) {
    pv_length_[ply] = 0;
    // A null window has no principal line to keep: the node may use the table.
    pv_node = pv_node && beta - alpha > 1;
    seldepth_ = std::max(seldepth_, ply);
    if (aborted_) return 0;
    if (abort_.over_node_limit(nodes_) ||
        (++calls_ % kAbortCheckInterval == 0 && abort_.stop_requested())) {
      aborted_ = true;
      return 0;
    }
    if (cutoff_ != nullptr && calls_ % kCutoffCheckInterval == 0 &&
        cutoff_->load(std::memory_order_relaxed)) {
      aborted_ = true;
      return 0;
    }

    const Status status = position_.status();
    if (status != Status::kOngoing) return terminal_score(status, ply);
    if (depth <= 0 || ply >= kMaxPly) return position_.evaluate();

    // No line from here ends sooner than the game allows, so no line can beat a
    // win already found nearer the root.
    // On the principal line the bounds stay one point wide of what the game
    // allows: a value they would pin exactly must still be inside the window,
    // or its move would fail low and drop out of the line.
    OutcomeHorizon horizon;
    if constexpr (HasOutcomeHorizon<G>) horizon = position_.outcome_horizon();
    // Off the principal line a decided game needs no search; on it, the moves
    // are still played so that the line reaches the end of the game.
    if (horizon.decided != 0 && !pv_node) {
      return horizon.decided > 0 ? win_in(ply + horizon.decided) : loss_in(ply - horizon.decided);
    }
    const Score slack = pv_node ? 1 : 0;
    alpha = std::max(alpha, loss_in(ply + horizon.fastest_loss) - slack);
    beta = std::min(beta, win_in(ply + horizon.fastest_win) + slack);
    if (alpha >= beta) return alpha;

    const std::uint64_t key = position_.key();
    std::optional<TableEntry> entry = table_.probe(key);
    if (entry && !pv_node && entry->depth >= depth) {
      const Score score = score_from_table(entry->score, ply);
      if (entry->bound == Bound::kExact || (entry->bound == Bound::kLower && score >= beta) ||
          (entry->bound == Bound::kUpper && score <= alpha)) {
        return score;
      }
    }

    MoveList<Move> moves;
    position_.legal_moves(moves);
    if (moves.empty()) return position_.evaluate();
    if constexpr (HasForcedMoves<G>) position_.keep_forced_moves(moves);
    // A probe that misses the cache costs more than a whole node: ask for the
    // children's table lines now, so their loads overlap instead of queueing.
    if (moves.size() > 1) {
      for (const Move move : moves) {
        position_.play(move);
        table_.prefetch(position_.key());
        position_.undo(move);
      }
    }

    // Enhanced transposition cut-off: a child whose table entry already
    // refutes it from the opponent's side cuts this node without a search.
    // The children's lines are on their way to the cache (above).
    if (!pv_node && depth >= kEtcMinDepth && moves.size() > 1 &&
        nodes_ - root_search_nodes_ >= kEtcAfterNodes) {
      for (const Move move : moves) {
        position_.play(move);
        const auto child = table_.probe(position_.key());
        position_.undo(move);
        if (!child || child->depth < depth - 1 || child->bound == Bound::kLower) continue;
        const Score score = -score_from_table(child->score, ply + 1);
        if (score >= beta) {
          table_.store(key, TableEntry{score_to_table(score, ply), depth, Bound::kLower,
                                       move_bits<G>(move)});
          return score;
        }
      }
    }

    // Ordering by a short look-ahead: with no table move to try first, a
    // shallower search of this node finds one and leaves it in the table. Only
    // on the principal line, where a wrong first move costs a full re-search;
    // elsewhere the game's hints, killers and history are cheaper.
    std::optional<std::uint16_t> table_move = entry ? entry->move : std::nullopt;
    if (!table_move && pv_node && depth >= kLookAheadMinDepth && moves.size() > 1) {
      negamax(depth - kLookAheadReduction, ply, alpha, beta, pv_node);
      if (aborted_) return 0;
      if (const auto refreshed = table_.probe(key)) table_move = refreshed->move;
      pv_length_[ply] = 0;
    }

    const Score original_alpha = alpha;
    Score best = -kInfinity;
    std::optional<Move> best_move;
    // Searches one child; true when the node is done (a cut-off or an abort).
    bool first = true;
    const auto search_child = [&](Move move) {
      position_.play(move);
      ++nodes_;
      Score score;
      if (first) {
        score = -negamax(depth - 1, ply + 1, -beta, -alpha, pv_node);
      } else {
        score = -negamax(depth - 1, ply + 1, -alpha - 1, -alpha, false);
        if (pv_node && score > alpha && score < beta) {
          score = -negamax(depth - 1, ply + 1, -beta, -alpha, true);
        }
      }
      position_.undo(move);
      if (aborted_) return true;
      first = false;

      if (score > best) {
        best = score;
        best_move = move;
        if (score > alpha) {
          alpha = score;
          if (pv_node) update_pv(ply, move);
          if (score >= beta) {
            const std::uint16_t bits = move_bits<G>(move);
            killers_.record(ply, bits);
            history_.reward(bits, depth);
            return true;
          }
        }
      }
      return false;
    };

    // With other workers on the same tree, a younger brother that one of them
    // is already searching is put off until the rest are done: by then its
    // value is likely in the table.
    const bool share = busy_ != nullptr && ply < kBusyMaxPly && depth > 1;
    const BusyTable::Guard mark(share ? busy_ : nullptr, key);
    MoveList<Move> deferred;
    MovePicker<G> picker(position_, moves, table_move, ply, killers_, history_);
    bool done = false;
    while (const auto next = picker.next()) {
      if (share && !first) {
        position_.play(*next);
        const bool taken = busy_->busy(position_.key());
        position_.undo(*next);
        if (taken) {
          deferred.push_back(*next);
          continue;
        }
      }
      if ((done = search_child(*next))) break;
    }
    for (std::size_t i = 0; !done && i < deferred.size(); ++i) done = search_child(deferred[i]);
    if (aborted_) return 0;

    const Bound bound = best >= beta            ? Bound::kLower
                        : best > original_alpha ? Bound::kExact
                                                : Bound::kUpper;
    // At a node where every move failed low the "best" one only has the highest
    // upper bound, which says little: keep the move the table already knew.
    const bool move_known = best_move && bound != Bound::kUpper;
    table_.store(key,
                 TableEntry{score_to_table(best, ply), depth, bound,
                            move_known ? std::optional{move_bits<G>(*best_move)} : std::nullopt});
    return best;
  }

  void update_pv(int ply, Move move) {
    pv_[ply][0] = move;
    const int child_length = ply + 1 < kMaxPly ? pv_length_[ply + 1] : 0;
    for (int i = 0; i < child_length; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
    pv_length_[ply] = child_length + 1;
  }

  G position_;
  TranspositionTable& table_;
  const AbortPolicy& abort_;
  KillerTable killers_;
  HistoryTable history_;
  std::uint64_t nodes_ = 0;
  std::uint64_t root_search_nodes_ = 0;  // nodes_ when the current root search began
  std::uint64_t calls_ = 0;
  int seldepth_ = 0;
  bool aborted_ = false;
  const std::atomic<bool>* cutoff_ = nullptr;
  BusyTable* busy_ = nullptr;
  // Triangular table of principal lines: row `ply` holds the line from that ply.
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 2> pv_length_{};
};

}  // namespace brudno::engine
