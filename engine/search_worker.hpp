#pragma once
// One thread's search: negamax with principal-variation (null-window) search,
// the shared transposition table, and move ordering by a short look-ahead. It
// owns its own copy of the position and plays and undoes moves on it.
//
// A worker searches alone (kTeam false) or as one of a team that shares the
// tree (kTeam true, see ParallelSearch): the team's extra steps (claiming
// moves in the busy table, leaving nodes another thread settled, giving up
// when another thread answered) are compiled out of the lone worker.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/abort_policy.hpp"
#include "engine/busy_table.hpp"
#include "engine/game.hpp"
#include "engine/move_ordering.hpp"
#include "engine/ordering_memory.hpp"
#include "engine/searchers.hpp"
#include "engine/selectivity.hpp"
#include "engine/terminal.hpp"
#include "engine/transposition_table.hpp"

namespace brudno::engine {

// What a node is expected to be (Knuth and Moore's node types). Only a team
// uses the guess between cut and all, to choose which moves a thread shares.
enum class NodeType : std::uint8_t {
  kPv,   // on the principal line: an exact value is wanted
  kCut,  // one move is expected to refute the opponent's last
  kAll,  // every move is expected to fail low
};

template <Game G, bool kTeam>  // kTeam is false by default (searchers.hpp)
class SearchWorker {
 public:
  using Move = typename G::Move;
  // Told of each root move as it is started, with its number from 1.
  using RootMoveCallback = std::function<void(Move, int)>;

  // `memory`, when given, is what the worker orders moves with and learns
  // into, kept by the caller from one search to the next (SearchMemory);
  // without one the worker starts from nothing and its learning ends with it.
  SearchWorker(const G& root, TranspositionTable& table, const AbortPolicy& abort,
               OrderingMemory* memory = nullptr)
      : position_(root),
        table_(table),
        abort_(abort),
        own_memory_(memory == nullptr ? std::make_unique<OrderingMemory>() : nullptr),
        memory_(memory == nullptr ? *own_memory_ : *memory) {}

  // Searches the root to `depth` within (alpha, beta), fail-soft: a result at or
  // below alpha is an upper bound, at or above beta a lower bound, else exact.
  // Meaningless once aborted() is true.
  Score search_root(int depth, Score alpha, Score beta) {
    seldepth_ = 0;
    root_search_nodes_ = nodes_;
    settled_ply_ = kNoPly;
    // The root is taken for a cut-node when its window is null. Where it is
    // an all-node the threads then search its first move together and share
    // out the moves below, which costs little, whereas an all-node guess at a
    // cut-node root sends a thread into a move the first one likely refutes.
    return negamax(depth, 0, alpha, beta, NodeType::kPv);
  }

  void reset_seldepth() { seldepth_ = 0; }
  // Moves the worker to another root; what it learnt about ordering stays.
  void set_root(const G& root) {
    position_ = root;
    aborted_ = false;
  }
  // With `selective` false, games with quiescence are searched full width,
  // as plain minimax sees them: no quiescence, extensions or pruning. The
  // tests compare that search with minimax; play never uses it.
  void set_selective(bool selective) { selective_ = selective; }
  void report_root_moves(RootMoveCallback callback) { on_root_move_ = std::move(callback); }
  // Restricts the root to these moves (UCI `go searchmoves`); empty: all moves.
  void restrict_root(const std::vector<Move>& moves) {
    root_moves_.assign(moves.begin(), moves.end());
  }

  // A flag raised when another thread's result makes this worker's search
  // pointless (another worker answered first). The worker then gives up like
  // an abort, but resume() lets it take the next search.
  void watch_cutoff(const std::atomic<bool>* cutoff) requires kTeam { cutoff_ = cutoff; }
  void resume() { aborted_ = false; }

