// `brudno solve insanity`: Instant Insanity through the systematic strategies.

#include <ostream>

#include "engine/puzzle.hpp"
#include "engine/single_agent/strategies.hpp"
#include "games/insanity/insanity.hpp"
#include "tools/solve/solve_options.hpp"

namespace brudno::tools {

int solve_insanity(const SolveOptions& options, std::ostream& out, std::ostream& err) {
  auto parsed = games::InstantInsanity::parse(
      options.cubes.empty() ? games::InstantInsanity::kClassicCubes : options.cubes);
  if (const auto* problem = std::get_if<std::string>(&parsed)) {
    err << "brudno: bad cubes: " << *problem << '\n';
    return 2;
  }
  const auto& puzzle = std::get<games::InstantInsanity>(parsed);
  if (!options.heuristic.empty()) {
    err << "brudno: insanity has no heuristic\n";
    return 2;
  }
  if (options.all) {
    auto every = puzzle;
    const std::size_t count = engine::search_all(
        every, [&](const games::InstantInsanity& tower) { out << tower.tower_text() << '\n'; });
    out << count << (count == 1 ? " solution\n" : " solutions\n");
    return count > 0 ? 0 : 1;
  }
  const std::string algorithm = options.algorithm.empty() ? "dfs" : options.algorithm;
  const auto strategy = engine::find_strategy(algorithm);
  if (!strategy || engine::uses_heuristic(*strategy)) {
    err << "brudno: insanity has no algorithm '" << algorithm << "' (bfs, dfs, iddfs)\n";
    return 2;
  }
  const auto result = engine::run_strategy(*strategy, puzzle, engine::ZeroHeuristic{}, 1, {});
  if (const auto* problem = std::get_if<std::string>(&result)) {
    err << "brudno: " << algorithm << ": " << *problem << '\n';
    return 2;
  }
  const auto& outcome = std::get<0>(result);
  if (!outcome.solved) {
    out << "no solution; expanded " << outcome.expanded << ", generated " << outcome.generated
        << '\n';
    return 1;
  }
  auto tower = puzzle;
  for (const auto move : outcome.path) tower.play(move);
  out << tower.tower_text() << '\n';
  out << "expanded " << outcome.expanded << ", generated " << outcome.generated << "; " << algorithm
      << '\n';
  return 0;
}

}  // namespace brudno::tools
