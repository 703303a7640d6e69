#pragma once
// Pattern databases under brudno-mpi: built once per cluster, not once per
// rank. Rank 0 loads them from its cache or builds them (with the threads of
// every rank on its machine, which would otherwise wait idle); the other
// ranks wait for it without spinning, then read the file it wrote, and a rank
// that cannot (its cache is on another machine, or rank 0 could not write)
// receives the tables from rank 0.

#include <boost/mpi/communicator.hpp>
#include <filesystem>

#include "games/sliding_tile/partitions.hpp"

namespace brudno::tools::mpi {

// The partition's databases on every rank; rank 0's `report` says what was
// built or rebuilt and how the other ranks got each database.
games::AdditivePatterns load_partition_once(const boost::mpi::communicator& world,
                                            const games::Partition& partition,
                                            const std::filesystem::path& directory, int threads,
                                            games::PatternCacheReport& report);

}  // namespace brudno::tools::mpi
