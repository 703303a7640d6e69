#pragma once
// One thread's search of a game with chance nodes (HasChance): expectiminimax
// with alpha-beta at the decision nodes and Ballard's Star1 and Star2 pruning
// at the chance nodes (B. W. Ballard, "The *-minimax search procedure for
// trees containing chance nodes", Artificial Intelligence 21, 1983; the
// probing phase as in Hauk, Buro and Schaeffer, "*-Minimax performance in
// backgammon", 2004).
//
// Every value is an integer and every average exact (see expectiminimax.hpp),
// and the search is fail-hard: searched within (alpha, beta) it returns alpha
// when the value is at most alpha, beta when it is at least beta, and the
// exact value inside. That is what lets the tests demand equality with plain
// expectiminimax on thousands of trees.
//
// Star1: a chance node with children of total weight W, of which those
// searched so far sum to S (weight times value), and whose unsearched
// children are known to lie within [lo_j, hi_j], has a value of at most
// alpha as soon as S + sum(w_j hi_j) <= (alpha + 1) W - 1, and at least beta
// as soon as S + sum(w_j lo_j) >= beta W (the value is floor(total / W)).
// Each child is searched with the window that decides exactly that.
// Star2 first probes each child that is a decision node with one of its
// moves: a move's value bounds its node from one side (below, for a child
// whose side to move is the chance node's; above otherwise), which may cut
// the chance node before any child is searched in full, and otherwise
// narrows the windows Star1 gives.

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/expectiminimax.hpp"
#include "engine/game.hpp"
#include "engine/node_bounds.hpp"
#include "engine/root_state.hpp"
#include "engine/search_stack.hpp"
#include "engine/searchers.hpp"
#include "engine/stop_conditions.hpp"
#include "engine/transposition_table.hpp"
#include "engine/worker_parts.hpp"

namespace brudno::engine {

template <HasChance G>
class ChanceWorker : public RootState<G> {
  using Base = RootState<G>;
  using Base::seldepth_;
  using Base::stack_;
  using Base::tally_;

 public:
  using Move = typename G::Move;

  // `table` may be null: the search then keeps no table (the tests compare
  // it with and without one).
  ChanceWorker(const G& root, TranspositionTable* table, const StopConditions& abort,
               ChancePruning pruning = ChancePruning::kStar2)
      : Base(abort), position_(root), table_(table), pruning_(pruning) {}

  // Fail-hard within (alpha, beta); meaningless once aborted() is true.
  Score search_root(int depth, Score alpha, Score beta) {
    assert(alpha < beta && depth >= 0);
    seldepth_ = 0;
    const Score value = search(depth, 0, alpha, beta, 1.0);
    assert(tally_.aborted() || (alpha <= value && value <= beta));
    assert(tally_.aborted() || line_is_legal(position_, stack_.line(0)));
    return value;
  }

  // A node reached with a probability below `cutoff` (the product of the
  // chance weights on its path over their totals) is valued at once by
  // evaluate(), as if it were at the horizon. 0, the default, is exact
  // expectiminimax; values then no longer depend on it at all. The
  // probability is a double because it only chooses where to stop, never
  // enters a value.
  void set_probability_cutoff(double cutoff) {
    assert(cutoff >= 0.0);
    probability_cutoff_ = cutoff;
  }
  // principal_variation(): the decision moves of the last root search up to
  // the first chance node; beyond it the line depends on the dice.

 private:
  // The values lie within the heuristic range: the table keeps them as
  // they are (no distance to a mate to adjust), and table_cutoff() reads them so.
  static_assert(-kMaxHeuristic <= G::kMinValue && G::kMaxValue <= kMaxHeuristic);
  // The key of a node that keeps no table entry: a restricted root (its
  // value is that of some moves only) or a node cheaper to search than to
  // look up. A real key of 0 is merely not stored.
  static constexpr std::uint64_t kNoKey = 0;

  // A chance node's outcome with its weight (its probability is the weight
  // over the node's total).
  struct WeightedOutcome {
    Move move;
    std::int64_t weight;
  };
  using Outcomes = std::array<WeightedOutcome, kMaxMoves>;
  using Bounds = std::array<std::int64_t, kMaxMoves>;

  // The value of the node just played into, for the side `parent_side`,
  // searched within (alpha, beta) as that side counts it.
  Score child_value(int parent_side, int depth, int ply, Score alpha, Score beta,
                    double probability) {
    if (position_.side_to_move() == parent_side) {
      return search(depth, ply, alpha, beta, probability);
    }
    return -search(depth, ply, -beta, -alpha, probability);
  }

