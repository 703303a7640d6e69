#pragma once
// One thread's alpha-beta search: negamax with principal-variation
// (null-window) search, the shared transposition table, and move ordering by
// a short look-ahead. It owns its own copy of the position and plays and
// undoes moves on it.
//
// Contract: search_root(depth, alpha, beta) returns the root's fail-soft
// value within (alpha, beta) (see search_node.hpp), meaningless once
// aborted(); principal_variation() is the line of the last root search that
// ended inside its window.
//
// Read from the top: the root; a node (negamax) and what it asks before its
// moves; the move loop; then the selective search's own searches (null
// move, singular extension, quiescence) for games with HasSelectiveSearch,
// by the rules of selective_rules.hpp. What a node is, is fixed when it is
// compiled: its type (NodeType: kPv, kCut, kAll) and its scope (NodeScope:
// the position's whole value, or some moves' only), so each is compiled
// with only what it does. A worker searches alone or as one of a team that
// shares the tree (ParallelSearch): the team's steps are a policy
// (team_policy.hpp) whose lone version compiles to nothing.

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "engine/busy_table.hpp"
#include "engine/game.hpp"
#include "engine/move_ordering.hpp"
#include "engine/node_bounds.hpp"
#include "engine/ordering_memory.hpp"
#include "engine/root_state.hpp"
#include "engine/search_node.hpp"
#include "engine/search_stack.hpp"
#include "engine/searchers.hpp"
#include "engine/selective_rules.hpp"
#include "engine/stop_conditions.hpp"
#include "engine/team_policy.hpp"
#include "engine/terminal.hpp"
#include "engine/transposition_table.hpp"
#include "engine/worker_parts.hpp"

namespace brudno::engine {

// Whose value a node's search is: the position's, or that of some of its
// moves only. A part's value is not the position's, so such a node neither
// takes nor leaves anything in the table, and prunes nothing before its
// moves.
enum class NodeScope : std::uint8_t {
  kWhole,
  kRestrictedRoot,  // the root cut down to `go searchmoves`
  kExcluding,       // a singular extension's search without the table's move
};

constexpr bool is_partial(NodeScope scope) {
  return scope != NodeScope::kWhole;
}

// Team: LonePolicy or TeamPolicy; kWidth the game's own search by default
// (searchers.hpp).
template <Game G, class Team, Width kWidth>
class SearchWorker : public RootState<G> {
  using Base = RootState<G>;
  static constexpr bool kTeam = Team::kShares;
  static_assert(kTeam || std::is_empty_v<Team>, "a lone worker carries nothing of a team");
  using Loop = MoveLoop<G>;
  using Rules = SelectiveRules<G>;
  using Base::seldepth_;
  using Base::stack_;
  using Base::tally_;

  // The selective search: the game has one (HasSelectiveSearch) and this is
  // the game's own search, not the oracle's full width (Width). It orders
  // quiet moves by its own history and counter moves; the full-width search
  // by the plain history table.
  static constexpr bool kSelective = HasSelectiveSearch<G> && kWidth == Width::kSelective;
  // The selective search's continuation histories, for games with piece-to
  // slots (move_ordering.hpp).
  static constexpr bool kContinuation = kSelective && HasPieceToSlots<G>;
  // And its capture history, for games with capture slots.
  static constexpr bool kCaptureHistory = kSelective && HasCaptureSlots<G>;
  // And its correction history of the static value, for games with a key
  // for it.
  static constexpr bool kCorrection = kSelective && HasCorrectionKey<G>;

  static constexpr int kLookAheadMinDepth = 4;
  static constexpr int kLookAheadReduction = 2;
  // Enhanced transposition cut-offs (below) cost a look at every child's
  // table line, which pays only in large searches far from the leaves
  // (docs/log/benchmarks-search.md, "Connect Four: the published benchmark
  // sets" and "Head to head with the reference solver" have the
  // measurements), so they start once a root search is this deep and has
  // taken this many nodes.
  static constexpr int kEtcMinDepth = 20;
  static constexpr std::uint64_t kEtcAfterNodes = 100'000;
  // Singular extensions search the node again without one move, at the
  // node's own ply. In a team its frame then says so (NodeFrame::
  // settleable), so that no other thread's entry for the position is taken
  // to settle a search of part of its moves.
  static constexpr bool kSingularExtensions = kSelective;
  // Each node's frame (SearchStack) is written where something reads it: a
  // team's settles_ancestor() and the store's check of it. A lone worker
  // keeps none, in every build alike.
  static constexpr bool kKeepsFrames = kTeam;

 public:
  using Move = typename G::Move;
  using typename Base::RootMoveCallback;

  // `memory`, when given, is what the worker orders moves with and learns
  // into, kept by the caller from one search to the next (SearchMemory);
  // without one the worker starts from nothing and its learning ends with it.
  SearchWorker(const G& root, TranspositionTable& table, const StopConditions& abort,
               OrderingMemory* memory = nullptr)
      : Base(abort),
        position_(root),
        table_(table),
        own_memory_(memory == nullptr ? std::make_unique<OrderingMemory>(ordering_shape<G>())
                                      : nullptr),
        memory_(memory == nullptr ? *own_memory_ : *memory) {
    assert(memory_.shape() == ordering_shape<G>());
  }

