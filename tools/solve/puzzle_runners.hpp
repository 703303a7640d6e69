#pragma once
// What `brudno solve` runs for each puzzle of games/puzzle_registry.hpp, and
// what its help says of it. The command's problems are the registry's: a
// puzzle registered without a runner here does not compile.

#include <iosfwd>
#include <string_view>
#include <type_traits>

#include "games/puzzle_registry.hpp"
#include "tools/solve/solve_options.hpp"

namespace brudno::tools {

struct PuzzleRunner {
  std::string_view summary;  // the help's line, after the puzzle's name
  int (*run)(const SolveOptions& options, std::ostream& out, std::ostream& err);
};

constexpr PuzzleRunner runner_for(std::type_identity<games::RouteProblem>) {
  return {"route on the textbook's road map (--from, --to; --map FILE)", solve_route};
}
constexpr PuzzleRunner runner_for(std::type_identity<games::EightPuzzle>) {
  return {"sliding tiles, 3x3 (--instances FILE or --tiles \"t0 ... t8\")", solve_tiles};
}
constexpr PuzzleRunner runner_for(std::type_identity<games::FifteenPuzzle>) {
  return {"sliding tiles, 4x4 (--instances FILE or --tiles \"t0 ... t15\")", solve_tiles};
}
constexpr PuzzleRunner runner_for(std::type_identity<games::Queens>) {
  return {"N queens by local search (--n N, --runs, --seed)", solve_queens};
}
constexpr PuzzleRunner runner_for(std::type_identity<games::InstantInsanity>) {
  return {"Instant Insanity (--cubes, --all)", solve_insanity};
}

template <class Entry>
constexpr PuzzleRunner runner_of() {
  return runner_for(std::type_identity<typename Entry::Type>{});
}

}  // namespace brudno::tools