  // Shares with other workers which positions are being searched, so that
  // each puts off the moves another is already inside (see BusyTable).
  void share_busy(BusyTable* busy) requires kTeam { busy_ = busy; }

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
  // Nodes a worker takes from a node limit at a time (see NodeBudget).
  static constexpr std::uint64_t kNodeBatch = 256;
  static constexpr int kLookAheadMinDepth = 4;
  static constexpr int kLookAheadReduction = 2;
  // Sharing out costs an atomic claim and release in the busy table per
  // move; near the leaves that costs more than the duplicated work it saves
  // (docs/parallel.md has the measurements).
  static constexpr int kBusyMaxPly = 10;
  // How often a worker of a team looks whether another thread has settled
  // one of the nodes it is inside (see settled_ancestor()): a look costs a
  // table probe per ply.
  static constexpr std::uint64_t kSettledCheckInterval = 1024;
  // Enhanced transposition cut-offs (below) cost a look at every child's
  // table line, which pays only in large searches far from the leaves
  // (docs/benchmarks.md has the measurements), so they start once a root
  // search is this deep and has taken this many nodes.
  static constexpr int kEtcMinDepth = 20;
  static constexpr std::uint64_t kEtcAfterNodes = 100'000;

  // What the node searches with, once the checks on entry have passed.
  struct Node {
    int depth;
    int ply;
    Score alpha;
    Score beta;
    NodeType type;
    std::uint64_t key;
    bool in_check = false;
    // The evaluation of a position the selective search may prune (not on
    // the principal line, not in check); what a node whose every move was
    // pruned returns.
    Score static_eval = -kInfinity;
  };

  // The state of one node's move loop.
  struct Loop {
    Score alpha = 0;     // the node's alpha, raised by each move that beats it
    bool share = false;  // the moves are shared out with the other workers
    Score best = -kInfinity;
    std::optional<Move> best_move;
    bool first = true;  // no move searched yet
    int searched = 0;   // moves searched so far
    // The quiet moves searched so far that did not cut (the selective
    // search's history takes a malus from them when another move cuts).
    // Games without a selective search leave it empty: every node carries
    // a Loop, and its size costs the small-noded games speed.
    std::array<std::uint16_t, HasQuiescence<G> ? 64 : 0> quiets{};
    int quiet_count = 0;
  };

  Score negamax(int depth, int ply, Score alpha, Score beta, NodeType type) {
    pv_length_[ply] = 0;
    // A null window has no principal line to keep: the node may use the table.
    if (type == NodeType::kPv && beta - alpha <= 1) type = NodeType::kCut;
    seldepth_ = std::max(seldepth_, ply);
    if (must_give_up()) return 0;
    if constexpr (kTeam) {
      if (calls_ % kSettledCheckInterval == 0 && settled_ancestor(ply)) return 0;
    }

    bool in_check = false;
    if constexpr (HasRuleStatus<G>) {
      if (const auto over = game_over_by_rule(ply, alpha, beta)) return *over;
      in_check = position_.in_check();
      // Check extension: a check is searched one ply deeper, so that the
      // horizon never falls between a check and its answer.
      if (selective_ && in_check) ++depth;
    } else {
      const Status status = position_.status();
      if (status != Status::kOngoing) return terminal_score(status, ply);
    }
    if (depth <= 0 || ply >= kMaxPly) return horizon_value(ply, alpha, beta);

    const bool restricted = ply == 0 && !root_moves_.empty();
    if (!restricted) {
      if (const auto decided = bound_by_horizon(ply, alpha, beta, type)) return *decided;
    }

    Node node{depth, ply, alpha, beta, type, position_.key(), in_check};
    const std::optional<TableEntry> entry = table_.probe(node.key);
    if (entry && type != NodeType::kPv && !restricted) {
      if (const auto score = table_cutoff(*entry, ply, depth, alpha, beta)) return *score;
    }
    if constexpr (kTeam) frames_[ply] = Frame{node.key, depth, alpha, beta, type == NodeType::kPv};
    if constexpr (HasQuiescence<G>) {
      if (selective_ && !in_check && type != NodeType::kPv && !restricted) {
        node.static_eval = position_.evaluate();
        if (const auto pruned = prune_before_moves(node)) return *pruned;
      }
    }

    MoveList<Move> moves;
    position_.legal_moves(moves);
    if (moves.empty()) return no_moves_value(ply, in_check);
    if (restricted) {
      keep_root_moves(moves);
    } else if constexpr (HasForcedMoves<G>) {
      position_.keep_forced_moves(moves);
    }
    const bool share = shares_moves(node, moves);
    prefetch_children(moves, share);

    if (type != NodeType::kPv && !restricted) {
      if (const auto score = transposition_cutoff(node, moves)) return *score;
    }

    std::optional<std::uint16_t> table_move;
    if (entry && entry->move) table_move = *entry->move;
    if (!table_move && type == NodeType::kPv && depth >= kLookAheadMinDepth && moves.size() > 1) {
      table_move = look_ahead(node);
      if (aborted_ || unwinding_through(ply)) return 0;
    }

    const Loop loop = search_moves(node, moves, table_move, share);
    if (aborted_ || unwinding_through(ply)) return 0;
    if constexpr (kTeam) {
      if (settled_ply_ == ply) {
        settled_ply_ = kNoPly;
        return settled_score_;
      }
    }
    // Every move pruned: the static value stands for them.
    if (loop.best == -kInfinity) return node.static_eval;
    // A restricted root's value is that of some moves only: not the position's.
    if (!restricted) store(node, loop);
    return loop.best;
  }

