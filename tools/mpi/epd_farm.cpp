#include "tools/mpi/epd_farm.hpp"

#include <iostream>
#include <sstream>
#include <string>

#include "tools/epd_suite.hpp"
#include "tools/mpi/rank_io.hpp"

namespace brudno::tools::mpi {

int run_epd_farm(const boost::mpi::communicator& world, const Arguments& args,
                 FarmOptions farm_options) {
  RankStreams streams(world);
  const bool printer = streams.printer();
  std::ostream& out = streams.out();
  std::ostream& err = streams.err();
  EpdOptions options;
  if (const auto status = read_epd_arguments(args, "brudno-mpi epd", options, out, err)) {
    return printer ? *status : 0;
  }
  const auto text = read_on_rank_zero(world, options.file, err);
  if (!text) return printer ? 2 : 0;
  // Every rank parses the text alike.
  std::istringstream in(*text);
  const auto suite = read_epd_suite(in, options.file, err);
  if (!suite) return printer ? 2 : 0;

  std::optional<Checkpoint> checkpoint;
  if (!open_farm_checkpoint(world, farm_options, checkpoint, suite->size(), err))
    return printer ? 2 : 0;
  engine::TranspositionTable table(options.hash);
  std::size_t solved = 0;
  farm(
      world, suite->size(),
      [&](std::size_t item) {
        bool ok = false;
        const std::string line = search_epd_position((*suite)[item], options, table, ok);
        return std::string(ok ? "1" : "0") + line;
      },
      [&](std::size_t, const std::string& result) {
        solved += result.front() == '1' ? 1 : 0;
        out << result.substr(1) << std::flush;
      },
      farm_options);
  if (printer) out << "solved " << solved << '/' << suite->size() << '\n';
  return 0;
}

}  // namespace brudno::tools::mpi
