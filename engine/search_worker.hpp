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
    settled_ply_ = kNoPly;
    // The root is taken for a cut-node (see negamax): where it is an all-node
    // the threads then search its first move together and share out the
    // moves below, which costs little, whereas an all-node guess at a
    // cut-node root sends a thread into a move the first one likely refutes.
    return negamax(depth, 0, alpha, beta, true, true);
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
  // Sharing out costs an atomic claim and release in the busy table per
  // move; near the leaves that costs more than the duplicated work it saves.
  // Measured on Connect Four solving (docs/parallel.md): with the claims'
  // slots prefetched, 8 and 10 did a little better than 12, and 16 and 24
  // clearly worse.
  static constexpr int kBusyMaxPly = 10;
  // How often a worker of a team looks whether another thread has settled
  // one of the nodes it is inside (see settled_ancestor()): a look costs a
  // table probe per ply.
  static constexpr std::uint64_t kSettledCheckInterval = 1024;
  // Enhanced transposition cut-offs (below) cost a look at every child's
  // table line, which pays only in large searches far from the leaves.
  // Measured on Connect Four solving: in the hard openings they save 16% of
  // the nodes; in the easy ones, switched on everywhere, they cost 40% of the
  // time. So they start once a root search has taken this many nodes.
  static constexpr int kEtcMinDepth = 20;
  static constexpr std::uint64_t kEtcAfterNodes = 100'000;

  // `expect_cut`: the node is expected to be a cut-node, where one move
  // refutes the opponent's, rather than an all-node, where every move fails
  // low. Only the parallel search uses it, to choose what a thread shares.
  Score negamax(int depth, int ply, Score alpha, Score beta, bool pv_node, bool expect_cut) {
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
    if (cutoff_ != nullptr && calls_ % kSettledCheckInterval == 0 && settled_ancestor(ply)) {
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
    if (entry && !pv_node) {
      if (const auto score = table_cutoff(*entry, ply, depth, alpha, beta)) return *score;
    }
    // Only a worker in a team looks back at the nodes it is inside.
    if (cutoff_ != nullptr) frames_[ply] = Frame{key, depth, alpha, beta, pv_node};

    MoveList<Move> moves;
    position_.legal_moves(moves);
    if (moves.empty()) return position_.evaluate();
    if constexpr (HasForcedMoves<G>) position_.keep_forced_moves(moves);
    // Whether the moves are shared out with the other workers (see below). A
    // lone move (a forced one, say) has no other to take while it is busy.
    const bool share = busy_ != nullptr && ply < kBusyMaxPly && depth > 1 && moves.size() > 1;
    // A probe that misses the cache costs more than a whole node: ask for the
    // children's table lines now, so their loads overlap instead of queueing.
    // Likewise their busy-table slots, which the table's traffic keeps
    // evicting: a claim that waited for its slot took nearly a tenth of a
    // team's time.
    if (moves.size() > 1) {
      for (const Move move : moves) {
        position_.play(move);
        table_.prefetch(position_.key());
        if (share) busy_->prefetch_for_claim(position_.key());
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
    std::optional<std::uint16_t> table_move;
    if (entry && entry->move) table_move = *entry->move;
    if (!table_move && pv_node && depth >= kLookAheadMinDepth && moves.size() > 1) {
      negamax(depth - kLookAheadReduction, ply, alpha, beta, pv_node, expect_cut);
      if (aborted_ || settled_ply_ < ply) return 0;
      if (const auto refreshed = table_.probe(key)) table_move = refreshed->move;
      pv_length_[ply] = 0;
    }

    const Score original_alpha = alpha;
    Score best = -kInfinity;
    std::optional<Move> best_move;
    // With other workers on the same tree, a move that one of them is already
    // searching is put off until the rest are done: by then its value is
    // likely in the table. The eldest brother is put off only at an expected
    // all-node, where every move needs searching anyway; at a cut-node the
    // eldest is the likely refutation and the others likely wasted, so there
    // the threads search it together and share out the moves below it.
    const bool eldest_may_wait = !pv_node && !expect_cut;
    bool first = true;
    // Searches one child: kDone when the node is done (a cut-off, an abort, or
    // an ancestor settled by another thread), kPutOff when another thread is
    // inside it and it may wait.
    enum class Step { kNext, kDone, kPutOff };
    const auto search_child = [&](Move move, bool may_put_off) {
      position_.play(move);
      const std::uint64_t child = position_.key();
      if (share) {
        if (may_put_off && (!first || eldest_may_wait)) {
          if (!busy_->try_claim(child)) {
            position_.undo(move);
            return Step::kPutOff;
          }
        } else {
          busy_->mark(child);
        }
      }
      ++nodes_;
      Score score;
      // The eldest brother of a cut-node is expected to be an all-node; every
      // other child is expected to be a cut-node (the child of an all-node,
      // or of a cut-node whose eldest brother failed to refute).
      if (first) {
        score = -negamax(depth - 1, ply + 1, -beta, -alpha, pv_node, !expect_cut);
      } else {
        score = -negamax(depth - 1, ply + 1, -alpha - 1, -alpha, false, true);
        if (pv_node && score > alpha && score < beta) {
          score = -negamax(depth - 1, ply + 1, -beta, -alpha, true, false);
        }
      }
      if (share) busy_->release(child);
      position_.undo(move);
      if (aborted_ || settled_ply_ <= ply) return Step::kDone;
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
            return Step::kDone;
          }
        }
      }
      return Step::kNext;
    };

    MoveList<Move> deferred;
    MovePicker<G> picker(position_, moves, table_move, ply, killers_, history_);
    bool done = false;
    while (const auto next = picker.next()) {
      const Step step = search_child(*next, true);
      if (step == Step::kPutOff) deferred.push_back(*next);
      if ((done = step == Step::kDone)) break;
    }
    for (std::size_t i = 0; !done && i < deferred.size(); ++i) {
      done = search_child(deferred[i], false) == Step::kDone;
    }
    if (aborted_ || settled_ply_ < ply) return 0;
    if (settled_ply_ == ply) {
      settled_ply_ = kNoPly;
      return settled_score_;
    }

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

  // The score a table entry gives a node searched to `depth` within (alpha,
  // beta), when it is deep and tight enough to decide it without a search.
  static std::optional<Score> table_cutoff(const TableEntry& entry, int ply, int depth, Score alpha,
                                           Score beta) {
    if (entry.depth < depth) return std::nullopt;
    const Score score = score_from_table(entry.score, ply);
    if (entry.bound == Bound::kExact || (entry.bound == Bound::kLower && score >= beta) ||
        (entry.bound == Bound::kUpper && score <= alpha)) {
      return score;
    }
    return std::nullopt;
  }

  // True when another thread has settled a node this worker is inside: the
  // table now holds an entry that decides it, as it would have decided it on
  // entry had it been there then. The work below that node is then useless,
  // above all where this thread was trying a move the other refuted first.
  // The search unwinds to the node, which returns the table's score; nothing
  // on the way is stored. (The root is settled through watch_cutoff().)
  bool settled_ancestor(int ply) {
    for (int p = 1; p < std::min(ply, kBusyMaxPly); ++p) {
      const Frame& frame = frames_[p];
      if (frame.pv_node) continue;
      const auto entry = table_.probe(frame.key);
      if (!entry) continue;
      if (const auto score = table_cutoff(*entry, p, frame.depth, frame.alpha, frame.beta)) {
        settled_ply_ = p;
        settled_score_ = *score;
        return true;
      }
    }
    return false;
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
  // The nodes on the way from the root to the current one, as searched.
  struct Frame {
    std::uint64_t key = 0;
    int depth = 0;
    Score alpha = 0;
    Score beta = 0;
    bool pv_node = false;
  };
  std::array<Frame, kMaxPly + 1> frames_{};
  // The ply of a node another thread has settled, while unwinding to it.
  static constexpr int kNoPly = kMaxPly + 1;
  int settled_ply_ = kNoPly;
  Score settled_score_ = 0;
  // Triangular table of principal lines: row `ply` holds the line from that ply.
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 2> pv_length_{};
};

}  // namespace brudno::engine