  // The end of the game by its rules, for games that tell the draw rules
  // apart from mate (HasRuleStatus): a draw, or a window closed by the
  // distance to mate. The oracle's search (selective_ false) asks the game's
  // complete status instead, as plain minimax does.
  std::optional<Score> game_over_by_rule(int ply, Score& alpha,
                                         Score& beta) requires HasRuleStatus<G> {
    if (!selective_) {
      const Status status = position_.status();
      if (status != Status::kOngoing) return terminal_score(status, ply);
      return std::nullopt;
    }
    if (ply > 0 && position_.is_draw(ply)) return Score{0};
    // Mate-distance pruning: no line from here can beat a mate already
    // found nearer the root, nor lose faster than being mated here.
    alpha = std::max(alpha, loss_in(ply));
    beta = std::min(beta, win_in(ply + 1));
    if (alpha >= beta) return alpha;
    return std::nullopt;
  }

  // The value at the horizon: the quiescence search's where the game has one.
  Score horizon_value(int ply, Score alpha, Score beta) {
    if constexpr (HasQuiescence<G>) {
      if (selective_ && ply < kMaxPly) return quiescence(ply, alpha, beta);
    }
    return position_.evaluate();
  }

  // A position without legal moves: mate or stalemate where the game tells
  // them by the check (HasRuleStatus), else a leaf of a finite tree.
  Score no_moves_value(int ply, bool in_check) const {
    if constexpr (HasRuleStatus<G>) {
      return in_check ? loss_in(ply) : 0;
    } else {
      (void)in_check;
      return position_.evaluate();
    }
  }

  // --- The selective search (games with quiescence: chess) ---------------

  // What the pruning and reduction rules ask of a move, asked once.
  struct MoveShape {
    bool quiet = true;  // neither a capture nor a promotion
    bool gives_check = false;
  };

  MoveShape shape_of(Move move) const requires HasQuiescence<G> {
    return {!position_.is_capture(move) && !position_.is_promotion(move),
            position_.gives_check(move)};
  }

  // Before the moves: a node whose static value is far above beta returns it
  // (reverse futility), and one where passing the turn still fails high
  // returns that (null move), both verified where the margin for error is
  // large. Off the principal line and out of check only.
  std::optional<Score> prune_before_moves(const Node& node) requires HasQuiescence<G> {
    const Selectivity& rules = selectivity_;
    if (is_decisive(node.beta)) return std::nullopt;
    if (node.depth <= rules.reverse_futility_depth &&
        node.static_eval - rules.reverse_futility_margin * node.depth >= node.beta) {
      return node.static_eval;
    }
    if constexpr (HasNullMove<G>) {
      if (node.depth >= rules.null_min_depth && node.static_eval >= node.beta &&
          !null_move_at_[node.ply] && !verifying_null_ && position_.has_non_pawn_material()) {
        return null_move(node);
      }
    }
    return std::nullopt;
  }

