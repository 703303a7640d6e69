// `brudno solve romania`: a route between two cities of a road map.

#include <chrono>
#include <iomanip>
#include <ostream>

#include "engine/single_agent/strategies.hpp"
#include "games/romania/route_problem.hpp"
#include "tools/solve/solve_options.hpp"

namespace brudno::tools {

int solve_route(const SolveOptions& options, std::ostream& out, std::ostream& err) {
  auto loaded = games::RoadMap::load(options.map);
  if (const auto* problem = std::get_if<std::string>(&loaded)) {
    err << "brudno: " << *problem << '\n';
    return 2;
  }
  const auto& map = std::get<games::RoadMap>(loaded);
  const auto from = map.find(options.from);
  const auto to = map.find(options.to);
  for (const auto& [city, name] : {std::pair{from, options.from}, std::pair{to, options.to}}) {
    if (!city) {
      err << "brudno: unknown city '" << name << "' on " << options.map << '\n';
      return 2;
    }
  }
  const std::string algorithm = options.algorithm.empty() ? "astar" : options.algorithm;
  const auto strategy = engine::find_strategy(algorithm);
  if (!strategy) {
    err << "brudno: romania has no algorithm '" << algorithm
        << "' (bfs, dfs, iddfs, ucs, greedy, astar, wastar, idastar)\n";
    return 2;
  }
  const games::RouteProblem start(map, *from, *to);
  const std::string heuristic =
      options.heuristic.empty() ? (games::StraightLineDistance::available(start) ? "sld" : "none")
                                : options.heuristic;
  if (heuristic != "sld" && heuristic != "none") {
    err << "brudno: romania has no heuristic '" << heuristic << "' (heuristics: sld, none)\n";
    return 2;
  }
  if (heuristic == "sld" && !games::StraightLineDistance::available(start)) {
    err << "brudno: the straight-line distances on " << options.map << " are to "
        << (map.straight_line_target() ? map.name(*map.straight_line_target()) : "no city")
        << ", not to " << map.name(*to) << ": use --heuristic none\n";
    return 2;
  }
  const engine::SearchBudget budget{
      options.max_nodes > 0 ? options.max_nodes : std::numeric_limits<std::uint64_t>::max(),
      nullptr};
  const auto begin = std::chrono::steady_clock::now();
  const auto result =
      heuristic == "sld"
          ? engine::run_strategy(*strategy, start, games::StraightLineDistance{}, options.weight,
                                 budget)
          : engine::run_strategy(*strategy, start, engine::ZeroHeuristic{}, options.weight, budget);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const auto& outcome = std::get<0>(result);
  if (!outcome.solved) {
    out << (outcome.stopped ? "stopped at the node limit" : "no route") << '\n';
    return 1;
  }
  std::string route;
  for (const int city : games::cities_on(start, outcome.path))
    route += (route.empty() ? "" : " ") + map.name(city);
  out << route << '\n';
  out << "cost " << outcome.cost << " km, " << outcome.path.size() << " roads; expanded "
      << outcome.expanded << ", generated " << outcome.generated << ", peak " << outcome.peak_states
      << " states (" << outcome.peak_bytes << " bytes); " << std::fixed << std::setprecision(3)
      << seconds * 1000 << " ms; " << algorithm << " with " << heuristic << '\n';
  return 0;
}

}  // namespace brudno::tools
