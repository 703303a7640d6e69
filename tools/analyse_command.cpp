// `brudno analyse FILE`: every position of an EPD file or a PGN file's games
// analysed and written as EPD (tools/analyse/analysis.hpp), with a progress
// line on standard error.

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <ostream>

#include "tools/analyse/analysis.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"

namespace brudno::tools {

int run_analyse(const Arguments& args, std::ostream& out, std::ostream& err) {
  AnalyseOptions options;
  if (const auto status = read_analyse_arguments(args, "brudno analyse", options, out, err)) {
    return *status;
  }
  auto in = open_input_file(options.file, err);
  if (!in) return 2;
  const auto positions = read_analysis_positions(*in, options.file, err);
  if (!positions) return 2;
  std::ofstream file;
  if (!options.out.empty()) {
    file.open(options.out);
    if (!file) {
      err << "brudno: cannot write " << options.out << '\n';
      return 2;
    }
  }
  std::ostream& epd = options.out.empty() ? out : file;
  engine::TranspositionTable table(options.hash);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto last_report = start;
  const std::size_t total = positions->size();
  for (std::size_t done = 1; done <= total; ++done) {
    epd << analyse_position((*positions)[done - 1], options, table) << std::flush;
    // As brudno-mpi reports it: every two seconds and at the end.
    const auto now = Clock::now();
    if (done < total && now - last_report < std::chrono::seconds(2)) continue;
    last_report = now;
    const double seconds = std::max(std::chrono::duration<double>(now - start).count(), 1e-9);
    const double rate = static_cast<double>(done) / seconds;
    err << "progress: " << done << '/' << total << " done, " << std::fixed << std::setprecision(1)
        << rate << " a second, " << std::setprecision(0) << static_cast<double>(total - done) / rate
        << " s left\n";
  }
  if (!epd) {
    err << "brudno: writing " << (options.out.empty() ? "the output" : options.out) << " failed\n";
    return 1;
  }
  return 0;
}

}  // namespace brudno::tools