  std::optional<Score> null_move(const Node& node) requires HasNullMove<G> {
    const Selectivity& rules = selectivity_;
    const int reduction = rules.null_base_reduction + node.depth / rules.null_depth_divisor;
    position_.play_null();
    null_move_at_[node.ply + 1] = true;
    move_into_[node.ply + 1] = 0;
    ++nodes_;
    Score score = -negamax(node.depth - 1 - reduction, node.ply + 1, -node.beta, -node.beta + 1,
                           NodeType::kAll);
    null_move_at_[node.ply + 1] = false;
    position_.undo_null();
    if (aborted_ || unwinding_to(node.ply)) return unwound(node.ply);
    if (score < node.beta) return std::nullopt;
    // A mate found after passing is no mate: the side to move could have moved.
    if (is_decisive(score)) score = node.beta;
    if (node.depth < rules.null_verify_depth) return score;
    // Deep down, zugzwang could make a pass look better than every move:
    // the node itself, searched without null moves, must agree.
    verifying_null_ = true;
    const Score verified =
        negamax(node.depth - reduction, node.ply, node.beta - 1, node.beta, NodeType::kCut);
    verifying_null_ = false;
    if (aborted_ || unwinding_to(node.ply)) return unwound(node.ply);
    if (verified >= node.beta) return score;
    return std::nullopt;
  }

  // Skips a move that cannot matter near the horizon: a quiet one whose best
  // outcome, the static value plus a margin, stays at or below alpha
  // (futility), or a capture that loses too much in the exchange. Only once
  // a move has been searched, off the principal line and out of check.
  bool prunes(const Node& node, const Loop& loop, Move move,
              const MoveShape& shape) const requires HasQuiescence<G> {
    if (loop.first || node.type == NodeType::kPv || node.in_check || shape.gives_check ||
        is_decisive(loop.best) || loop.best == -kInfinity) {
      return false;
    }
    const Selectivity& rules = selectivity_;
    if (shape.quiet) {
      // Late-move pruning: this far down a well-ordered list, a quiet move
      // near the horizon hardly ever cuts.
      if (node.depth <= rules.lmp_depth &&
          loop.searched >= rules.lmp_base + node.depth * node.depth) {
        return true;
      }
      return node.depth <= rules.futility_depth &&
             node.static_eval + rules.futility_base + rules.futility_margin * node.depth <=
                 loop.alpha;
    }
    return node.depth <= rules.see_prune_depth &&
           !position_.see_ge(move, -rules.see_prune_margin * node.depth);
  }

  // Late-move reductions: a quiet move late in the order is first searched
  // shallower; only if it then beats alpha is it searched at full depth.
  int reduction_of(const Node& node, const Loop& loop, Move move,
                   const MoveShape& shape) const requires HasQuiescence<G> {
    const Selectivity& rules = selectivity_;
    if (loop.first || !shape.quiet || shape.gives_check || node.in_check ||
        node.depth < rules.lmr_min_depth || loop.searched < rules.lmr_min_moves ||
        memory_.killers.is_killer(node.ply, move_bits<G>(move))) {
      return 0;
    }
    int reduction = reductions_.at(node.depth, loop.searched + 1);
    if (node.type == NodeType::kPv) --reduction;
    return std::clamp(reduction, 0, node.depth - 2);
  }

  // The value at the horizon, once the exchanges are over: the side to move
  // may stand pat on its static value or try its noisy moves (captures that
  // do not lose material, promotions); in check it must answer the check.
  Score quiescence(int ply, Score alpha, Score beta) requires HasQuiescence<G> {
    pv_length_[ply] = 0;
    seldepth_ = std::max(seldepth_, ply);
    if (must_give_up()) return 0;
    if (position_.is_draw(ply)) return 0;
    if (ply >= kMaxPly) return position_.evaluate();
    const std::uint64_t key = position_.key();
    const std::optional<TableEntry> entry = table_.probe(key);
    if (entry) {
      if (const auto score = table_cutoff(*entry, ply, 0, alpha, beta)) return *score;
    }

    const bool in_check = position_.in_check();
    const Score original_alpha = alpha;
    Score best = -kInfinity;
    MoveList<Move> moves;
    if (in_check) {
      position_.legal_moves(moves);
      if (moves.empty()) return loss_in(ply);
    } else {
      best = position_.evaluate();
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
      position_.noisy_moves(moves);
    }
    std::optional<std::uint16_t> table_move;
    if (entry && entry->move) table_move = *entry->move;
    std::optional<Move> best_move;
    MovePicker<G> picker(position_, moves, table_move, ply, memory_.killers, memory_.history,
                         quiet_ordering(ply));
    while (const auto next = picker.next()) {
      const Move move = *next;
      if (!in_check && !position_.see_ge(move, 0)) continue;
      position_.play(move);
      ++nodes_;
      move_into_[ply + 1] = move_bits<G>(move) + 1u;
      const Score score = -quiescence(ply + 1, -beta, -alpha);
      position_.undo(move);
      if (aborted_ || unwinding_to(ply)) return 0;
      if (score <= best) continue;
      best = score;
      best_move = move;
      if (score <= alpha) continue;
      alpha = score;
      if (score >= beta) break;
    }
    const Bound bound = best >= beta            ? Bound::kLower
                        : best > original_alpha ? Bound::kExact
                                                : Bound::kUpper;
    table_.store(key, TableEntry{score_to_table(best, ply), 0, bound,
                                 best_move && bound != Bound::kUpper
                                     ? std::optional{move_bits<G>(*best_move)}
                                     : std::nullopt});
    return best;
  }

