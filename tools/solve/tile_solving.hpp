#pragma once
// How `brudno solve 8puzzle|15puzzle` runs its instances, apart from what it
// does with each: one process spreads them over its threads; brudno-mpi
// hands them to its ranks (tools/mpi/solve_farm.cpp). Either way each
// instance's line is printed in the file's order and the summary is the same.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <variant>
#include <vector>

#include "games/sliding_tile/instances.hpp"
#include "games/sliding_tile/partitions.hpp"
#include "tools/solve/solve_options.hpp"

namespace brudno::tools {

struct TileTotals {
  std::size_t solved = 0;
  std::size_t checked = 0;  // instances whose optimal length the file gives
  std::size_t correct = 0;
  std::uint64_t nodes = 0;
  std::uint64_t expanded = 0;
  std::uint64_t reference_nodes = 0;  // Korf's counts, where the file gives them
  std::size_t with_reference = 0;
  double seconds = 0;  // search time summed over instances
  void add(const TileTotals& other);
};

// One instance's line as printed, newline ended, and what it adds to the totals.
struct TileLine {
  std::string text;
  TileTotals counted;
  bool failed = false;  // an error, no solution or the node limit
};

// As text, for a line to travel between ranks; decode(encode(x)) == x.
std::string encode_tile_line(const TileLine& line);
TileLine decode_tile_line(const std::string& text);

using TileSolve = std::function<TileLine(std::size_t instance)>;
using TileDeliver = std::function<void(const TileLine& line)>;
// Solves instances 0 .. count-1 and hands each line to `deliver` in order;
// false when it could not run (having said why).
using TileRunner =
    std::function<bool(std::size_t count, const TileSolve& solve, const TileDeliver& deliver)>;
using TileLoader = std::function<std::variant<std::vector<games::TileInstance>, std::string>(
    const std::string& path, int cells)>;

// The additive databases of a partition, from the cache directory (built
// there when missing), with the build's threads and the report to fill.
using TilePatterns = std::function<games::AdditivePatterns(
    const games::Partition& partition, const std::filesystem::path& directory, int threads,
    games::PatternCacheReport& report)>;

struct TileSolving {
  TileRunner runner;  // default: --threads instances at once on this machine
  TileLoader loader;  // default: the file read here
  TilePatterns patterns = games::load_partition;  // brudno-mpi: built once, on rank 0
};

int solve_tiles(const SolveOptions& options, const TileSolving& how, std::ostream& out,
                std::ostream& err);

}  // namespace brudno::tools
