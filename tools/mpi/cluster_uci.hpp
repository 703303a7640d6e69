#pragma once
// brudno-mpi uci: one position searched by every rank of the job. Rank 0
// speaks UCI on stdin/stdout as brudno does and passes every input line to
// the other ranks, whose sessions search the same root with their own
// threads and tables; deep table entries go between the ranks as the
// searches store them (tools/mpi/cluster_link.hpp), and the move played is
// the deepest iteration's any rank finished (tools/mpi/cluster_sinks.hpp).

#include <boost/mpi/communicator.hpp>

#include "tools/command.hpp"

namespace brudno::tools::mpi {

int run_cluster_uci(const boost::mpi::communicator& world, const Arguments& args);

}  // namespace brudno::tools::mpi
