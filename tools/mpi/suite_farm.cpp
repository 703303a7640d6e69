#include "tools/mpi/suite_farm.hpp"

#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tools/command_line.hpp"
#include "tools/suite_run.hpp"

namespace brudno::tools::mpi {
namespace {

// One position's report as it travels to rank 0: its tally, then what it
// wrote to each stream.
struct LineReport {
  Tally tally;
  std::string out;
  std::string err;
};

std::string encode(const LineReport& report) {
  std::ostringstream text;
  text.precision(17);
  const Tally& t = report.tally;
  text << t.positions << ' ' << t.correct << ' ' << t.skipped << ' ' << t.nodes << ' ' << t.seconds
       << ' ' << report.out.size() << '\n'
       << report.out << report.err;
  return text.str();
}

LineReport decode(const std::string& encoded) {
  std::istringstream text(encoded);
  LineReport report;
  Tally& t = report.tally;
  std::size_t out_size = 0;
  text >> t.positions >> t.correct >> t.skipped >> t.nodes >> t.seconds >> out_size;
  text.ignore(1);  // the newline
  const auto rest = encoded.substr(static_cast<std::size_t>(text.tellg()));
  report.out = rest.substr(0, out_size);
  report.err = rest.substr(out_size);
  return report;
}

}  // namespace

int run_suite_farm(const boost::mpi::communicator& world, const Arguments& args,
                   const FarmOptions& farm_options) {
  const bool printer = world.rank() == 0;
  std::ostringstream quiet;
  std::ostream& out = printer ? std::cout : quiet;
  std::ostream& err = printer ? std::cerr : quiet;
  SuiteOptions options;
  std::string game;
  // Every rank reads the same arguments to the same verdict.
  if (const auto status = read_suite_arguments(args, "brudno-mpi suite", options, game, out, err)) {
    return printer ? *status : 0;
  }
  if (options.compare) {
    err << "brudno-mpi: suite --compare times one process's threads; run it with brudno\n";
    return printer ? 2 : 0;
  }
  // Node counts that depend on the position alone, whichever rank solves it
  // after whichever others.
  options.fresh_table = true;
  // Rank 0 reads the file and hands the lines to all: the others need no
  // access to it.
  std::vector<std::string> lines;
  bool readable = false;
  if (printer) {
    if (auto in = open_input_file(options.file, err)) {
      readable = true;
      lines = read_suite_lines(*in, options.limit);
    }
  }
  boost::mpi::broadcast(world, readable, 0);
  if (!readable) return printer ? 2 : 0;
  boost::mpi::broadcast(world, lines, 0);
  if (lines.empty()) {
    err << "brudno: " << options.file << " has no positions\n";
    return printer ? 2 : 0;
  }

  int status = 0;
  visit_suite_game(game, [&]<engine::Game G>() {
    SuiteRun<G> run(options);
    Tally total;
    farm(
        world, lines.size(),
        [&](std::size_t item) {
          LineReport report;
          std::ostringstream line_out;
          std::ostringstream line_err;
          const Tally before = run.tally();
          run.solve_line(item + 1, lines[item], line_out, line_err);
          report.tally = run.tally() - before;
          report.out = line_out.str();
          report.err = line_err.str();
          return encode(report);
        },
        [&](std::size_t, const std::string& encoded) {
          const LineReport report = decode(encoded);
          total += report.tally;
          out << report.out << std::flush;
          err << report.err << std::flush;
        },
        farm_options);
    if (printer) {
      print_suite_summary(out, total, options);
      out << "ranks " << world.size() << '\n';
      status = total.correct == total.positions ? 0 : 1;
    }
  });
  return status;
}

}  // namespace brudno::tools::mpi
