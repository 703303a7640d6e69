#pragma once
// What `brudno solve` was asked to do, and the problem runners it dispatches to.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "tools/command.hpp"

namespace brudno::tools {

struct SolveOptions {
  std::string problem;
  std::string algorithm;  // empty: the problem's default
  std::string heuristic;  // empty: the problem's default
  std::string instances;  // a file of sliding-tile instances
  std::string tiles;      // one sliding-tile board
  std::string map = "../shared/data/puzzles/romania.txt";
  std::string from = "Arad";
  std::string to = "Bucharest";
  std::string cubes;
  std::string cache_directory;  // empty: the default (pattern_cache.hpp)
  int threads = 1;
  std::uint64_t seed = 1;
  std::uint64_t runs = 1;
  int size = 8;                 // queens
  double weight = 2;            // weighted A*
  std::uint64_t max_nodes = 0;  // 0: no limit
  int max_sideways = 100;
  std::uint64_t max_restarts = 1'000'000;
  double temperature = 0;  // 0: the problem's default
  double cooling = 0;
  std::uint64_t max_steps = 0;
  bool all = false;      // insanity: every solution
  bool verbose = false;  // the path of every instance
};

// Reads and checks the options of `brudno solve`: an exit status when the
// command should end at once (help, bad options).
std::optional<int> read_solve_arguments(const Arguments& args, SolveOptions& options,
                                        std::ostream& out, std::ostream& err);

// Each returns the exit status: 0 solved (and correct), 1 a wrong or
// missing answer, 2 bad input.
int solve_route(const SolveOptions& options, std::ostream& out, std::ostream& err);
int solve_tiles(const SolveOptions& options, std::ostream& out, std::ostream& err);
int solve_queens(const SolveOptions& options, std::ostream& out, std::ostream& err);
int solve_insanity(const SolveOptions& options, std::ostream& out, std::ostream& err);

}  // namespace brudno::tools