  // Searches the root to `depth` within (alpha, beta), fail-soft: a result at or
  // below alpha is an upper bound, at or above beta a lower bound, else exact.
  // Meaningless once aborted() is true.
  Score search_root(int depth, Score alpha, Score beta) {
    assert(alpha < beta && score_holds(alpha) && score_holds(beta));
    assert(0 < depth && depth <= kMaxPly);
    seldepth_ = 0;
    root_depth_ = depth;
    root_search_nodes_ = tally_.nodes();
    team_.begin_root();
    // The root is taken for a cut-node when its window is null. Where it is
    // an all-node the threads then search its first move together and share
    // out the moves below, which costs little, whereas an all-node guess at a
    // cut-node root sends a thread into a move the first one likely refutes.
    const Score value =
        this->restricted_root()
            ? negamax<NodeType::kPv, NodeScope::kRestrictedRoot>(depth, 0, alpha, beta)
            : negamax<NodeType::kPv>(depth, 0, alpha, beta);
    assert(tally_.aborted() || score_holds(value));
    assert(tally_.aborted() || line_is_legal(position_, stack_.line(0)));
    assert(!verifying_null_);
    return value;
  }

  // Moves the worker to another root; what it learnt about ordering stays.
  void set_root(const G& root) {
    position_ = root;
    tally_.resume();
  }

  // A flag raised when another thread's result makes this worker's search
  // pointless (another worker answered first). The worker then gives up like
  // an abort, but resume() lets it take the next search.
  void watch_cutoff(const std::atomic<bool>* cutoff) requires kTeam { team_.watch_cutoff(cutoff); }
  // Shares with other workers which positions are being searched, so that
  // each puts off the moves another is already inside (see BusyTable).
  void share_busy(BusyTable* busy) requires kTeam { team_.share_busy(busy); }
  // See TeamPolicy::settled_ancestors().
  [[nodiscard]] std::uint64_t settled_ancestors() const requires kTeam {
    return team_.settled_ancestors();
  }

 private:
  // --- A node --------------------------------------------------------------

  template <NodeType kNode, NodeScope kScope = NodeScope::kWhole>
  Score negamax(int depth, int ply, Score alpha, Score beta) {
    // A null window has no principal line to keep: the node may use the table.
    if constexpr (kNode == NodeType::kPv) {
      if (beta - alpha <= 1) return negamax<NodeType::kCut, kScope>(depth, ply, alpha, beta);
    }
    assert_entry<kNode, kScope>(depth, ply, alpha, beta);
    this->enter_node(ply);
    if (must_give_up()) return 0;
    if (team_.settles_ancestor(tally_.calls(), ply, table_, stack_)) return 0;

    bool in_check = false;
    if (const auto over = game_over(ply, alpha, beta, in_check)) return *over;
    // Check extension: a check is searched one ply deeper, so that the
    // horizon never falls between a check and its answer.
    if (kSelective && in_check) ++depth;
    if (depth <= 0 || ply >= kMaxPly) return horizon_value(ply, alpha, beta);
    if constexpr (kScope != NodeScope::kRestrictedRoot) {
      if (const auto decided = bound_by_horizon<kNode>(position_, ply, alpha, beta)) {
        return *decided;
      }
    }
    assert(alpha < beta);  // the narrowed window is still open

    SearchNode<kNode> node{depth, ply, alpha, beta, position_.key(), in_check};
    const std::optional<TableEntry> entry = table_.probe(node.key);
    if (const auto early = before_moves<kScope>(node, entry)) return *early;

    MoveList<Move> moves;
    position_.legal_moves(moves);
    if (moves.empty()) return no_moves_value(ply, in_check);
    assert(!entry || table_move_is_legal<G>(moves, entry->move));
    narrow_moves<kScope>(moves, ply);
    // The left-out move was the only one: no other reaches the bound.
    if (moves.empty()) return alpha;
    const bool share = team_.shares(ply, depth, moves.size());
    // A team also readies the children's busy-table slots, which the
    // table's traffic keeps evicting.
    prefetch_children(position_, moves, table_, [&](std::uint64_t key) {
      if (share) team_.prefetch_claim(key);
    });
    if constexpr (kNode != NodeType::kPv && !is_partial(kScope)) {
      if (const auto score = transposition_cutoff(node, moves)) return *score;
    }

    std::optional<std::uint16_t> table_move;
    if (entry && entry->move && kScope != NodeScope::kExcluding) table_move = *entry->move;
    if constexpr (kNode == NodeType::kPv) {
      if (!table_move && depth >= kLookAheadMinDepth && moves.size() > 1) {
        table_move = look_ahead<kScope>(node);
        if (tally_.aborted() || team_.unwinding_through(ply)) return 0;
      }
    }
    if constexpr (kNode != NodeType::kPv && !is_partial(kScope)) {
      if (!table_move) reduce_without_table_move(node);
    }
    if constexpr (kSingularExtensions && !is_partial(kScope)) {
      if (entry && table_move && ply > 0 && ply < 2 * root_depth_ &&
          Rules::tests_singular(depth, *entry)) {
        if (const auto cut = singular_extension(node, *entry)) return *cut;
        if (tally_.aborted() || team_.unwinding_through(ply)) return 0;
      }
    }

    const Loop loop = search_moves(node, moves, table_move, share);
    stack_[ply].extended.reset();
    if (tally_.aborted() || team_.unwinding_through(ply)) return 0;
    if (const auto settled = team_.take_settled(ply)) return *settled;
    // Some move was searched: the first is never pruned (SelectiveRules::
    // prunes() waits for one), one put off is searched at the end, and every
    // value a child returns lies within the scores (kWin < kInfinity).
    assert(loop.best > -kInfinity && loop.best_move && score_holds(loop.best));
    if constexpr (!is_partial(kScope)) {
      store(node, loop);
      correct_static_value(node, loop);
    }
    return loop.best;
  }