  Score search(int depth, int ply, Score alpha, Score beta, double probability) {
    assert(alpha < beta && 0 <= ply && ply < kMaxPly);
    this->enter_node(ply);
    tally_.count();
    if (tally_.must_give_up()) return 0;
    if (position_.status() != Status::kOngoing || depth <= 0 || ply >= kMaxPly - 2 ||
        probability < probability_cutoff_) {
      return leaf_value(alpha, beta);
    }
    const bool restricted = ply == 0 && this->restricted_root();
    // A decision node one ply above the horizon costs a few evaluations,
    // less than the cache miss of a table probe: it keeps no entry.
    const bool chance = position_.is_chance_node();
    const bool tabled = table_ != nullptr && (chance || depth > 1);
    const std::uint64_t key = tabled && !restricted ? position_.key() : kNoKey;
    std::optional<TableEntry> entry;
    if (tabled) entry = table_->probe(position_.key());
    // Never at the root: a cut there would leave no move to play (a table
    // kept over the moves of a game knows the root from the last search).
    if (entry && ply > 0) {
      // Fail-hard: the table's fail-soft answer clamped to the window.
      if (const auto score = table_cutoff(*entry, ply, depth, alpha, beta)) {
        return std::clamp(*score, alpha, beta);
      }
    }
    MoveList<Move> moves;
    position_.legal_moves(moves);
    if (moves.empty()) return leaf_value(alpha, beta);
    if (chance) return chance_node(moves, depth, ply, alpha, beta, probability, key);
    if (restricted) keep_root_moves(moves, this->root_moves_);
    return decision_node(moves, depth, ply, alpha, beta, probability, key, entry);
  }

  // Alpha-beta over the moves, the table's move first.
  Score decision_node(MoveList<Move>& moves, int depth, int ply, Score alpha, Score beta,
                      double probability, std::uint64_t key,
                      const std::optional<TableEntry>& entry) {
    if (entry) table_move_first<G>(moves, entry->move);
    const int side = position_.side_to_move();
    const Score original_alpha = alpha;
    std::optional<Move> best_move;
    int number = 0;
    for (const Move move : moves) {
      if (ply == 0) this->announce_root_move(move, ++number);
      [[maybe_unused]] const std::uint64_t key_before = position_.key();
      position_.play(move);
      const Score value = child_value(side, depth - 1, ply + 1, alpha, beta, probability);
      position_.undo(move);
      assert(position_.key() == key_before);
      if (tally_.aborted()) return 0;
      assert(alpha <= value && value <= beta);  // fail-hard
      if (value >= beta) {
        store(key, depth, beta, Bound::kLower, move);
        return beta;
      }
      if (value > alpha || !best_move) {
        if (value > alpha) alpha = value;
        best_move = move;
        stack_.update_pv(ply, move);
      }
    }
    const bool exact = alpha > original_alpha;
    if (!exact && ply > 0) stack_[ply].pv_length = 0;
    store(key, depth, alpha, exact ? Bound::kExact : Bound::kUpper,
          exact ? best_move : std::nullopt);
    return alpha;
  }

  // A leaf's value: the game promises it lies within its bounds (HasChance),
  // which Star1 and Star2 rely on to cut.
  Score leaf_value(Score alpha, Score beta) const {
    const auto value = static_cast<Score>(position_.evaluate());
    assert(min_value_for<G>(position_.side_to_move()) <= value &&
           value <= max_value_for<G>(position_.side_to_move()));
    return std::clamp(value, alpha, beta);
  }

  // The outcomes of a chance node with their weights, the likeliest first:
  // they move the average most, so they decide a cut soonest. An outcome of
  // weight 0 cannot happen and counts for nothing: it is left out (its
  // share of a cut would divide by its weight). Returns their count and
  // sets `total` to the sum of their weights, which the game keeps positive.
  std::size_t weigh_outcomes(const MoveList<Move>& moves, Outcomes& outcomes,
                             std::int64_t& total) const {
    std::size_t count = 0;
    total = 0;
    for (const Move move : moves) {
      const auto weight = static_cast<std::int64_t>(position_.chance_weight(move));
      assert(0 <= weight && weight <= kMaxChanceWeight);
      if (weight == 0) continue;
      outcomes[count++] = {move, weight};
      total += weight;
    }
    assert(count > 0 && total > 0 && total <= kMaxChanceWeight);
    // An insertion sort, stable: the lists are short.
    for (std::size_t i = 1; i < count; ++i) {
      const WeightedOutcome outcome = outcomes[i];
      std::size_t j = i;
      for (; j > 0 && outcomes[j - 1].weight < outcome.weight; --j) outcomes[j] = outcomes[j - 1];
      outcomes[j] = outcome;
    }
    return count;
  }

