#include "tools/mpi/solve_farm.hpp"

#include <sstream>
#include <string>

#include "games/sliding_tile/instances.hpp"
#include "tools/mpi/pattern_sharing.hpp"
#include "tools/mpi/rank_io.hpp"
#include "tools/solve/solve_options.hpp"
#include "tools/solve/tile_solving.hpp"

namespace brudno::tools::mpi {

int run_solve_farm(const boost::mpi::communicator& world, const Arguments& args,
                   FarmOptions farm_options) {
  RankStreams streams(world);
  const bool printer = streams.printer();
  std::ostream& out = streams.out();
  std::ostream& err = streams.err();
  SolveOptions options;
  if (const auto status = read_solve_arguments(args, options, out, err)) {
    return printer ? *status : 0;
  }
  if (options.problem != "8puzzle" && options.problem != "15puzzle") {
    err << "brudno-mpi: solve farms sliding-tile instances (8puzzle, 15puzzle --instances FILE)"
        << (options.problem.empty() ? "" : ", not " + options.problem) << '\n';
    return printer ? 2 : 0;
  }
  if (options.instances.empty()) {
    err << "brudno-mpi: solve " << options.problem << " needs --instances FILE\n";
    return printer ? 2 : 0;
  }

  TileSolving how;
  // Rank 0 reads the file; the others parse the same text.
  how.loader = [&](const std::string& path,
                   int cells) -> std::variant<std::vector<games::TileInstance>, std::string> {
    std::ostringstream why;
    const auto text = read_on_rank_zero(world, path, why);
    if (!text) {
      std::string reason = why.str();
      if (reason.starts_with("brudno: ")) reason.erase(0, 8);
      if (!reason.empty() && reason.back() == '\n') reason.pop_back();
      return reason;
    }
    std::istringstream in(*text);
    return games::read_tile_instances(in, cells);
  };
  how.runner = [&](std::size_t count, const TileSolve& solve, const TileDeliver& deliver) {
    std::optional<Checkpoint> checkpoint;
    if (!open_farm_checkpoint(world, farm_options, checkpoint, count, err)) return false;
    farm(
        world, count, [&](std::size_t item) { return encode_tile_line(solve(item)); },
        [&](std::size_t, const std::string& result) { deliver(decode_tile_line(result)); },
        farm_options);
    return true;
  };
  how.patterns = [&](const games::Partition& partition, const std::filesystem::path& directory,
                     int threads, games::PatternCacheReport& report) {
    return load_partition_once(world, partition, directory, threads, report);
  };
  const int status = solve_tiles(options, how, out, err);
  if (printer) out << "ranks " << world.size() << '\n';
  return printer ? status : 0;
}

}  // namespace brudno::tools::mpi
