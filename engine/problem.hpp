#pragma once
// The single-agent problem interface: the classic `search` over `successors`,
// `ter` (a goal) and `lose` (a dead end), generalised so that every strategy
// of engine/single_agent/ runs on every problem. As with the two-player
// games, a problem is one mutable state (the hidden board): play() and undo()
// move it forward and back, and the systematic strategies copy it only where
// they must keep states apart (the frontier of a best-first search).
//
// Required: successors in a cheap natural order, play/undo, the goal test.
// Optional hooks, used when a problem has them:
// - step_cost(move): the cost of a move from this state (none: every move costs 1);
// - key(): a 64-bit number that identifies the state exactly, for duplicate
//   detection (breadth-first, uniform-cost, A*); it is trusted, never verified;
// - inverse(move): the move that takes the successor back, so that IDA* and
//   iterative deepening never generate it (transposition-free move pruning);
// - is_dead_end(): the classic `lose`, a state to prune without expanding;
// - value(), randomize(random), random_move(random): local search.

#include <atomic>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "engine/memory_grant.hpp"
#include "engine/move_list.hpp"

namespace brudno::engine {

template <class P>
concept Problem = requires(P problem, const P& state, typename P::Move move,
                           MoveList<typename P::Move>& moves) {
  requires std::is_trivially_copyable_v<typename P::Move>;
  requires std::equality_comparable<typename P::Move>;
  { state.successors(moves) } -> std::same_as<void>;
  { problem.play(move) } -> std::same_as<void>;
  { problem.undo(move) } -> std::same_as<void>;
  { state.is_goal() } -> std::convertible_to<bool>;
};

template <class P>
concept HasStepCosts = Problem<P> && requires(const P& state, typename P::Move move) {
  typename P::Cost;
  { state.step_cost(move) } -> std::convertible_to<typename P::Cost>;
};

template <class P>
concept HasKey = Problem<P> && requires(const P& state) {
  { state.key() } -> std::same_as<std::uint64_t>;
};

template <class P>
concept HasInverseMoves = Problem<P> && requires(typename P::Move move) {
  { P::inverse(move) } -> std::same_as<typename P::Move>;
};

template <class P>
concept HasDeadEnds = Problem<P> && requires(const P& state) {
  { state.is_dead_end() } -> std::convertible_to<bool>;
};

namespace detail {
template <class P>
struct CostType {
  using type = int;
};
template <HasStepCosts P>
struct CostType<P> {
  using type = typename P::Cost;
};
}  // namespace detail

// The type of path costs: the problem's own, or int for unit costs.
template <class P>
using CostOf = typename detail::CostType<P>::type;

template <Problem P>
CostOf<P> step_cost(const P& state, typename P::Move move) {
  if constexpr (HasStepCosts<P>) {
    const CostOf<P> cost = state.step_cost(move);
    // Path costs never fall along a path: what uniform-cost search and A*
    // take for granted.
    assert(!(cost < CostOf<P>{}));
    return cost;
  } else {
    return 1;
  }
}

template <Problem P>
bool is_dead_end(const P& state) {
  if constexpr (HasDeadEnds<P>) {
    return state.is_dead_end();
  } else {
    return false;
  }
}

// True when `move` would undo `last`, the move that led here.
template <Problem P>
bool undoes(typename P::Move move, const typename P::Move* last) {
  if constexpr (HasInverseMoves<P>) {
    return last != nullptr && move == P::inverse(*last);
  } else {
    return false;
  }
}

// A heuristic is any callable h(state) -> cost; this one knows nothing.
struct ZeroHeuristic {
  template <class P>
  CostOf<P> operator()(const P&) const {
    return CostOf<P>{};
  }
};

// What a systematic search found and what it cost to find it.
template <class Move, class Cost>
struct SearchOutcome {
  bool solved = false;
  // Stopped by a limit or the stop flag before it could decide.
  bool stopped = false;
  // Stopped because the memory it held could not grow (SearchBudget::memory).
  bool out_of_memory = false;
  std::vector<Move> path;
  Cost cost{};
  std::uint64_t expanded = 0;   // states whose successors were generated
  std::uint64_t generated = 0;  // states made by a move, plus the start
  // The most states held at once (frontier and explored set, or the path of a
  // depth-first search) and the bytes they took.
  std::uint64_t peak_states = 0;
  std::uint64_t peak_bytes = 0;
  int iterations = 0;  // of iterative deepening and IDA*; 1 otherwise
};

template <Problem P>
using OutcomeOf = SearchOutcome<typename P::Move, CostOf<P>>;

// Limits every systematic strategy honours: a budget of generated states, a
// stop flag (a relaxed load: a plain read on the machines we run on), and
// the memory it may hold (none: as much as it takes).
struct SearchBudget {
  std::uint64_t max_generated = std::numeric_limits<std::uint64_t>::max();
  const std::atomic_bool* stop = nullptr;
  MemoryGrant* memory = nullptr;

  [[nodiscard]] bool exhausted(std::uint64_t generated) const {
    if (generated > max_generated) return true;
    return stop != nullptr && stop->load(std::memory_order_relaxed);
  }
  // May the search grow to hold what `bytes()` counts (engine/single_agent/
  // memory_use.hpp)? Counted only when there is a grant to ask.
  template <class Bytes>
  [[nodiscard]] bool may_hold(Bytes&& bytes) const {
    return memory == nullptr || memory->grant(bytes());
  }
};

// A trace is called with each state as it is expanded, in order (the tests
// compare the order with the textbook's traces); this one does nothing.
struct NoTrace {
  template <class P>
  void operator()(const P&) const {}
};

}  // namespace brudno::engine