  // What a node is called with (search_node.hpp's contract, and its scope).
  template <NodeType kNode, NodeScope kScope>
  void assert_entry(int depth, int ply, Score alpha, Score beta) const {
    assert(node_window_holds(kNode, ply, alpha, beta));
    assert(kScope != NodeScope::kRestrictedRoot || (ply == 0 && this->restricted_root()));
    assert(kScope != NodeScope::kExcluding || (ply > 0 && stack_[ply].excluded));
    // Each ply takes one from the depth and an extension gives back at most
    // one (a check, a singular move): never deeper than the root's depth
    // plus the ply's.
    assert(depth <= root_depth_ + ply + 1);
    (void)depth, (void)ply, (void)alpha, (void)beta;
  }

  // The checks every node makes on entry: an abort (stop, time, nodes), or,
  // in a team, another worker's answer. aborted() is true once the worker
  // must give up.
  bool must_give_up() {
    if (tally_.must_give_up()) return true;
    if (team_.cut_off(tally_.calls())) {
      tally_.give_up();
      return true;
    }
    return false;
  }

  // The end of the game at this node, where its value needs no search, and
  // whether the side to move is in check (games that tell the draw rules
  // apart from mate, HasRuleStatus): a draw, or a window closed by the
  // distance to mate. The oracle's full width asks the game's complete
  // status, as plain minimax does; so do games without rule status.
  std::optional<Score> game_over(int ply, Score& alpha, Score& beta, bool& in_check) {
    if constexpr (HasRuleStatus<G> && kWidth == Width::kSelective) {
      if (ply > 0 && position_.is_draw(ply)) return Score{0};
      if (const auto bound = bound_by_mate_distance(ply, alpha, beta)) return bound;
      in_check = position_.in_check();
      return std::nullopt;
    } else {
      const Status status = position_.status();
      if (status != Status::kOngoing) return terminal_score(status, ply);
      if constexpr (HasRuleStatus<G>) in_check = position_.in_check();
      return std::nullopt;
    }
  }

