#pragma once
// The command line of `brudno selfplay`, shared with `brudno-mpi selfplay
// --records`, which takes the same options and writes the same bytes: the
// options read into a run's settings, with the arguments that decide the
// output kept for its checkpoint.

#include <optional>
#include <ostream>

#include "tools/command.hpp"
#include "tools/selfplay/selfplay_run.hpp"

namespace brudno::tools::selfplay {

// Reads `args` into `run` (with --nnue, loading the network). The exit status to end with at
// once (0 after the help, 2 after naming a bad option), or nothing to go on.
std::optional<int> read_selfplay_options(const Arguments& args, RunSettings& run, std::ostream& out,
                                         std::ostream& err);

// The summary line of a finished run, on standard output.
void write_summary(const RunSettings& run, const RunSummary& summary, std::ostream& out);

}  // namespace brudno::tools::selfplay