  Score chance_node(const MoveList<Move>& moves, int depth, int ply, Score alpha, Score beta,
                    double probability, std::uint64_t key) {
    const int side = position_.side_to_move();
    const std::int64_t low = min_value_for<G>(side);
    const std::int64_t high = max_value_for<G>(side);
    Outcomes outcomes;
    std::int64_t total = 0;
    const std::size_t count = weigh_outcomes(moves, outcomes, total);
    // The children's table lines are asked for before any is searched.
    if (table_ != nullptr && depth > 1) {
      prefetch_children(position_, moves, *table_, [](std::uint64_t /*key*/) {});
    }
    // What the value must reach, in units of the sum of weighted values.
    const std::int64_t fail_low_at = (std::int64_t{alpha} + 1) * total - 1;  // sum <= this
    const std::int64_t fail_high_at = std::int64_t{beta} * total;            // sum >= this

    Bounds lo;
    Bounds hi;
    std::fill_n(lo.begin(), count, low);
    std::fill_n(hi.begin(), count, high);
    std::int64_t rest_lo = low * total;  // sum of weight * lo over the unsearched children
    std::int64_t rest_hi = high * total;

    if (pruning_ == ChancePruning::kStar2) {
      probe(outcomes, count, depth, ply, probability, total, fail_low_at, fail_high_at, lo, hi);
      if (tally_.aborted()) return 0;
      rest_lo = 0;
      rest_hi = 0;
      for (std::size_t i = 0; i < count; ++i) {
        rest_lo += outcomes[i].weight * lo[i];
        rest_hi += outcomes[i].weight * hi[i];
      }
      if (rest_lo >= fail_high_at) return cut(key, depth, beta, Bound::kLower);
      if (rest_hi <= fail_low_at) return cut(key, depth, alpha, Bound::kUpper);
    }

    std::int64_t sum = 0;  // weight * value over the children searched
    for (std::size_t i = 0; i < count; ++i) {
      const std::int64_t weight = outcomes[i].weight;
      rest_lo -= weight * lo[i];
      rest_hi -= weight * hi[i];
      Score child_alpha = static_cast<Score>(low - 1);
      Score child_beta = static_cast<Score>(high + 1);
      std::int64_t cut_low = INT64_MIN;  // the child's value at or below this cuts
      std::int64_t cut_high = INT64_MAX;
      if (pruning_ != ChancePruning::kNone) {
        if (sum + weight * hi[i] + rest_hi <= fail_low_at) {
          return cut(key, depth, alpha, Bound::kUpper);
        }
        if (sum + weight * lo[i] + rest_lo >= fail_high_at) {
          return cut(key, depth, beta, Bound::kLower);
        }
        cut_low = floor_div(fail_low_at - sum - rest_hi, weight);
        cut_high = ceil_div(fail_high_at - sum - rest_lo, weight);
        child_alpha = static_cast<Score>(std::max(cut_low, lo[i] - 1));
        child_beta = static_cast<Score>(std::min(cut_high, hi[i] + 1));
      }
      const Score value =
          outcome_value(outcomes[i], side, depth, ply, child_alpha, child_beta,
                        probability * static_cast<double>(weight) / static_cast<double>(total));
      if (tally_.aborted()) return 0;
      if (value <= cut_low) return cut(key, depth, alpha, Bound::kUpper);
      if (value >= cut_high) return cut(key, depth, beta, Bound::kLower);
      sum += weight * value;
    }
    const Score value = static_cast<Score>(floor_div(sum, total));
    if (value <= alpha) return cut(key, depth, alpha, Bound::kUpper);
    if (value >= beta) return cut(key, depth, beta, Bound::kLower);
    store(key, depth, value, Bound::kExact, std::nullopt);
    return value;
  }

  // One outcome of a chance node searched within (alpha, beta), for the
  // chance node's side; fail-hard. Meaningless once aborted.
  Score outcome_value(const WeightedOutcome& outcome, int side, int depth, int ply, Score alpha,
                      Score beta, double probability) {
    assert(alpha < beta && outcome.weight > 0);
    [[maybe_unused]] const std::uint64_t key_before = position_.key();
    position_.play(outcome.move);
    const Score value = child_value(side, depth, ply + 1, alpha, beta, probability);
    position_.undo(outcome.move);
    assert(position_.key() == key_before);
    assert(tally_.aborted() || (alpha <= value && value <= beta));  // fail-hard
    return value;
  }