  // What a node returns when a search below it was cut short: nothing of
  // use when aborted, the table's score when another thread settled it.
  std::optional<Score> unwound(int ply) {
    if constexpr (kTeam) {
      if (!aborted_ && settled_ply_ == ply) {
        settled_ply_ = kNoPly;
        return settled_score_;
      }
    }
    (void)ply;
    return Score{0};
  }

  // The checks every node makes on entry: an abort (stop, time, nodes), or,
  // in a team, another worker's answer. Sets aborted_ when the worker must
  // give up.
  bool must_give_up() {
    if (aborted_) return true;
    if (nodes_ >= nodes_granted_) {
      nodes_granted_ += abort_.take_nodes(kNodeBatch);
      if (nodes_ >= nodes_granted_) return aborted_ = true;
    }
    if (++calls_ % kAbortCheckInterval == 0 && abort_.stop_requested()) return aborted_ = true;
    if constexpr (kTeam) {
      if (cutoff_ != nullptr && calls_ % kCutoffCheckInterval == 0 &&
          cutoff_->load(std::memory_order_relaxed)) {
        return aborted_ = true;
      }
    }
    return false;
  }

  // Narrows the window by how soon the game can end from here (see
  // OutcomeHorizon): no line from here ends sooner than the game allows, so
  // no line can beat a win already found nearer the root. Returns the value
  // when that alone decides the node.
  std::optional<Score> bound_by_horizon(int ply, Score& alpha, Score& beta, NodeType type) {
    OutcomeHorizon horizon;
    if constexpr (HasOutcomeHorizon<G>) horizon = position_.outcome_horizon();
    // Off the principal line a decided game needs no search; on it, the moves
    // are still played so that the line reaches the end of the game.
    if (horizon.decided != 0 && type != NodeType::kPv) {
      return horizon.decided > 0 ? win_in(ply + horizon.decided) : loss_in(ply - horizon.decided);
    }
    // On the principal line the bounds stay one point wide of what the game
    // allows: a value they would pin exactly must still be inside the window,
    // or its move would fail low and drop out of the line.
    const Score slack = type == NodeType::kPv ? 1 : 0;
    alpha = std::max(alpha, loss_in(ply + horizon.fastest_loss) - slack);
    beta = std::min(beta, win_in(ply + horizon.fastest_win) + slack);
    if (alpha >= beta) return alpha;
    return std::nullopt;
  }

  void keep_root_moves(MoveList<Move>& moves) const {
    std::size_t kept = 0;
    for (const Move move : moves) {
      if (std::find(root_moves_.begin(), root_moves_.end(), move) != root_moves_.end()) {
        moves[kept++] = move;
      }
    }
    moves.resize(kept);
  }

  // Whether this node's moves are shared out with the other workers (see
  // search_moves). A lone move (a forced one, say) has no other to take
  // while it is busy.
  bool shares_moves(const Node& node, const MoveList<Move>& moves) const {
    if constexpr (kTeam) {
      return busy_ != nullptr && node.ply < kBusyMaxPly && node.depth > 1 && moves.size() > 1;
    }
    return false;
  }

