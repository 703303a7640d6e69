#pragma once
// One thread's search: negamax with principal-variation (null-window)
// search, the shared transposition table, and move ordering by a short
// look-ahead. It owns its own copy of the position and plays and undoes
// moves on it.
//
// Contract: search_root(depth, alpha, beta) returns the root's fail-soft
// value within (alpha, beta) (see search_node.hpp), meaningless once
// aborted(); principal_variation() is the line of the last root search that
// ended inside its window. The node's type is a template parameter
// (SearchNode), so each of kPv, kCut and kAll is compiled with only what it
// does.
//
// The class is in three files: this one, the node (negamax) and what it
// asks before its moves; search_worker_moves.hpp, the node's moves and the
// move loop;
// search_worker_selective.hpp, the selective search's null move and
// quiescence (games with HasSelectiveSearch, by the rules of
// selective_rules.hpp). A worker searches alone or as one of a team that
// shares the tree (kTeam, see ParallelSearch): the team's steps are a policy
// (team_policy.hpp) that compiles to nothing in a lone worker.

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "engine/abort_policy.hpp"
#include "engine/busy_table.hpp"
#include "engine/game.hpp"
#include "engine/move_ordering.hpp"
#include "engine/node_bounds.hpp"
#include "engine/ordering_memory.hpp"
#include "engine/search_node.hpp"
#include "engine/search_stack.hpp"
#include "engine/searchers.hpp"
#include "engine/selective_rules.hpp"
#include "engine/team_policy.hpp"
#include "engine/terminal.hpp"
#include "engine/transposition_table.hpp"
#include "engine/worker_parts.hpp"

namespace brudno::engine {

// kTeam is false and kWidth the selective search by default (searchers.hpp).
template <Game G, bool kTeam, Width kWidth>
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
        tally_(abort),
        own_memory_(memory == nullptr ? std::make_unique<OrderingMemory>(history_slots<G>())
                                      : nullptr),
        memory_(memory == nullptr ? *own_memory_ : *memory) {
    assert(memory_.slots() == history_slots<G>());
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
    const Score value = search_root_node(depth, alpha, beta);
    assert(tally_.aborted() || score_holds(value));
    assert(tally_.aborted() || line_is_legal(position_, stack_.line(0)));
    return value;
  }

 private:
  Score search_root_node(int depth, Score alpha, Score beta) {
    // The root is taken for a cut-node when its window is null. Where it is
    // an all-node the threads then search its first move together and share
    // out the moves below, which costs little, whereas an all-node guess at a
    // cut-node root sends a thread into a move the first one likely refutes.
    // A root cut down to `go searchmoves` is a node of its own kind (see
    // negamax's kRestrictedRoot).
    if (!root_moves_.empty()) return negamax<NodeType::kPv, true>(depth, 0, alpha, beta);
    return negamax<NodeType::kPv>(depth, 0, alpha, beta);
  }

 public:
  void reset_seldepth() { seldepth_ = 0; }
  // Moves the worker to another root; what it learnt about ordering stays.
  void set_root(const G& root) {
    position_ = root;
    tally_.resume();
  }
  void report_root_moves(RootMoveCallback callback) { on_root_move_ = std::move(callback); }
  // Restricts the root to these moves (UCI `go searchmoves`); empty: all moves.
  void restrict_root(const std::vector<Move>& moves) {
    root_moves_.assign(moves.begin(), moves.end());
  }

  // A flag raised when another thread's result makes this worker's search
  // pointless (another worker answered first). The worker then gives up like
  // an abort, but resume() lets it take the next search.
  void watch_cutoff(const std::atomic<bool>* cutoff) requires kTeam { team_.watch_cutoff(cutoff); }
  void resume() { tally_.resume(); }

  // Shares with other workers which positions are being searched, so that
  // each puts off the moves another is already inside (see BusyTable).
  void share_busy(BusyTable* busy) requires kTeam { team_.share_busy(busy); }