  // The value at the horizon: the quiescence search's where the game has one.
  Score horizon_value(int ply, Score alpha, Score beta) {
    if constexpr (kSelective) {
      if (ply < kMaxPly) return quiescence(ply, alpha, beta);
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

  // What decides a node before its moves are generated: the table's entry
  // (off the principal line), and the selective search's pruning (off the
  // principal line, out of check). Writes the node's frame, and its static
  // value where the selective search may prune.
  template <NodeScope kScope, NodeType kNode>
  std::optional<Score> before_moves(SearchNode<kNode>& node,
                                    const std::optional<TableEntry>& entry) {
    if constexpr (kNode != NodeType::kPv && !is_partial(kScope)) {
      if (entry) {
        if (const auto score = table_cutoff(*entry, node.ply, node.depth, node.alpha, node.beta)) {
          return score;
        }
      }
    }
    if constexpr (kKeepsFrames) {
      stack_[node.ply].frame =
          NodeFrame{node.key, node.depth, node.alpha, node.beta, !node.kPv && !is_partial(kScope)};
    }
    if constexpr (kSelective) {
      evaluate_statically(node, entry);
      if constexpr (kNode != NodeType::kPv && !is_partial(kScope)) {
        if (!node.in_check) {
          if (const auto pruned = prune_before_moves(node)) return pruned;
          return probcut(node, entry);
        }
      }
    }
    return std::nullopt;
  }

  // The node's static value, on its stack entry too, and whether it
  // improves on its side's two plies up (SearchNode::improving); then the
  // value refined by the table's, where the table's bound says which way
  // the static value errs (not by a mate: that is no position's worth).
  template <NodeType kNode>
  void evaluate_statically(SearchNode<kNode>& node, const std::optional<TableEntry>& entry)
      requires kSelective {
    PlyState& state = stack_[node.ply];
    if (node.in_check) {
      state.static_eval = kNoStaticValue;
      node.improving = false;
      return;
    }
    node.raw_eval = position_.evaluate();
    node.static_eval = node.raw_eval;
    if constexpr (kCorrection) {
      node.correction_key = position_.correction_key();
      node.static_eval = memory_.correction.corrected(node.raw_eval, position_.side_to_move(),
                                                      node.correction_key);
    }
    state.static_eval = node.static_eval;
    assert(score_holds(node.static_eval) && node.static_eval != kNoStaticValue);
    const Score before = node.ply >= 2 ? stack_[node.ply - 2].static_eval : kNoStaticValue;
    const Score earlier = node.ply >= 4 ? stack_[node.ply - 4].static_eval : kNoStaticValue;
    node.improving = before != kNoStaticValue    ? node.static_eval > before
                     : earlier != kNoStaticValue ? node.static_eval > earlier
                                                 : true;
    node.corrected_eval = node.static_eval;
    node.static_eval = refined_by_table(node.static_eval, entry, node.ply);
  }

  // A static value refined by the table's entry for its position: the
  // table's value where the entry's bound says the position is worth more
  // (a lower bound above it) or less (an upper bound below it), or where it
  // is exact; never a mate score, which is no position's worth.
  static Score refined_by_table(Score value, const std::optional<TableEntry>& entry, int ply) {
    if (!entry) return value;
    const Score table_value = score_from_table(entry->score, ply);
    if (is_decisive(table_value)) return value;
    if ((entry->bound == Bound::kLower && table_value > value) ||
        (entry->bound == Bound::kUpper && table_value < value) ||
        entry->bound == Bound::kExact) {
      return table_value;
    }
    return value;
  }

  // Internal iterative reduction: off the principal line, a node whose
  // position the table holds no move for is searched a ply shallower where
  // the selective search says so (the principal line asks its look-ahead
  // instead). Its table entry carries the depth it is searched to; its
  // frame keeps the depth it was entered with, by which a team's
  // settles_ancestor() judges it as the table would have on entry. (With
  // the reduced depth there, the entry a failed null-move verification
  // leaves for the node's own key, searched as deep, would settle it.)
  template <NodeType kNode>
  void reduce_without_table_move(SearchNode<kNode>& node) {
    static_assert(kNode != NodeType::kPv);
    if constexpr (kSelective) {
      if (!Rules::reduces_without_table_move(node.depth)) return;
      assert(node.depth > 1 && node.reduced == 0);
      --node.depth;
      node.reduced = 1;
    } else {
      (void)node;
    }
  }

  // The moves the node searches: those of `go searchmoves` at a restricted
  // root, all but the table's at an exclusion search, and elsewhere those
  // the game says alone keep the value (HasForcedMoves).
  template <NodeScope kScope>
  void narrow_moves(MoveList<Move>& moves, int ply) {
    if constexpr (kScope == NodeScope::kRestrictedRoot) {
      keep_root_moves(moves, this->root_moves_);
      assert(!moves.empty());
    } else {
      if constexpr (HasForcedMoves<G>) position_.keep_forced_moves(moves);
      assert(!moves.empty());
      if constexpr (kScope == NodeScope::kExcluding) leave_out(moves, *stack_[ply].excluded);
    }
    (void)ply;
  }

  static void leave_out(MoveList<Move>& moves, std::uint16_t bits) {
    std::size_t kept = 0;
    for (const Move move : moves) {
      if (move_bits<G>(move) != bits) moves[kept++] = move;
    }
    assert(kept + 1 >= moves.size());  // a move's bits are its own
    moves.resize(kept);
  }

  // Ordering by a short look-ahead: with no table move to try first, a
  // shallower search of this node finds one and leaves it in the table. Only
  // on the principal line, where a wrong first move costs a full re-search;
  // elsewhere the game's hints, killers and history are cheaper.
  template <NodeScope kScope>
  std::optional<std::uint16_t> look_ahead(const SearchNode<NodeType::kPv>& node) {
    static_assert(kScope != NodeScope::kExcluding, "an exclusion search has a null window");
    assert(node.depth > kLookAheadReduction);
    {
      const SamePlyResearch research(stack_[node.ply]);
      negamax<NodeType::kPv, kScope>(node.depth - kLookAheadReduction, node.ply, node.alpha,
                                     node.beta);
    }
    stack_[node.ply].pv_length = 0;
    if (tally_.aborted() || team_.unwinding_through(node.ply)) return std::nullopt;
    const auto refreshed = table_.probe(node.key);
    return refreshed ? refreshed->move : std::nullopt;
  }

  // Enhanced transposition cut-off: a child whose table entry already refutes
  // it from the opponent's side cuts this node without a search. The
  // children's lines are on their way to the cache (prefetch_children).
  template <NodeType kNode>
  std::optional<Score> transposition_cutoff(const SearchNode<kNode>& node,
                                            const MoveList<Move>& moves) {
    static_assert(kNode != NodeType::kPv);
    if (node.depth < kEtcMinDepth || moves.size() < 2 ||
        tally_.nodes() - root_search_nodes_ < kEtcAfterNodes) {
      return std::nullopt;
    }
    for (const Move move : moves) {
      position_.play(move);
      const auto child = table_.probe(position_.key());
      position_.undo(move);
      assert(position_.key() == node.key);
      if (!child || child->depth < node.depth - 1 || child->bound == Bound::kLower) continue;
      const Score score = -score_from_table(child->score, node.ply + 1);
      if (score >= node.beta) {
        assert_own_frame(node);
        table_.store(node.key, TableEntry{score_to_table(score, node.ply), node.depth,
                                          Bound::kLower, move_bits<G>(move)});
        return score;
      }
    }
    return std::nullopt;
  }

  // Leaves the node's result in the table for later searches: a bound with
  // respect to the window the node searched with.
  template <NodeType kNode>
  void store(const SearchNode<kNode>& node, const Loop& loop) {
    assert_own_frame(node);
    assert(node.depth > 0 && score_holds(loop.best) && loop.best > -kInfinity);
    const Bound bound = bound_of(loop.best, node.alpha, node.beta);
    // At a node where every move failed low the "best" one only has the
    // highest upper bound, which says little: keep the move the table knew.
    const bool move_known = loop.best_move && bound != Bound::kUpper;
    table_.store(node.key, TableEntry{score_to_table(loop.best, node.ply), node.depth, bound,
                                      move_known ? std::optional{move_bits<G>(*loop.best_move)}
                                                 : std::nullopt});
  }

  // What the node's result says of its static value's error, where it
  // says which way the value was wrong: an exact value always, a lower
  // bound above it, an upper bound below it. Not where a capture was best
  // (the static value does not see captures coming), nor for mates.
  template <NodeType kNode>
  void correct_static_value(const SearchNode<kNode>& node, const Loop& loop) {
    if constexpr (kCorrection) {
      if (node.in_check || is_decisive(loop.best) || node.raw_eval == -kInfinity) return;
      if (loop.best_move && position_.is_capture(*loop.best_move)) return;
      const Bound bound = bound_of(loop.best, node.alpha, node.beta);
      if ((bound == Bound::kLower && loop.best <= node.corrected_eval) ||
          (bound == Bound::kUpper && loop.best >= node.corrected_eval)) {
        return;
      }
      memory_.correction.update(position_.side_to_move(), node.correction_key, node.raw_eval,
                                loop.best, node.depth);
    } else {
      (void)node, (void)loop;
    }
  }

  // The frame a team's settles_ancestor() judges a node by is the node's
  // own, not that of a shallower search of the same ply (SamePlyResearch).
  // Asked where the node stores in the table: a search of the whole node.
  template <NodeType kNode>
  void assert_own_frame(const SearchNode<kNode>& node) const {
    if constexpr (kKeepsFrames) {
      assert((stack_[node.ply].frame ==
              NodeFrame{node.key, node.depth + node.reduced, node.alpha, node.beta, !node.kPv}));
    }
    (void)node;
  }

  // --- The move loop -------------------------------------------------------
  //
  // Each move in the picker's order, the eldest with the node's window, the
  // younger ones with a null window first (principal-variation search),
  // reduced first where the selective search says so, and re-searched where
  // the principal line needs their exact value. A cut-off teaches the
  // ordering memory (killers, histories, counter moves).
  //
  // In a team, a move that another worker is already searching is put off
  // until the rest are done: by then its value is likely in the table. The
  // eldest brother is put off only at an expected all-node, where every move
  // needs searching anyway; at a cut-node the eldest is the likely refutation
  // and the others likely wasted, so there the threads search it together and
  // share out the moves below it.

  // What became of one child: kDone when the node is done (a cut-off, an
  // abort, or an ancestor settled by another thread), kPutOff when another
  // thread is inside it and it may wait.
  enum class Step { kNext, kDone, kPutOff };

  // Inlined into negamax, as the loop was before it had a name: called
  // apart, Connect Four's solver ran 5-7% slower at the same node counts.
  template <NodeType kNode>
  [[gnu::always_inline]] Loop search_moves(const SearchNode<kNode>& node, MoveList<Move>& moves,
                                           std::optional<std::uint16_t> table_move, bool share) {
    Loop loop;
    loop.alpha = node.alpha;
    loop.share = share;
    const bool eldest_may_wait = kNode == NodeType::kAll;
    MoveList<Move> deferred;
    const SelectiveOrdering ordering = selective_ordering(node.ply);
    MovePicker<G> picker(position_, moves, table_move, node.ply, memory_.killers, memory_.history,
                         ordering);
    bool done = false;
    while (const auto next = picker.next()) {
      if (node.ply == 0) this->announce_root_move(*next, loop.searched + 1);
      if constexpr (kSelective) {
        if (picker.last_was_table_move()) loop.table_move_captures = position_.is_capture(*next);
      }
      const Step step =
          search_child(node, *next, share && (!loop.first || eldest_may_wait), loop, ordering);
      if (step == Step::kPutOff) deferred.push_back(*next);
      if ((done = step == Step::kDone)) break;
    }
    for (std::size_t i = 0; !done && i < deferred.size(); ++i) {
      done = search_child(node, deferred[i], false, loop, ordering) == Step::kDone;
    }
    assert(loop.searched <= static_cast<int>(moves.size()));
    return loop;
  }

  template <NodeType kNode>
  Step search_child(const SearchNode<kNode>& node, Move move, bool may_put_off, Loop& loop,
                    const SelectiveOrdering& ordering) {
    const std::uint16_t bits = move_bits<G>(move);
    const std::size_t slot = history_slot<G>(move);
    const std::size_t piece_to = piece_to_slot(move);
    int reduction = 0;
    bool quiet = false;
    std::optional<std::size_t> capture;  // its capture slot, for the capture history
    if constexpr (kSelective) {
      MoveShape shape = Rules::shape_of(position_, move);
      if (shape.quiet) shape.history = quiet_history(ordering, slot, piece_to);
      if (Rules::prunes(position_, node, loop, move, shape)) return Step::kNext;
      reduction = Rules::reduction(node, loop, shape, memory_.killers, bits);
      quiet = shape.quiet;
      if constexpr (kCaptureHistory) {
        if (shape.capture) capture = position_.capture_slot(move);
      }
    }
    const int extension = stack_[node.ply].extended == bits ? 1 : 0;
    if (extension > 0) reduction = 0;
    assert(0 <= reduction && reduction < node.depth);
    position_.play(move);
    const std::uint64_t child = position_.key();
    if (loop.share && !team_.claim(child, may_put_off)) {
      position_.undo(move);
      return Step::kPutOff;
    }
    tally_.count();
    enter_move(node.ply, slot, piece_to);
    const Score score = search_child_window(node, loop, reduction, extension);
    if (loop.share) team_.release(child);
    position_.undo(move);
    assert(position_.key() == node.key);  // the board is as it was before the move
    if (tally_.aborted() || team_.unwinding_to(node.ply)) return Step::kDone;
    assert(score_holds(score));
    loop.first = false;
    ++loop.searched;

    if (score > loop.best) {
      loop.best = score;
      loop.best_move = move;
      if (score > loop.alpha) {
        loop.alpha = score;
        if constexpr (kNode == NodeType::kPv) stack_.update_pv(node.ply, move);
        if (score >= node.beta) {
          record_cutoff(node, loop, bits, slot, piece_to, quiet);
          record_capture_cutoff(node, loop, capture);
          return Step::kDone;
        }
      }
    }
    if (quiet && loop.quiet_count < static_cast<int>(loop.quiets.size())) {
      const auto i = static_cast<std::size_t>(loop.quiet_count++);
      loop.quiets[i] = static_cast<std::uint16_t>(slot);
      if constexpr (kContinuation) loop.quiet_piece_tos[i] = static_cast<std::uint16_t>(piece_to);
    }
    if constexpr (kCaptureHistory) {
      if (capture && loop.capture_count < static_cast<int>(loop.captures.size())) {
        loop.captures[static_cast<std::size_t>(loop.capture_count++)] =
            static_cast<std::uint16_t>(*capture);
      }
    }
    return Step::kNext;
  }

  // What a cut-off teaches the capture history: the capture that cut gains,
  // and the captures tried before the move that cut, whatever it was, lose.
  template <NodeType kNode>
  void record_capture_cutoff(const SearchNode<kNode>& node, const Loop& loop,
                             std::optional<std::size_t> capture) {
    if constexpr (kCaptureHistory) {
      assert(0 <= loop.capture_count &&
             loop.capture_count <= static_cast<int>(loop.captures.size()));
      const int bonus = QuietHistory::bonus_for(node.depth);
      if (capture) memory_.captures.update(*capture, bonus);
      for (int i = 0; i < loop.capture_count; ++i) {
        memory_.captures.update(loop.captures[static_cast<std::size_t>(i)], -bonus);
      }
    } else {
      (void)node, (void)loop, (void)capture;
    }
  }

  // A move's piece-to slot, where the continuation histories keep it (0
  // elsewhere). Asked before the move is played.
  std::size_t piece_to_slot(Move move) const {
    if constexpr (kContinuation) {
      const std::size_t piece_to = position_.piece_to_slot(move);
      assert(piece_to < G::kPieceToSlots);
      return piece_to;
    } else {
      (void)move;
      return 0;
    }
  }

  // What the child's ply keeps of the move into it (SearchStack).
  void enter_move(int ply, std::size_t slot, std::size_t piece_to) {
    PlyState& child = stack_[ply + 1];
    child.move_into = static_cast<std::uint32_t>(slot) + 1u;
    if constexpr (kContinuation) child.piece_to_into = static_cast<std::uint32_t>(piece_to) + 1u;
    (void)piece_to;
  }

  // A quiet move's history by the ordering of its node.
  int quiet_history(const SelectiveOrdering& ordering, std::size_t slot,
                    std::size_t piece_to) const {
    if constexpr (kContinuation) {
      return ordering.value(slot, piece_to);
    } else {
      (void)piece_to;
      return ordering.history != nullptr ? ordering.history->value(ordering.side, slot) : 0;
    }
  }

  // The child's value: the eldest brother with the node's window, the others
  // with a null window first, reduced by `reduction` plies first where the
  // selective search says so; a singular move `extension` plies deeper.
  template <NodeType kNode>
  Score search_child_window(const SearchNode<kNode>& node, const Loop& loop, int reduction,
                            int extension) {
    const int depth = node.depth - 1 + extension;
    const int ply = node.ply + 1;
    if (loop.first) {
      return -negamax<eldest_child_type(kNode)>(depth, ply, -node.beta, -loop.alpha);
    }
    Score score = -kInfinity;
    if (reduction > 0) {
      score = -negamax<kYoungerChildType>(depth - reduction, ply, -loop.alpha - 1, -loop.alpha);
      if (tally_.aborted() || team_.unwinding_to(node.ply) || score <= loop.alpha) return score;
    }
    score = -negamax<kYoungerChildType>(depth, ply, -loop.alpha - 1, -loop.alpha);
    if constexpr (kNode == NodeType::kPv) {
      // No node on the principal line is ever settled by another thread
      // (settles_ancestor() passes over principal frames), so only an
      // abort can have cut the null-window search short.
      assert(!team_.unwinding_to(node.ply));
      if (!tally_.aborted() && score > loop.alpha && score < node.beta) {
        score = -negamax<NodeType::kPv>(depth, ply, -node.beta, -loop.alpha);
      }
    }
    return score;
  }

  // What a cut-off teaches the ordering: the killer of the ply and the
  // history. The selective search keeps them for quiet moves only, and also
  // takes the history of the quiet moves that failed before it down, and
  // records the move as the counter to the opponent's last.
  template <NodeType kNode>
  void record_cutoff(const SearchNode<kNode>& node, const Loop& loop, std::uint16_t bits,
                     std::size_t slot, std::size_t piece_to, bool quiet) {
    assert(0 <= loop.quiet_count && loop.quiet_count <= static_cast<int>(loop.quiets.size()));
    if constexpr (!kSelective) {
      memory_.killers.record(node.ply, bits);
      memory_.history.reward(slot, node.depth);
      return;
    }
    if (!quiet) return;
    memory_.killers.record(node.ply, bits);
    const int side = position_.side_to_move();
    const int bonus = QuietHistory::bonus_for(node.depth);
    memory_.quiet.update(side, slot, bonus);
    update_continuation(node.ply, piece_to, bonus);
    for (int i = 0; i < loop.quiet_count; ++i) {
      const auto tried = static_cast<std::size_t>(i);
      memory_.quiet.update(side, loop.quiets[tried], -bonus);
      if constexpr (kContinuation)
        update_continuation(node.ply, loop.quiet_piece_tos[tried], -bonus);
    }
    if (const std::uint32_t previous = stack_[node.ply].move_into; previous != 0) {
      memory_.quiet.set_counter(previous - 1, bits);
    }
  }

  // The continuation histories of a quiet move at `ply` after the moves one
  // and two plies back (where there were such moves).
  void update_continuation(int ply, std::size_t piece_to, int bonus) {
    if constexpr (kContinuation) {
      for (int back = 0; back < 2 && ply - back >= 0; ++back) {
        const std::uint32_t previous = stack_[ply - back].piece_to_into;
        if (previous != 0) memory_.continuation[back].update(previous - 1, piece_to, bonus);
      }
    } else {
      (void)ply, (void)piece_to, (void)bonus;
    }
  }

  SelectiveOrdering selective_ordering(int ply) const {
    if constexpr (!kSelective) return {};
    SelectiveOrdering ordering{&memory_.quiet, position_.side_to_move(), std::nullopt};
    if (const std::uint32_t previous = stack_[ply].move_into; previous != 0) {
      ordering.counter = memory_.quiet.counter(previous - 1);
    }
    if constexpr (kContinuation) {
      for (int back = 0; back < 2 && ply - back >= 0; ++back) {
        const std::uint32_t previous = stack_[ply - back].piece_to_into;
        if (previous != 0)
          ordering.continuation[back] = memory_.continuation[back].row(previous - 1);
      }
    }
    if constexpr (kCaptureHistory) ordering.captures = &memory_.captures;
    return ordering;
  }

  // --- The selective search's own searches ---------------------------------

  // Before the moves: a node whose static value is far above beta returns it
  // (reverse futility), one far below alpha near the horizon is asked of the
  // quiescence search (razoring), and one where passing the turn still fails
  // high returns that (null move). Off the principal line and out of check.
  template <NodeType kNode>
  std::optional<Score> prune_before_moves(const SearchNode<kNode>& node) requires kSelective {
    static_assert(kNode != NodeType::kPv);
    assert(!node.in_check && node.static_eval > -kInfinity);
    if (is_decisive(node.beta)) return std::nullopt;
    if (Rules::beats_beta_by_far(node)) return node.static_eval;
    if (Rules::may_razor(node)) {
      Score value = 0;
      {
        // The quiescence search runs at the node's own ply.
        const SamePlyResearch research(stack_[node.ply]);
        value = quiescence(node.ply, node.alpha, node.alpha + 1);
      }
      if (tally_.aborted() || team_.unwinding_to(node.ply)) return unwound(node.ply);
      if (value <= node.alpha) return value;
    }
    if constexpr (HasNullMove<G>) {
      if (Rules::may_pass(node) && !stack_[node.ply].null_move_into && !verifying_null_ &&
          position_.has_non_pawn_material()) {
        return null_move(node);
      }
    }
    return std::nullopt;
  }

  // ProbCut: a capture that wins enough in the exchange to lift the static
  // value past beta + margin is tried first by the quiescence search and
  // then by a search `probcut_reduction` plies shallower, both against that
  // raised bound. If both hold, a full-depth search would almost surely
  // fail high at beta: the node does, with the shallower search's value,
  // left in the table as a lower bound at the depth it was searched to
  // (one more than its reply's).
  template <NodeType kNode>
  std::optional<Score> probcut(const SearchNode<kNode>& node,
                               const std::optional<TableEntry>& entry) requires kSelective {
    static_assert(kNode != NodeType::kPv);
    const Score table_value = entry ? score_from_table(entry->score, node.ply) : Score{0};
    const auto raised = Rules::probcut_beta(node, entry, table_value);
    if (!raised) return std::nullopt;
    const int depth = Rules::probcut_depth(node.depth);
    assert(depth > 0 && *raised > node.beta && !is_decisive(*raised));
    MoveList<Move> captures;
    position_.noisy_moves(captures);
    MovePicker<G> picker(position_, captures, std::nullopt, node.ply, memory_.killers,
                         memory_.history, selective_ordering(node.ply),
                         MovePicker<G>::LosingCaptures::kDropped);
    while (const auto next = picker.next()) {
      const Move move = *next;
      if (!position_.see_ge(move, *raised - node.static_eval)) continue;
      const std::size_t piece_to = piece_to_slot(move);
      position_.play(move);
      tally_.count();
      enter_move(node.ply, history_slot<G>(move), piece_to);
      Score value = -quiescence(node.ply + 1, -*raised, -*raised + 1);
      if (value >= *raised && !tally_.aborted() && !team_.unwinding_to(node.ply)) {
        value = -negamax<eldest_child_type(kNode)>(depth, node.ply + 1, -*raised, -*raised + 1);
      }
      position_.undo(move);
      assert(position_.key() == node.key);
      if (tally_.aborted() || team_.unwinding_to(node.ply)) return unwound(node.ply);
      if (value >= *raised) {
        assert_own_frame(node);
        table_.store(node.key, TableEntry{score_to_table(value, node.ply), depth + 1,
                                          Bound::kLower, move_bits<G>(move)});
        return value;
      }
    }
    return std::nullopt;
  }

  // The side to move passes and the opponent, to move twice, searches at a
  // reduced depth; if it still cannot get below beta the node fails high,
  // verified by a search of the node itself where the depth is large.
  template <NodeType kNode>
  std::optional<Score> null_move(const SearchNode<kNode>& node) requires HasNullMove<G> {
    const int reduction = Rules::null_reduction(node.depth);
    assert(reduction > 0 && !verifying_null_);
    position_.play_null();
    stack_[node.ply + 1].null_move_into = true;
    stack_[node.ply + 1].move_into = 0;
    stack_[node.ply + 1].piece_to_into = 0;
    tally_.count();
    Score score = -negamax<NodeType::kAll>(node.depth - 1 - reduction, node.ply + 1, -node.beta,
                                           -node.beta + 1);
    stack_[node.ply + 1].null_move_into = false;
    position_.undo_null();
    assert(position_.key() == node.key);
    if (tally_.aborted() || team_.unwinding_to(node.ply)) return unwound(node.ply);
    if (score < node.beta) return std::nullopt;
    // A mate found after passing is no mate: the side to move could have moved.
    if (is_decisive(score)) score = node.beta;
    if (!Rules::verifies_pass(node.depth)) return score;
    // The verification and everything below it search without null moves.
    verifying_null_ = true;
    Score verified = 0;
    {
      const SamePlyResearch research(stack_[node.ply]);
      verified =
          negamax<NodeType::kCut>(node.depth - reduction, node.ply, node.beta - 1, node.beta);
    }
    assert(verifying_null_);
    verifying_null_ = false;
    if (tally_.aborted() || team_.unwinding_to(node.ply)) return unwound(node.ply);
    if (verified >= node.beta) return score;
    return std::nullopt;
  }

  // Singular extension: is the table's move the only good one? The node is
  // searched again at about half its depth without that move, against a
  // bound a little below the table's value for it. If no other move reaches
  // the bound, the table's move is searched one ply deeper (the ply's
  // `extended`); if the others beat even the node's beta, so would the node:
  // it fails high at once (the multi-cut; off the principal line, which must
  // keep its line). The table's value for the move is a lower bound or exact
  // (Rules::tests_singular), so a move that falls well short of it is worse
  // than the table's move, not merely unsearched. The exclusion search runs
  // at the node's own ply, inside a SamePlyResearch.
  template <NodeType kNode>
  std::optional<Score> singular_extension(const SearchNode<kNode>& node,
                                          const TableEntry& entry) requires kSelective {
    assert(entry.move && !stack_[node.ply].excluded && !stack_[node.ply].extended);
    const Score table_value = score_from_table(entry.score, node.ply);
    if (is_decisive(table_value)) return std::nullopt;
    const Score bound = std::max(Rules::singular_beta(table_value, node.depth), -kInfinity + 1);
    Score value = 0;
    {
      const SamePlyResearch research(stack_[node.ply]);
      stack_[node.ply].excluded = entry.move;
      value = negamax<NodeType::kCut, NodeScope::kExcluding>(Rules::singular_depth(node.depth),
                                                             node.ply, bound - 1, bound);
    }
    stack_[node.ply].pv_length = 0;
    // Another thread may have settled a node above this one meanwhile (never
    // this one: its exclusion frame is not settleable).
    assert(!team_.unwinding_to(node.ply) || team_.unwinding_through(node.ply));
    if (tally_.aborted() || team_.unwinding_through(node.ply)) return std::nullopt;
    if (value < bound) {
      stack_[node.ply].extended = entry.move;
    } else if (!node.kPv && bound >= node.beta) {
      return bound;
    }
    return std::nullopt;
  }

  // The value at the horizon, once the exchanges are over: the side to move
  // may stand pat on its static value or try its noisy moves (captures that
  // do not lose material, promotions); in check it must answer the check.
  Score quiescence(int ply, Score alpha, Score beta) requires kSelective {
    assert(alpha < beta && score_holds(alpha) && score_holds(beta) && 0 <= ply && ply <= kMaxPly);
    this->enter_node(ply);
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
      // Standing pat on the static value as the table refines it (the
      // entries that would settle the node have already cut it off).
      best = refined_by_table(standing_value(), entry, ply);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
      position_.noisy_moves(moves);
    }
    std::optional<std::uint16_t> table_move;
    if (entry && entry->move) table_move = *entry->move;
    std::optional<Move> best_move;
    // Out of check, captures that lose material are not tried at all, but
    // for the table move: a deeper search found it best here.
    MovePicker<G> picker(
        position_, moves, table_move, ply, memory_.killers, memory_.history,
        selective_ordering(ply),
        in_check ? MovePicker<G>::LosingCaptures::kLast : MovePicker<G>::LosingCaptures::kDropped);
    while (const auto next = picker.next()) {
      const Move move = *next;
      assert(in_check || picker.last_was_table_move() || !position_.is_capture(move) ||
             position_.see_ge(move, 0));
      const std::size_t piece_to = piece_to_slot(move);
      position_.play(move);
      tally_.count();
      enter_move(ply, history_slot<G>(move), piece_to);
      const Score score = -quiescence(ply + 1, -beta, -alpha);
      position_.undo(move);
      assert(position_.key() == key);
      if (tally_.aborted() || team_.unwinding_to(ply)) return 0;
      if (score <= best) continue;
      best = score;
      best_move = move;
      if (score <= alpha) continue;
      alpha = score;
      if (score >= beta) break;
    }
    assert(score_holds(best) && best > -kInfinity);
    const Bound bound = bound_of(best, original_alpha, beta);
    table_.store(key, TableEntry{score_to_table(best, ply), 0, bound,
                                 best_move && bound != Bound::kUpper
                                     ? std::optional{move_bits<G>(*best_move)}
                                     : std::nullopt});
    return best;
  }

  // The quiescence search's value of standing pat: the static value,
  // corrected as the nodes above see it.
  Score standing_value() const requires kSelective {
    const Score raw = position_.evaluate();
    if constexpr (kCorrection) {
      return memory_.correction.corrected(raw, position_.side_to_move(),
                                          position_.correction_key());
    } else {
      return raw;
    }
  }

  // What a node returns when a search below it was cut short: nothing of use
  // when aborted, the table's score when another thread settled it.
  std::optional<Score> unwound(int ply) {
    if (!tally_.aborted()) {
      if (const auto settled = team_.take_settled(ply)) return *settled;
    }
    return Score{0};
  }

  G position_;
  TranspositionTable& table_;
  std::unique_ptr<OrderingMemory> own_memory_;  // when no memory was given
  OrderingMemory& memory_;                      // own_memory_ or the caller's
  [[no_unique_address]] Team team_;
  // Inside a null move's verification search: no null moves below it.
  bool verifying_null_ = false;
  int root_depth_ = 0;
  std::uint64_t root_search_nodes_ = 0;  // nodes() when the current root search began
};

}  // namespace brudno::engine