  // A probe that misses the cache costs more than a whole node: ask for the
  // children's table lines now, so their loads overlap instead of queueing.
  // Likewise their busy-table slots, which the table's traffic keeps
  // evicting: a claim that waited for its slot took nearly a tenth of a
  // team's time.
  void prefetch_children(const MoveList<Move>& moves, bool share) {
    if constexpr (!prefetches_children<G>()) return;
    if (moves.size() < 2) return;
    for (const Move move : moves) {
      position_.play(move);
      table_.prefetch(position_.key());
      if constexpr (kTeam) {
        if (share) busy_->prefetch_for_claim(position_.key());
      }
      position_.undo(move);
    }
  }

  // Enhanced transposition cut-off: a child whose table entry already
  // refutes it from the opponent's side cuts this node without a search.
  // The children's lines are on their way to the cache (prefetch_children).
  std::optional<Score> transposition_cutoff(const Node& node, const MoveList<Move>& moves) {
    if (node.depth < kEtcMinDepth || moves.size() < 2 ||
        nodes_ - root_search_nodes_ < kEtcAfterNodes) {
      return std::nullopt;
    }
    for (const Move move : moves) {
      position_.play(move);
      const auto child = table_.probe(position_.key());
      position_.undo(move);
      if (!child || child->depth < node.depth - 1 || child->bound == Bound::kLower) continue;
      const Score score = -score_from_table(child->score, node.ply + 1);
      if (score >= node.beta) {
        table_.store(node.key, TableEntry{score_to_table(score, node.ply), node.depth,
                                          Bound::kLower, move_bits<G>(move)});
        return score;
      }
    }
    return std::nullopt;
  }

  // Ordering by a short look-ahead: with no table move to try first, a
  // shallower search of this node finds one and leaves it in the table. Only
  // on the principal line, where a wrong first move costs a full re-search;
  // elsewhere the game's hints, killers and history are cheaper.
  std::optional<std::uint16_t> look_ahead(const Node& node) {
    negamax(node.depth - kLookAheadReduction, node.ply, node.alpha, node.beta, node.type);
    pv_length_[node.ply] = 0;
    if (aborted_ || unwinding_through(node.ply)) return std::nullopt;
    const auto refreshed = table_.probe(node.key);
    return refreshed ? refreshed->move : std::nullopt;
  }

  // The move loop: each move in the picker's order, null-window searched
  // after the first and re-searched on the principal line when it lands
  // inside the window. In a team, a move that another worker is already
  // searching is put off until the rest are done: by then its value is
  // likely in the table. The eldest brother is put off only at an expected
  // all-node, where every move needs searching anyway; at a cut-node the
  // eldest is the likely refutation and the others likely wasted, so there
  // the threads search it together and share out the moves below it.
  Loop search_moves(const Node& node, MoveList<Move>& moves,
                    std::optional<std::uint16_t> table_move, bool share) {
    Loop loop;
    loop.alpha = node.alpha;
    loop.share = share;
    const bool eldest_may_wait = node.type == NodeType::kAll;
    MoveList<Move> deferred;
    MovePicker<G> picker(position_, moves, table_move, node.ply, memory_.killers, memory_.history,
                         quiet_ordering(node.ply));
    bool done = false;
    while (const auto next = picker.next()) {
      if (node.ply == 0 && on_root_move_) on_root_move_(*next, loop.searched + 1);
      const Step step = search_child(node, *next, share && (!loop.first || eldest_may_wait), loop);
      if (step == Step::kPutOff) deferred.push_back(*next);
      if ((done = step == Step::kDone)) break;
    }
    for (std::size_t i = 0; !done && i < deferred.size(); ++i) {
      done = search_child(node, deferred[i], false, loop) == Step::kDone;
    }
    return loop;
  }

  // What became of one child: kDone when the node is done (a cut-off, an
  // abort, or an ancestor settled by another thread), kPutOff when another
  // thread is inside it and it may wait.
  enum class Step { kNext, kDone, kPutOff };