  [[nodiscard]] bool aborted() const { return tally_.aborted(); }
  [[nodiscard]] std::uint64_t nodes() const { return tally_.nodes(); }
  // See TeamWorker::settled_ancestors().
  [[nodiscard]] std::uint64_t settled_ancestors() const requires kTeam {
    return team_.settled_ancestors();
  }
  [[nodiscard]] int seldepth() const { return seldepth_; }
  // The principal line of the last root search that ended inside its window.
  [[nodiscard]] std::vector<Move> principal_variation() const { return stack_.line(0); }

 private:
  using Team = std::conditional_t<kTeam, TeamWorker, LoneWorker>;
  static_assert(kTeam || std::is_empty_v<Team>, "a lone worker carries nothing of a team");
  using Loop = MoveLoop<G>;
  using Rules = SelectiveRules<G>;
  // The game's own search, or the oracle's full width (Width).
  static constexpr bool kSelective = kWidth == Width::kSelective;
  // The selective search orders quiet moves by its own history and counter
  // moves; the full-width search by the plain history table.
  static constexpr bool kSelectiveGame = HasSelectiveSearch<G> && kSelective;

  static constexpr int kLookAheadMinDepth = 4;
  static constexpr int kLookAheadReduction = 2;
  // Enhanced transposition cut-offs (below) cost a look at every child's
  // table line, which pays only in large searches far from the leaves
  // (docs/benchmarks.md has the measurements), so they start once a root
  // search is this deep and has taken this many nodes.
  static constexpr int kEtcMinDepth = 20;
  static constexpr std::uint64_t kEtcAfterNodes = 100'000;
  // Singular extensions search the node again without one move, at the
  // node's own ply: a lone worker's search, where no other thread takes the
  // node for the position's.
  static constexpr bool kSingularExtensions = HasSelectiveSearch<G> && !kTeam;
  // Each node's frame (SearchStack) is written where something reads it: a
  // team's settles_ancestor(), and the assertions of a debug build. A lone
  // worker's release build skips the stores.
#ifdef NDEBUG
  static constexpr bool kKeepsFrames = kTeam;
#else
  static constexpr bool kKeepsFrames = true;
#endif

