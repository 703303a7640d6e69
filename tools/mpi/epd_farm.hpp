#pragma once
// `brudno-mpi epd`: `brudno epd` with its positions farmed over the ranks.

#include <boost/mpi/communicator.hpp>

#include "tools/command.hpp"
#include "tools/mpi/farm.hpp"

namespace brudno::tools::mpi {

// Every rank calls it with the same arguments; rank 0 prints what `brudno
// epd` prints (each position is searched from an empty table there too).
int run_epd_farm(const boost::mpi::communicator& world, const Arguments& args,
                 FarmOptions farm_options);

}  // namespace brudno::tools::mpi