  Step search_child(const Node& node, Move move, bool may_put_off, Loop& loop) {
    int reduction = 0;
    bool quiet = false;
    if constexpr (HasQuiescence<G>) {
      if (selective_) {
        const MoveShape shape = shape_of(move);
        if (prunes(node, loop, move, shape)) return Step::kNext;
        reduction = reduction_of(node, loop, move, shape);
        quiet = shape.quiet;
      }
    }
    const std::uint16_t bits = move_bits<G>(move);
    position_.play(move);
    const std::uint64_t child = position_.key();
    if constexpr (kTeam) {
      if (loop.share) {
        if (may_put_off) {
          if (!busy_->try_claim(child)) {
            position_.undo(move);
            return Step::kPutOff;
          }
        } else {
          busy_->mark(child);
        }
      }
    }
    ++nodes_;
    move_into_[node.ply + 1] = bits + 1u;
    const Score score = search_child_window(node, loop, reduction);
    if constexpr (kTeam) {
      if (loop.share) busy_->release(child);
    }
    position_.undo(move);
    if (aborted_ || unwinding_to(node.ply)) return Step::kDone;
    loop.first = false;
    ++loop.searched;

    if (score > loop.best) {
      loop.best = score;
      loop.best_move = move;
      if (score > loop.alpha) {
        loop.alpha = score;
        if (node.type == NodeType::kPv) update_pv(node.ply, move);
        if (score >= node.beta) {
          record_cutoff(node, loop, bits, quiet);
          return Step::kDone;
        }
      }
    }
    if (quiet && loop.quiet_count < static_cast<int>(loop.quiets.size())) {
      loop.quiets[static_cast<std::size_t>(loop.quiet_count++)] = bits;
    }
    return Step::kNext;
  }

  // What a cut-off teaches the ordering: the killer of the ply and the
  // history. The selective search keeps them for quiet moves only, and also
  // takes the history of the quiet moves that failed before it down, and
  // records the move as the counter to the opponent's last.
  void record_cutoff(const Node& node, const Loop& loop, std::uint16_t bits, bool quiet) {
    if (!selective_game()) {
      memory_.killers.record(node.ply, bits);
      memory_.history.reward(bits, node.depth);
      return;
    }
    if (!quiet) return;
    memory_.killers.record(node.ply, bits);
    const int side = position_.side_to_move();
    const int bonus = QuietHistory::bonus_for(node.depth);
    memory_.quiet.update(side, bits, bonus);
    for (int i = 0; i < loop.quiet_count; ++i) {
      memory_.quiet.update(side, loop.quiets[static_cast<std::size_t>(i)], -bonus);
    }
    if (const std::uint32_t previous = move_into_[node.ply]; previous != 0) {
      memory_.quiet.set_counter(static_cast<std::uint16_t>(previous - 1), bits);
    }
  }

  // The selective search orders quiet moves by its own history and counter
  // moves; the full-width search by the plain history table.
  [[nodiscard]] bool selective_game() const { return HasQuiescence<G> && selective_; }
  QuietOrdering quiet_ordering(int ply) const {
    if (!selective_game()) return {};
    QuietOrdering ordering{&memory_.quiet, position_.side_to_move(), std::nullopt};
    if (const std::uint32_t previous = move_into_[ply]; previous != 0) {
      ordering.counter = memory_.quiet.counter(static_cast<std::uint16_t>(previous - 1));
    }
    return ordering;
  }

  // The child's value: the eldest brother with the node's window, the others
  // with a null window first (principal-variation search), reduced by
  // `reduction` plies first where the selective search says so.
  Score search_child_window(const Node& node, const Loop& loop, int reduction) {
    const int depth = node.depth - 1;
    const int ply = node.ply + 1;
    if (loop.first) {
      return -negamax(depth, ply, -node.beta, -loop.alpha, eldest_child_type(node.type));
    }
    // The child of an all-node, or of a cut-node whose eldest brother failed
    // to refute, is expected to be a cut-node.
    Score score = -kInfinity;
    if (reduction > 0) {
      score = -negamax(depth - reduction, ply, -loop.alpha - 1, -loop.alpha, NodeType::kCut);
      if (aborted_ || unwinding_to(node.ply) || score <= loop.alpha) return score;
    }
    score = -negamax(depth, ply, -loop.alpha - 1, -loop.alpha, NodeType::kCut);
    if (node.type == NodeType::kPv && score > loop.alpha && score < node.beta) {
      score = -negamax(depth, ply, -node.beta, -loop.alpha, NodeType::kPv);
    }
    return score;
  }

