#pragma once
// `brudno-mpi analyse`: `brudno analyse` with its positions farmed over the ranks.

#include <boost/mpi/communicator.hpp>

#include "tools/command.hpp"
#include "tools/mpi/farm.hpp"

namespace brudno::tools::mpi {

// Every rank calls it with the same arguments; rank 0 writes what `brudno
// analyse` writes (each position is searched from an empty table there too,
// so at a fixed depth the files are the same, node counts included).
int run_analyse_farm(const boost::mpi::communicator& world, const Arguments& args,
                     FarmOptions farm_options);

}  // namespace brudno::tools::mpi