  // Star2's probing phase: each outcome whose node is a decision node to be
  // searched further is valued by its first move alone (the table's, if it
  // knows one), within the window that would let the probes alone cut the
  // chance node. A probe bounds the child from below when the child's side
  // to move is the chance node's (it takes its best move, at least this
  // one), from above when it is the other side's.
  void probe(const Outcomes& outcomes, std::size_t count, int depth, int ply, double probability,
             std::int64_t total, std::int64_t fail_low_at, std::int64_t fail_high_at, Bounds& lo,
             Bounds& hi) {
    const int side = position_.side_to_move();
    // The leaf bounds, as every child's bounds start (chance_node()).
    const std::int64_t low = min_value_for<G>(side);
    const std::int64_t high = max_value_for<G>(side);
    std::int64_t probed_lo = 0;  // weight * bound over the outcomes probed so far
    std::int64_t probed_hi = 0;
    std::int64_t unprobed = total;
    for (std::size_t i = 0; i < count; ++i) {
      const Move outcome = outcomes[i].move;
      const std::int64_t weight = outcomes[i].weight;
      unprobed -= weight;
      position_.play(outcome);
      const bool same_side = position_.side_to_move() == side;
      std::optional<Score> bound;
      if (!position_.is_chance_node() && position_.status() == Status::kOngoing &&
          ply + 2 < kMaxPly - 2 &&
          probability * static_cast<double>(weight) / static_cast<double>(total) >=
              probability_cutoff_) {
        // Optimistic about the outcomes not yet probed: a null window at
        // what this probe must reach for the probes to cut the chance node.
        // Out of the leaf bounds, it cannot reach that and is not made.
        const std::int64_t need = same_side
                                      ? ceil_div(fail_high_at - probed_lo - unprobed * high, weight)
                                      : floor_div(fail_low_at - probed_hi - unprobed * low, weight);
        if (same_side ? need > low && need <= high : need >= low && need < high) {
          const double child_probability =
              probability * static_cast<double>(weight) / static_cast<double>(total);
          const Score edge = static_cast<Score>(need);
          const auto value =
              same_side ? probe_first_move(side, depth, ply + 1, edge - 1, edge, child_probability)
                        : probe_first_move(side, depth, ply + 1, edge, edge + 1, child_probability);
          // Fail-hard: only the side the probe bounds tells anything.
          if (value && (same_side ? *value >= edge : *value <= edge)) bound = *value;
        }
      }
      position_.undo(outcome);
      if (tally_.aborted()) return;
      if (bound) {
        if (same_side) {
          lo[i] = std::max<std::int64_t>(lo[i], *bound);
        } else {
          hi[i] = std::min<std::int64_t>(hi[i], *bound);
        }
      }
      probed_lo += weight * lo[i];
      probed_hi += weight * hi[i];
    }
  }

  // The value of the decision node just played into by its first move, for
  // `side` (the chance node's), within (alpha, beta) as that side counts it.
  std::optional<Score> probe_first_move(int side, int depth, int ply, Score alpha, Score beta,
                                        double probability) {
    tally_.count();  // the child is visited, if not searched
    MoveList<Move> moves;
    position_.legal_moves(moves);
    if (moves.empty()) return std::nullopt;
    std::optional<TableEntry> entry;
    if (table_ != nullptr) entry = table_->probe(position_.key());
    if (entry) table_move_first<G>(moves, entry->move);
    const Move first = moves[0];
    position_.play(first);
    const Score value = child_value(side, depth - 1, ply + 1, alpha, beta, probability);
    position_.undo(first);
    return value;
  }

  Score cut(std::uint64_t key, int depth, Score score, Bound bound) {
    store(key, depth, score, bound, std::nullopt);
    return score;
  }

  void store(std::uint64_t key, int depth, Score score, Bound bound, std::optional<Move> move) {
    if (table_ == nullptr || tally_.aborted() || key == kNoKey) return;
    assert(depth >= 0 && key == position_.key());
    table_->store(key, TableEntry{score, depth, bound,
                                  move ? std::optional{move_bits<G>(*move)} : std::nullopt});
  }

  G position_;
  TranspositionTable* table_;
  ChancePruning pruning_;
  double probability_cutoff_ = 0.0;
};

}  // namespace brudno::engine
