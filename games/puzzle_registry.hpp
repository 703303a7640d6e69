#pragma once
// The single-agent puzzles brudno solves, in the order `brudno solve --help`
// lists them: the one list `brudno solve`'s problems
// (tools/solve/puzzle_runners.hpp), the session's puzzles (those of them
// protocol/problem_session.cpp can play) and the puzzle conformance suite
// (tests/games/puzzle_conformance_test.cpp) are made from. A new puzzle is
// one entry here.

#include "engine/problem.hpp"
#include "games/insanity/insanity.hpp"
#include "games/queens/queens.hpp"
#include "games/registry.hpp"
#include "games/romania/route_problem.hpp"
#include "games/sliding_tile/sliding_tile.hpp"

namespace brudno::games {

// A puzzle's type (engine/problem.hpp) does not carry a name of its own (the
// two sliding-tile boards are one template): its entry names it.
template <FixedName Name, engine::Problem P>
using PuzzleEntry = Named<Name, P>;

using RegisteredPuzzles =
    Registry<PuzzleEntry<"romania", RouteProblem>, PuzzleEntry<"8puzzle", EightPuzzle>,
             PuzzleEntry<"15puzzle", FifteenPuzzle>, PuzzleEntry<"queens", Queens>,
             PuzzleEntry<"insanity", InstantInsanity>>;

}  // namespace brudno::games
