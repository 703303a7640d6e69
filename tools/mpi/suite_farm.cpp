#include "tools/mpi/suite_farm.hpp"

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tools/mpi/rank_io.hpp"
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
                   FarmOptions farm_options) {
  RankStreams streams(world);
  const bool printer = streams.printer();
  std::ostream& out = streams.out();
  std::ostream& err = streams.err();
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
  const auto text = read_on_rank_zero(world, options.file, err);
  if (!text) return printer ? 2 : 0;
  std::istringstream in(*text);
  const auto lines = read_suite_lines(in, options.limit);
  if (lines.empty()) {
    err << "brudno: " << options.file << " has no positions\n";
    return printer ? 2 : 0;
  }

  std::optional<Checkpoint> checkpoint;
  if (!open_farm_checkpoint(world, farm_options, checkpoint, lines.size(), err))
    return printer ? 2 : 0;
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