  // kRestrictedRoot: the root cut down to `go searchmoves`. Its value is
  // that of some moves only, not the position's: it neither takes nor
  // leaves anything in the table, and prunes nothing before its moves.
  template <NodeType kNode, bool kRestrictedRoot = false>
  Score negamax(int depth, int ply, Score alpha, Score beta) {
    // A null window has no principal line to keep: the node may use the table.
    if constexpr (kNode == NodeType::kPv) {
      if (beta - alpha <= 1) {
        return negamax<NodeType::kCut, kRestrictedRoot>(depth, ply, alpha, beta);
      }
    }
    constexpr bool kPv = kNode == NodeType::kPv;
    constexpr bool restricted = kRestrictedRoot;
    assert(node_window_holds(kNode, ply, alpha, beta));
    assert(!kRestrictedRoot || (ply == 0 && !root_moves_.empty()));
    // Each ply takes one from the depth and an extension gives back at most
    // one (a check, a singular move): never deeper than the root's depth
    // plus the ply's.
    assert(depth <= root_depth_ + ply + 1);
    stack_[ply].pv_length = 0;
    seldepth_ = std::max(seldepth_, ply);
    if (must_give_up()) return 0;
    if (team_.settles_ancestor(tally_.calls(), ply, table_, stack_)) return 0;

    bool in_check = false;
    if constexpr (HasRuleStatus<G>) {
      if (const auto over = game_over_by_rule(ply, alpha, beta)) return *over;
      in_check = position_.in_check();
      // Check extension: a check is searched one ply deeper, so that the
      // horizon never falls between a check and its answer.
      if (kSelective && in_check) ++depth;
    } else {
      const Status status = position_.status();
      if (status != Status::kOngoing) return terminal_score(status, ply);
    }
    if (depth <= 0 || ply >= kMaxPly) return horizon_value(ply, alpha, beta);
    assert(alpha < beta);  // the narrowed window is still open

    if constexpr (!restricted) {
      if (const auto decided = bound_by_horizon<kNode>(position_, ply, alpha, beta)) {
        return *decided;
      }
    }
    assert(alpha < beta);

    SearchNode<kNode> node{depth, ply, alpha, beta, position_.key(), in_check};
    // A singular extension's search of this node without its table move
    // (see singular_extension()): its value is not the position's, so it
    // neither takes nor leaves anything in the table, and prunes nothing
    // before its moves.
    const bool excluding = stack_[ply].excluded.has_value();
    const std::optional<TableEntry> entry = table_.probe(node.key);
    if constexpr (!kPv) {
      if (entry && !restricted && !excluding) {
        if (const auto score = table_cutoff(*entry, ply, depth, alpha, beta)) return *score;
      }
    }
    if constexpr (kKeepsFrames) stack_[ply].frame = NodeFrame{node.key, depth, alpha, beta, kPv};
    if constexpr (HasSelectiveSearch<G> && !kPv) {
      if (kSelective && !in_check && !restricted) {
        node.static_eval = position_.evaluate();
        if (!excluding) {
          if (const auto pruned = prune_before_moves(node)) return *pruned;
        }
      }
    }

    MoveList<Move> moves;
    position_.legal_moves(moves);
    if (moves.empty()) return no_moves_value(ply, in_check);
    assert(!entry || table_move_is_legal<G>(moves, entry->move));
    if constexpr (restricted) {
      keep_root_moves(moves, root_moves_);
    } else if constexpr (HasForcedMoves<G>) {
      position_.keep_forced_moves(moves);
    }
    if (excluding) {
      leave_out(moves, *stack_[ply].excluded);
      // The left-out move was the only one: no other reaches the bound.
      if (moves.empty()) return alpha;
    }
    const bool share = team_.shares(ply, depth, moves.size());
    // A team also readies the children's busy-table slots, which the
    // table's traffic keeps evicting.
    prefetch_children(position_, moves, table_, [&](std::uint64_t key) {
      if (share) team_.prefetch_claim(key);
    });

    if constexpr (!kPv) {
      if (!restricted && !excluding) {
        if (const auto score = transposition_cutoff(node, moves)) return *score;
      }
    }

    std::optional<std::uint16_t> table_move;
    if (entry && entry->move && !excluding) table_move = *entry->move;
    if constexpr (kPv) {
      if (!table_move && depth >= kLookAheadMinDepth && moves.size() > 1) {
        table_move = look_ahead<kRestrictedRoot>(node);
        if (tally_.aborted() || team_.unwinding_through(ply)) return 0;
      }
    }

    if constexpr (kSingularExtensions) {
      if (kSelective && entry && table_move && !excluding && !restricted && ply > 0 &&
          ply < 2 * root_depth_ && Rules::tests_singular(depth, *entry)) {
        if (const auto cut = singular_extension(node, *entry)) return *cut;
        if (tally_.aborted()) return 0;
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
    // A restricted root's value is that of some moves only, an excluding
    // search's that of all but one: not the position's.
    if (!restricted && !excluding) store(node, loop);
    return loop.best;
  }

  // The end of the game by its rules, for games that tell the draw rules
  // apart from mate (HasRuleStatus): a draw, or a window closed by the
  // distance to mate. The oracle's full width (Width::kFull) asks the game's
  // complete status instead, as plain minimax does.
  std::optional<Score> game_over_by_rule(int ply, Score& alpha,
                                         Score& beta) requires HasRuleStatus<G> {
    if constexpr (!kSelective) {
      const Status status = position_.status();
      if (status != Status::kOngoing) return terminal_score(status, ply);
      return std::nullopt;
    }
    if (ply > 0 && position_.is_draw(ply)) return Score{0};
    return bound_by_mate_distance(ply, alpha, beta);
  }

  // The value at the horizon: the quiescence search's where the game has one.
  Score horizon_value(int ply, Score alpha, Score beta) {
    if constexpr (HasSelectiveSearch<G>) {
      if (kSelective && ply < kMaxPly) return quiescence(ply, alpha, beta);
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

  // Ordering by a short look-ahead: with no table move to try first, a
  // shallower search of this node finds one and leaves it in the table. Only
  // on the principal line, where a wrong first move costs a full re-search;
  // elsewhere the game's hints, killers and history are cheaper.
  template <bool kRestrictedRoot>
  std::optional<std::uint16_t> look_ahead(const SearchNode<NodeType::kPv>& node) {
    {
      const SamePlyResearch research(stack_[node.ply]);
      negamax<NodeType::kPv, kRestrictedRoot>(node.depth - kLookAheadReduction, node.ply,
                                              node.alpha, node.beta);
    }
    stack_[node.ply].pv_length = 0;
    if (tally_.aborted() || team_.unwinding_through(node.ply)) return std::nullopt;
    const auto refreshed = table_.probe(node.key);
    return refreshed ? refreshed->move : std::nullopt;
  }

  // Leaves the node's result in the table for later searches: a bound with
  // respect to the window the node searched with.
  template <NodeType kNode>
  void store(const SearchNode<kNode>& node, const Loop& loop) {
    assert_own_frame(node);
    assert(node.depth > 0 && score_holds(loop.best) && loop.best > -kInfinity);
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

  // The frame a team's settles_ancestor() judges a node by is the node's
  // own, not that of a shallower search of the same ply (SamePlyResearch).
  template <NodeType kNode>
  void assert_own_frame(const SearchNode<kNode>& node) const {
    assert((stack_[node.ply].frame ==
            NodeFrame{node.key, node.depth, node.alpha, node.beta, node.kPv}));
    (void)node;
  }

  // --- The node's moves (search_worker_moves.hpp) -------------------------

  static void leave_out(MoveList<Move>& moves, std::uint16_t bits);
  template <NodeType kNode>
  std::optional<Score> transposition_cutoff(const SearchNode<kNode>& node,
                                            const MoveList<Move>& moves);

  // What became of one child: kDone when the node is done (a cut-off, an
  // abort, or an ancestor settled by another thread), kPutOff when another
  // thread is inside it and it may wait.
  enum class Step { kNext, kDone, kPutOff };

  // Inlined into negamax, as the loop was before it had a name: called
  // apart, Connect Four's solver ran 5-7% slower at the same node counts.
  template <NodeType kNode>
  [[gnu::always_inline]] Loop search_moves(const SearchNode<kNode>& node, MoveList<Move>& moves,
                                           std::optional<std::uint16_t> table_move, bool share);
  template <NodeType kNode>
  Step search_child(const SearchNode<kNode>& node, Move move, bool may_put_off, Loop& loop);
  template <NodeType kNode>
  Score search_child_window(const SearchNode<kNode>& node, const Loop& loop, int reduction,
                            int extension);
  template <NodeType kNode>
  void record_cutoff(const SearchNode<kNode>& node, const Loop& loop, std::uint16_t bits,
                     std::size_t slot, bool quiet);
  QuietOrdering quiet_ordering(int ply) const;

  // --- The selective search (search_worker_selective.hpp) ----------------

  template <NodeType kNode>
  std::optional<Score> prune_before_moves(const SearchNode<kNode>& node) requires
      HasSelectiveSearch<G>;
  template <NodeType kNode>
  std::optional<Score> null_move(const SearchNode<kNode>& node) requires HasNullMove<G>;
  Score quiescence(int ply, Score alpha, Score beta) requires HasSelectiveSearch<G>;
  template <NodeType kNode>
  std::optional<Score> singular_extension(const SearchNode<kNode>& node,
                                          const TableEntry& entry) requires HasSelectiveSearch<G>;
  std::optional<Score> unwound(int ply);

  G position_;
  TranspositionTable& table_;
  NodeTally tally_;                             // nodes, node limit, stop polling
  std::unique_ptr<OrderingMemory> own_memory_;  // when no memory was given
  OrderingMemory& memory_;                      // own_memory_ or the caller's
  [[no_unique_address]] Team team_;
  bool verifying_null_ = false;
  int root_depth_ = 0;
  std::vector<Move> root_moves_;  // searchmoves; empty: every move
  RootMoveCallback on_root_move_;
  std::uint64_t root_search_nodes_ = 0;  // nodes() when the current root search began
  int seldepth_ = 0;
  // Everything the search keeps by ply: frames, moves into each ply, the
  // singular extension's moves, the principal lines (see SearchStack).
  SearchStack<Move> stack_;
};

}  // namespace brudno::engine

#include "engine/search_worker_moves.hpp"      // IWYU pragma: export
#include "engine/search_worker_selective.hpp"  // IWYU pragma: export
