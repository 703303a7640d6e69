#pragma once
// What one rank of a cluster found in one iteration of its search, read from
// the `info` line its session printed at the iteration's end, and the vote
// that picks the move the cluster plays from the ranks' latest reports.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace brudno::tools::mpi {

struct IterationReport {
  // The search it belongs to: how many searches (bestmoves) its rank had
  // finished before it. Every rank gets the same commands, so the counts agree.
  std::uint64_t search = 0;
  int rank = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::string score;  // as UCI prints it: "cp 15", "mate -3"
  std::vector<std::string> pv;
};

// The report of an `info` line that ends an iteration: it has a depth, a
// score that is no bound, a principal variation, and is the first line of
// MultiPV. nullopt for every other line.
std::optional<IterationReport> parse_iteration(std::string_view line, std::uint64_t search,
                                               int rank);

// One line of text each way between the ranks.
std::string encode(const IterationReport& report);
std::optional<IterationReport> decode(std::string_view text, int rank);

// The `info` line of a report, as a GUI reads it.
std::string info_line(const IterationReport& report);

// The deepest report; on equal depth the lowest rank's. Null when empty.
const IterationReport* choose(std::span<const IterationReport> reports);

}  // namespace brudno::tools::mpi
