#pragma once
// `brudno-mpi selfplay --records`: `brudno selfplay`'s training records
// (docs/nnue.md) with its games farmed over MPI ranks, one game at a time a
// rank. It takes brudno selfplay's options and writes the same bytes as one
// process does, whatever the number of ranks, because a game depends on the
// seed and its number alone; rank 0 appends the games in their order and
// keeps brudno selfplay's checkpoint, so a run resumes and its pieces
// concatenate alike.

#include <boost/mpi/communicator.hpp>

#include "tools/command.hpp"
#include "tools/mpi/farm.hpp"

namespace brudno::tools::mpi {

// `args` are selfplay's arguments without `--records`.
int run_selfplay_records_farm(const boost::mpi::communicator& world, const Arguments& args,
                              const FarmOptions& farm_options);

}  // namespace brudno::tools::mpi