  // The eldest brother of a cut-node is expected to be an all-node and the
  // other way round; on the principal line it continues the line.
  static constexpr NodeType eldest_child_type(NodeType type) {
    switch (type) {
      case NodeType::kPv:
        return NodeType::kPv;
      case NodeType::kCut:
        return NodeType::kAll;
      case NodeType::kAll:
        break;
    }
    return NodeType::kCut;
  }

  // Leaves the node's result in the table for later searches: a bound with
  // respect to the window the node searched with.
  void store(const Node& node, const Loop& loop) {
    const Bound bound = loop.best >= node.beta   ? Bound::kLower
                        : loop.best > node.alpha ? Bound::kExact
                                                 : Bound::kUpper;
    // At a node where every move failed low the "best" one only has the
    // highest upper bound, which says little: keep the move the table knew.
    const bool move_known = loop.best_move && bound != Bound::kUpper;
    table_.store(node.key, TableEntry{score_to_table(loop.best, node.ply), node.depth, bound,
                                      move_known ? std::optional{move_bits<G>(*loop.best_move)}
                                                 : std::nullopt});
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

  // Unwinding from a node another thread settled (see settled_ancestor()):
  // every node below the settled one returns at once, unstored. True when
  // an ancestor of the node at `ply` is settled...
  [[nodiscard]] bool unwinding_through(int ply) const { return kTeam && settled_ply_ < ply; }
  // ...or the node itself.
  [[nodiscard]] bool unwinding_to(int ply) const { return kTeam && settled_ply_ <= ply; }

  // True when another thread has settled a node this worker is inside: the
  // table now holds an entry that decides it, as it would have decided it on
  // entry had it been there then. The work below that node is then useless,
  // above all where this thread was trying a move the other refuted first.
  // The search unwinds to the node, which returns the table's score; nothing
  // on the way is stored. (The root is settled through watch_cutoff().)
  bool settled_ancestor(int ply) requires kTeam {
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
  std::unique_ptr<OrderingMemory> own_memory_;  // when no memory was given
  OrderingMemory& memory_;                      // own_memory_ or the caller's
  // The move played into each ply, as move bits + 1 (0: none, or a null
  // move), for the counter-move table.
  std::array<std::uint32_t, kMaxPly + 2> move_into_{};
  // The selective search (games with quiescence): on unless the caller
  // wants the oracle's full-width search (SearchSettings::selective).
  bool selective_ = true;
  static constexpr Selectivity selectivity_ = selectivity<G>();
  inline static const ReductionTable reductions_{selectivity<G>()};
  // Whether the move into each ply was a null move: never two in a row.
  std::array<bool, kMaxPly + 2> null_move_at_{};
  bool verifying_null_ = false;
  std::vector<Move> root_moves_;  // searchmoves; empty: every move
  RootMoveCallback on_root_move_;
  std::uint64_t nodes_ = 0;
  std::uint64_t nodes_granted_ = 0;      // nodes this worker may count (see NodeBudget)
  std::uint64_t root_search_nodes_ = 0;  // nodes_ when the current root search began
  std::uint64_t calls_ = 0;
  int seldepth_ = 0;
  bool aborted_ = false;
  const std::atomic<bool>* cutoff_ = nullptr;
  BusyTable* busy_ = nullptr;
  // The nodes on the way from the root to the current one, as searched (a
  // team's worker only).
  struct Frame {
    std::uint64_t key = 0;
    int depth = 0;
    Score alpha = 0;
    Score beta = 0;
    bool pv_node = false;
  };
  std::array<Frame, kTeam ? kMaxPly + 1 : 0> frames_{};
  // The ply of a node another thread has settled, while unwinding to it.
  static constexpr int kNoPly = kMaxPly + 1;
  int settled_ply_ = kNoPly;
  Score settled_score_ = 0;
  // Triangular table of principal lines: row `ply` holds the line from that ply.
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 2> pv_length_{};
};

}  // namespace brudno::engine
