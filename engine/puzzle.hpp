#pragma once
// Depth-first puzzle search, the classic `search` (the first solution) and
// `allsol` (all of them) over `lose` (a dead end), `ter` (a solution) and
// `successors`. One mutable state is played forward and back, and the path
// lives on an explicit stack, so the depth of a puzzle is limited by memory,
// not by the call stack.

#include <concepts>
#include <cstddef>
#include <vector>

#include "engine/move_list.hpp"

namespace brudno::engine {

template <class P>
concept Puzzle = requires(P puzzle, const P& state, typename P::Move move,
                          MoveList<typename P::Move>& moves) {
  { state.successors(moves) } -> std::same_as<void>;
  { puzzle.play(move) } -> std::same_as<void>;
  { puzzle.undo(move) } -> std::same_as<void>;
  { state.lose() } -> std::convertible_to<bool>;
  { state.ter() } -> std::convertible_to<bool>;
};

// Calls on_solution(state) for each solution in depth-first order until it
// returns false. Returns the number of solutions visited. The state is back
// where it started when this returns.
template <Puzzle P, class OnSolution>
std::size_t explore(P& puzzle, OnSolution&& on_solution) {
  using Move = typename P::Move;
  if (puzzle.lose()) return 0;
  if (puzzle.ter()) return on_solution(static_cast<const P&>(puzzle)), 1;

  struct Frame {
    MoveList<Move> moves;
    std::size_t next = 0;
  };
  std::vector<Frame> stack(1);
  puzzle.successors(stack.back().moves);
  std::size_t found = 0;
  while (!stack.empty()) {
    Frame& frame = stack.back();
    if (frame.next == frame.moves.size()) {
      stack.pop_back();
      if (!stack.empty()) puzzle.undo(stack.back().moves[stack.back().next - 1]);
      continue;
    }
    const Move move = frame.moves[frame.next++];
    puzzle.play(move);
    if (puzzle.lose()) {
      puzzle.undo(move);
    } else if (puzzle.ter()) {
      ++found;
      const bool more = on_solution(static_cast<const P&>(puzzle));
      puzzle.undo(move);
      if (!more) {
        // Unwind to the starting state.
        while (stack.size() > 1) {
          stack.pop_back();
          puzzle.undo(stack.back().moves[stack.back().next - 1]);
        }
        return found;
      }
    } else {
      stack.emplace_back();
      puzzle.successors(stack.back().moves);
    }
  }
  return found;
}

// The classic `search`: calls on_solution for the first solution only.
template <Puzzle P, class OnSolution>
bool search_first(P& puzzle, OnSolution&& on_solution) {
  return explore(puzzle, [&](const P& state) {
           on_solution(state);
           return false;
         }) == 1;
}

// The classic `allsol`: every solution.
template <Puzzle P, class OnSolution>
std::size_t search_all(P& puzzle, OnSolution&& on_solution) {
  return explore(puzzle, [&](const P& state) {
    on_solution(state);
    return true;
  });
}

}  // namespace brudno::engine
