// `brudno solve queens`: local search on N queens, over seeded runs.

#include <chrono>
#include <iomanip>
#include <ostream>

#include "engine/single_agent/local_search.hpp"
#include "engine/single_agent/min_conflicts.hpp"
#include "engine/single_agent/shared_loop.hpp"
#include "engine/single_agent/simulated_annealing.hpp"
#include "games/queens/queens.hpp"
#include "tools/solve/progress.hpp"
#include "tools/solve/solve_options.hpp"

namespace brudno::tools {
namespace {

constexpr std::string_view kLocalAlgorithms = "hill, sideways, restart, annealing, minconflicts";

struct RunResult {
  engine::ClimbOutcome outcome;
  std::string rows;  // of a single run's last board, when small
};

}  // namespace

int solve_queens(const SolveOptions& options, std::ostream& out, std::ostream& err) {
  const int n = options.size;
  if (n < 4 || n > games::Queens::kMaxSize) {
    err << "brudno: --n must be from 4 to " << games::Queens::kMaxSize
        << " (fewer have no solution but 1), got " << n << '\n';
    return 2;
  }
  const std::string algorithm =
      options.algorithm.empty()
          ? (n <= games::Queens::kMaxSteepestSize ? "sideways" : "minconflicts")
          : options.algorithm;
  const bool climbs = algorithm == "hill" || algorithm == "sideways" || algorithm == "restart";
  if (!climbs && algorithm != "annealing" && algorithm != "minconflicts") {
    err << "brudno: queens is solved by local search; algorithms: " << kLocalAlgorithms << '\n';
    return 2;
  }
  if (climbs && n > games::Queens::kMaxSteepestSize) {
    err << "brudno: " << algorithm << " looks at all n(n-1) successors of a board: --n at most "
        << games::Queens::kMaxSteepestSize << " (annealing and minconflicts take any n)\n";
    return 2;
  }
  if (!options.heuristic.empty()) {
    err << "brudno: queens has no heuristic to choose: local search maximises minus the number "
           "of attacking pairs\n";
    return 2;
  }
  if (options.runs < 1) {
    err << "brudno: --runs must be at least 1\n";
    return 2;
  }
  const int sideways = algorithm == "hill" ? 0 : options.max_sideways;
  // Annealing: from T0 = 1 falling 0.1% a step on small boards; on large ones
  // a cooler start that falls slower (the moves are swaps of attacked queens).
  engine::AnnealingSchedule schedule;
  schedule.start_temperature =
      options.temperature > 0 ? options.temperature : (n <= 1000 ? 1.0 : 0.5);
  schedule.cooling = options.cooling > 0 ? options.cooling : (n <= 1000 ? 0.999 : 0.9999);
  schedule.max_steps = options.max_steps > 0 ? options.max_steps : 100'000'000;
  // Min-conflicts either finds a solution in a few steps per queen or
  // wanders a plateau: a run that takes ten steps a queen is called stuck.
  const std::uint64_t max_steps = algorithm == "annealing" ? schedule.max_steps
                                  : options.max_steps > 0
                                      ? options.max_steps
                                      : 10 * static_cast<std::uint64_t>(n) + 1000;

  std::vector<RunResult> results(options.runs);
  Progress progress(err);
  std::atomic<std::uint64_t> finished{0};
  const auto start = std::chrono::steady_clock::now();
  engine::shared_loop(options.threads, options.runs, 1, [&](std::uint64_t run, std::uint64_t) {
    {
      engine::Random random(engine::Random::seed_of_run(options.seed, run));
      games::Queens queens(n);
      engine::ClimbOutcome outcome;
      if (algorithm == "minconflicts") {
        queens.randomize_permutation(random);
        outcome = engine::min_conflicts(queens, random, max_steps);
      } else if (algorithm == "annealing") {
        queens.randomize_permutation(random);
        outcome = engine::simulated_annealing(queens, random, schedule);
      } else if (algorithm == "restart") {
        queens.randomize(random);
        outcome = engine::random_restart_hill_climb(queens, random, sideways, options.max_restarts);
      } else {
        queens.randomize(random);
        outcome = engine::hill_climb(queens, random, sideways);
      }
      results[run].outcome = outcome;
      if (options.runs == 1 && n <= 64) results[run].rows = queens.to_text();
      progress.report(std::to_string(++finished) + " of " + std::to_string(options.runs) +
                      " runs done");
    }
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::uint64_t solved = 0;
  double steps_solved = 0;
  double steps_stuck = 0;
  double restarts = 0;
  for (const auto& result : results) {
    solved += result.outcome.solved ? 1 : 0;
    (result.outcome.solved ? steps_solved : steps_stuck) +=
        static_cast<double>(result.outcome.steps);
    restarts += static_cast<double>(result.outcome.restarts);
  }
  const auto runs = static_cast<double>(options.runs);
  if (options.runs == 1 && !results[0].rows.empty()) out << "rows " << results[0].rows << '\n';
  out << std::fixed << std::setprecision(2) << n << " queens, " << algorithm << ", runs "
      << options.runs << " (seed " << options.seed << "): solved " << solved << " ("
      << 100.0 * static_cast<double>(solved) / runs << "%), mean steps "
      << (solved > 0 ? steps_solved / static_cast<double>(solved) : 0.0) << " when solved, "
      << (solved < options.runs ? steps_stuck / (runs - static_cast<double>(solved)) : 0.0)
      << " when stuck";
  if (algorithm == "restart") out << ", mean restarts " << restarts / runs;
  out << "; " << std::setprecision(3) << seconds << " s, threads " << options.threads << '\n';
  return solved == options.runs || (climbs && algorithm != "restart") ? 0 : 1;
}

}  // namespace brudno::tools
