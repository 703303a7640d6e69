#include "tools/mpi/epd_farm.hpp"

#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/serialization/string.hpp>
#include <iostream>
#include <sstream>
#include <string>

#include "tools/command_line.hpp"
#include "tools/epd_suite.hpp"

namespace brudno::tools::mpi {

int run_epd_farm(const boost::mpi::communicator& world, const Arguments& args,
                 FarmOptions farm_options) {
  const bool printer = world.rank() == 0;
  std::ostringstream quiet;
  std::ostream& out = printer ? std::cout : quiet;
  std::ostream& err = printer ? std::cerr : quiet;
  EpdOptions options;
  if (const auto status = read_epd_arguments(args, "brudno-mpi epd", options, out, err)) {
    return printer ? *status : 0;
  }
  // Rank 0 reads the file and sends its text; every rank parses it alike.
  std::string text;
  bool readable = false;
  if (printer) {
    if (auto in = open_input_file(options.file, err)) {
      std::ostringstream whole;
      whole << in->rdbuf();
      text = whole.str();
      readable = true;
    }
  }
  boost::mpi::broadcast(world, readable, 0);
  if (!readable) return printer ? 2 : 0;
  boost::mpi::broadcast(world, text, 0);
  std::istringstream in(text);
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
