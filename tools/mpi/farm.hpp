#pragma once
// Work farmed over MPI ranks: items 0 .. count-1, handed out one at a time
// by rank 0 to whichever rank asks next, so a rank that draws slow items
// simply asks less often. Rank 0 works too, on the items its coordinator
// (a thread of its own, polling without spinning) has not handed out; the
// results reach `deliver` on rank 0 in input order, whatever order they
// finish in.

#include <boost/mpi/communicator.hpp>
#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "tools/mpi/checkpoint.hpp"

namespace brudno::tools::mpi {

// One item's result, as text the caller encodes and decodes.
using FarmWork = std::function<std::string(std::size_t item)>;
// Called on rank 0 only, once per item, in input order.
using FarmDeliver = std::function<void(std::size_t item, const std::string& result)>;

struct FarmOptions {
  // Rank 0 works on items as well as handing them out, its coordinator on a
  // thread of its own (MPI at MPI_THREAD_SERIALIZED or above); false leaves
  // it to coordinate alone, on its main thread.
  bool coordinator_works = true;
  // A progress line on stderr (done/total, rate, time left) at most this often.
  double progress_seconds = 2.0;
  bool progress = true;
  // Rank 0's checkpoint (tools/mpi/checkpoint.hpp): the items it holds are
  // delivered from it, not worked again; each new result is appended.
  Checkpoint* checkpoint = nullptr;
  // brudno-mpi --checkpoint FILE, and the job's command line that names it.
  std::string checkpoint_path;
  std::string job;
};

// With a checkpoint path: rank 0 opens it into `storage` for a job of
// `count` items and sets options.checkpoint; false on every rank (the
// reason said on rank 0's `err`) when it cannot.
bool open_farm_checkpoint(const boost::mpi::communicator& world, FarmOptions& options,
                          std::optional<Checkpoint>& storage, std::size_t count, std::ostream& err);

void farm(const boost::mpi::communicator& world, std::size_t count, const FarmWork& work,
          const FarmDeliver& deliver, const FarmOptions& options = {});

}  // namespace brudno::tools::mpi
