#pragma once
// `brudno-mpi suite`: `brudno suite` with its positions farmed over the ranks.

#include <boost/mpi/communicator.hpp>

#include "tools/command.hpp"
#include "tools/mpi/farm.hpp"

namespace brudno::tools::mpi {

// Every rank calls it with the same arguments; rank 0 prints. Its exit
// status on rank 0 is `brudno suite --fresh-table`'s; 0 on the others.
int run_suite_farm(const boost::mpi::communicator& world, const Arguments& args,
                   FarmOptions farm_options);

}  // namespace brudno::tools::mpi
