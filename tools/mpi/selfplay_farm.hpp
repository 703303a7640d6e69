#pragma once
// `brudno-mpi selfplay`: games of brudno against itself farmed over the
// ranks, gathered into one PGN that `brudno tune` reads.

#include <boost/mpi/communicator.hpp>

#include "tools/command.hpp"
#include "tools/mpi/farm.hpp"

namespace brudno::tools::mpi {

// Every rank calls it with the same arguments. A rank plays one game at a
// time between two brudno processes of its own (one core's work: only the
// side to move thinks), kept by the match tool's arbiter (clocks, the rules,
// adjudication); rank 0 writes the games in their order.
int run_selfplay_farm(const boost::mpi::communicator& world, const Arguments& args,
                      FarmOptions farm_options);

}  // namespace brudno::tools::mpi
