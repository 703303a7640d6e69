#pragma once
// IDA* (Korf 1985): depth-first passes bounded by f = g + h, each bound the
// smallest f that exceeded the last. Memory is the path alone. It never
// generates the move that undoes the last one (transposition-free move
// pruning, when the problem names inverse moves), and it counts as Korf did:
// every state generated over all passes, plus one for the start. With an
// admissible heuristic the first goal found is optimal.

#include <cassert>
#include <limits>
#include <vector>

#include "engine/problem.hpp"
#include "engine/single_agent/depth_first.hpp"

namespace brudno::engine {

namespace detail {

template <Problem P, class Heuristic, class Trace>
class IdaStarPass {
 public:
  using Move = typename P::Move;
  using Cost = CostOf<P>;
  static constexpr Cost kNone = std::numeric_limits<Cost>::max();

  IdaStarPass(P& problem, Heuristic& heuristic, const SearchBudget& budget, Trace& trace,
              OutcomeOf<P>& outcome)
      : problem_(problem),
        heuristic_(heuristic),
        budget_(budget),
        trace_(trace),
        outcome_(outcome) {}

  // One pass to `bound`; the path holds the solution when it returns true.
  bool run(Cost bound) {
    bound_ = bound;
    next_bound_ = kNone;
    assert(path_.empty());  // each pass starts from the start
    const bool found = visit(Cost{}, nullptr);
    // The path is the solution's, or empty again; the next bound is an f
    // this pass cut, above its bound.
    assert(found || path_.empty());
    assert(next_bound_ == kNone || bound_ < next_bound_);
    return found;
  }
  [[nodiscard]] Cost next_bound() const { return next_bound_; }
  [[nodiscard]] std::vector<Move>& path() { return path_; }
  [[nodiscard]] std::size_t deepest() const { return deepest_; }

 private:
  bool visit(Cost g, const Move* last) {
    assert(!(g < Cost{}));
    const Cost f = g + heuristic_(static_cast<const P&>(problem_));
    if (f > bound_) {
      if (f < next_bound_) next_bound_ = f;
      return false;
    }
    if (problem_.is_goal()) return true;
    trace_(static_cast<const P&>(problem_));
    ++outcome_.expanded;
    MoveList<Move> moves;
    problem_.successors(moves);
    for (const Move move : moves) {
      if (undoes<P>(move, last)) continue;
      ++outcome_.generated;
      if (budget_.exhausted(outcome_.generated)) {
        outcome_.stopped = true;
        return false;
      }
      const Cost cost = g + step_cost(static_cast<const P&>(problem_), move);
#ifndef NDEBUG
      [[maybe_unused]] std::uint64_t key = 0;
      if constexpr (HasKey<P>) key = problem_.key();
#endif
      problem_.play(move);
      path_.push_back(move);
      if (path_.size() > deepest_) {
        // Deeper than before: room for the path and a frame more (each
        // level holds its move list on the stack).
        if (!budget_.may_hold([&] {
              return path_.size() * (sizeof(Move) + sizeof(MoveList<Move>));
            })) {
          outcome_.stopped = true;
          outcome_.out_of_memory = true;
          problem_.undo(move);
          path_.pop_back();
          return false;
        }
        deepest_ = path_.size();
      }
      const bool found = !is_dead_end(static_cast<const P&>(problem_)) && visit(cost, &move);
      problem_.undo(move);
      if constexpr (HasKey<P>) assert(problem_.key() == key);  // as it was before the move
      // The path holds this move, and what lies below it only on a solution.
      assert(found || (!path_.empty() && path_.back() == move));
      if (found) return true;
      path_.pop_back();
      if (outcome_.stopped) return false;
    }
    return false;
  }

  P& problem_;
  Heuristic& heuristic_;
  const SearchBudget& budget_;
  Trace& trace_;
  OutcomeOf<P>& outcome_;
  Cost bound_{};
  Cost next_bound_{};
  std::vector<Move> path_;
  std::size_t deepest_ = 0;
};

}  // namespace detail

// Calls on_pass(bound) before each pass, for progress reports.
struct NoPassReport {
  template <class Cost>
  void operator()(Cost) const {}
};

template <Problem P, class Heuristic, class Trace = NoTrace, class OnPass = NoPassReport>
OutcomeOf<P> ida_star_search(P& problem, Heuristic&& heuristic, const SearchBudget& budget = {},
                             Trace&& trace = {}, OnPass&& on_pass = {}) {
  using Pass =
      detail::IdaStarPass<P, std::remove_reference_t<Heuristic>, std::remove_reference_t<Trace>>;
  OutcomeOf<P> outcome;
  outcome.generated = 1;
  Pass pass(problem, heuristic, budget, trace, outcome);
  for (auto bound = heuristic(static_cast<const P&>(problem));;) {
    ++outcome.iterations;
    on_pass(bound);
    if (pass.run(bound)) {
      outcome.solved = true;
      outcome.path = std::move(pass.path());
      outcome.cost = detail::path_cost(problem, outcome.path);
      break;
    }
    if (outcome.stopped || pass.next_bound() == Pass::kNone) break;
    // The bounds rise strictly from pass to pass: each pass looks further.
    assert(bound < pass.next_bound());
    bound = pass.next_bound();
  }
  outcome.peak_states = pass.deepest() + 1;
  outcome.peak_bytes = outcome.peak_states * sizeof(MoveList<typename P::Move>);
  return outcome;
}

}  // namespace brudno::engine
