#pragma once
// `brudno-mpi solve 8puzzle|15puzzle --instances FILE`: `brudno solve` with
// its sliding-tile instances farmed over the ranks.

#include <boost/mpi/communicator.hpp>

#include "tools/command.hpp"
#include "tools/mpi/farm.hpp"

namespace brudno::tools::mpi {

// Every rank calls it with the same arguments. Every rank loads (or builds
// and caches) the pattern database once; rank 0 prints the lines `brudno
// solve` prints, in the file's order, and the same summary.
int run_solve_farm(const boost::mpi::communicator& world, const Arguments& args,
                   FarmOptions farm_options);

}  // namespace brudno::tools::mpi
