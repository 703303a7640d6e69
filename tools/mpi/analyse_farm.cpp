#include "tools/mpi/analyse_farm.hpp"

#include <fstream>
#include <sstream>
#include <string>

#include "tools/analyse/analysis.hpp"
#include "tools/mpi/rank_io.hpp"

namespace brudno::tools::mpi {

int run_analyse_farm(const boost::mpi::communicator& world, const Arguments& args,
                     FarmOptions farm_options) {
  RankStreams streams(world);
  const bool printer = streams.printer();
  std::ostream& out = streams.out();
  std::ostream& err = streams.err();
  AnalyseOptions options;
  if (const auto status = read_analyse_arguments(args, "brudno-mpi analyse", options, out, err)) {
    return printer ? *status : 0;
  }
  const auto text = read_on_rank_zero(world, options.file, err);
  if (!text) return printer ? 2 : 0;
  // Every rank reads the text alike; only rank 0 reports what it finds.
  std::istringstream in(*text);
  const auto positions = read_analysis_positions(in, options.file, err);
  if (!positions) return printer ? 2 : 0;

  std::ofstream file;
  if (!open_output_on_rank_zero(world, options.out, file, err)) return printer ? 2 : 0;
  std::ostream& epd = options.out.empty() ? out : file;

  std::optional<Checkpoint> checkpoint;
  if (!open_farm_checkpoint(world, farm_options, checkpoint, positions->size(), err)) {
    return printer ? 2 : 0;
  }
  engine::TranspositionTable table(options.hash);
  farm(
      world, positions->size(),
      [&](std::size_t item) { return analyse_position((*positions)[item], options, table); },
      [&](std::size_t, const std::string& line) { epd << line << std::flush; }, farm_options);
  if (printer && !epd) {
    err << "brudno: writing " << (options.out.empty() ? "the output" : options.out) << " failed\n";
    return 1;
  }
  return 0;
}

}  // namespace brudno::tools::mpi
