#include "tools/mpi/pattern_sharing.hpp"

#include <mpi.h>

#include <boost/mpi/collectives/all_reduce.hpp>
#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/collectives/reduce.hpp>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <variant>

namespace brudno::tools::mpi {
namespace {

// Returns when every rank has come here. The ranks that wait sleep between
// looks: a blocking MPI wait spins, and would take the cores rank 0 builds on.
void wait_for_every_rank(const boost::mpi::communicator& world) {
  MPI_Request request;
  MPI_Ibarrier(world, &request);
  for (int done = 0; MPI_Test(&request, &done, MPI_STATUS_IGNORE), done == 0;)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

// The ranks running on rank 0's machine: their threads are free while it builds.
int ranks_on_this_machine(const boost::mpi::communicator& world) {
  MPI_Comm local;
  MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local);
  int size = 1;
  MPI_Comm_size(local, &size);
  MPI_Comm_free(&local);
  return size;
}

std::shared_ptr<const games::PatternDatabase> share_one(const boost::mpi::communicator& world,
                                                        const games::Partition& partition,
                                                        const std::vector<int>& tiles,
                                                        const std::filesystem::path& directory,
                                                        int build_threads,
                                                        games::PatternCacheReport& report) {
  std::shared_ptr<const games::PatternDatabase> database;
  if (world.rank() == 0) {
    database = games::load_or_build_pattern(partition.width, partition.height, tiles, directory,
                                            build_threads, report);
  }
  wait_for_every_rank(world);
  const auto file = directory / games::pattern_file_name(partition.width, partition.height, tiles);
  if (world.rank() != 0) {
    auto read = games::read_pattern_file(file, partition.width, partition.height, tiles);
    if (auto* loaded = std::get_if<games::PatternDatabase>(&read))
      database = std::make_shared<const games::PatternDatabase>(std::move(*loaded));
  }
  const int missing = database ? 0 : 1;
  const int receiving = boost::mpi::all_reduce(world, missing, std::plus<>());
  if (receiving > 0) {
    // Every rank takes part in the broadcast; those that read the file drop
    // what they get.
    const auto entries =
        games::pattern_entries(partition.width * partition.height, static_cast<int>(tiles.size()));
    std::vector<std::uint8_t> distances(world.rank() == 0 ? database->distances()
                                                          : std::vector<std::uint8_t>(entries));
    boost::mpi::broadcast(world, distances.data(), static_cast<int>(distances.size()), 0);
    if (!database) {
      database = std::make_shared<const games::PatternDatabase>(games::PatternDatabase::from_parts(
          partition.width, partition.height, tiles, std::move(distances)));
    }
  }
  if (world.rank() == 0 && world.size() > 1) {
    const int others = world.size() - 1;
    report.notes.push_back(file.filename().string() + ": on rank 0 alone; " +
                           std::to_string(others - receiving) + " other rank(s) read its file, " +
                           std::to_string(receiving) + " received it from rank 0");
  }
  return database;
}

}  // namespace

games::AdditivePatterns load_partition_once(const boost::mpi::communicator& world,
                                            const games::Partition& partition,
                                            const std::filesystem::path& directory, int threads,
                                            games::PatternCacheReport& report) {
  const int build_threads = threads * ranks_on_this_machine(world);
  std::vector<std::shared_ptr<const games::PatternDatabase>> databases;
  for (const auto& tiles : partition.patterns)
    databases.push_back(share_one(world, partition, tiles, directory, build_threads, report));
  return games::AdditivePatterns(std::move(databases), partition.width == partition.height);
}

}  // namespace brudno::tools::mpi
