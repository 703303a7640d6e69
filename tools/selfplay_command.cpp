// `brudno selfplay`: chess games played by the engine against itself, their
// positions written as training records for the network (docs/nnue.md).

#include <ostream>

#include "tools/command.hpp"
#include "tools/selfplay/selfplay_options.hpp"
#include "tools/selfplay/selfplay_run.hpp"

namespace brudno::tools {

int run_selfplay(const Arguments& args, std::ostream& out, std::ostream& err) {
  selfplay::RunSettings run;
  if (const auto status = selfplay::read_selfplay_options(args, run, out, err)) return *status;
  const auto start = selfplay::resume_point(run, err);
  if (!start) return 2;
  const auto summary = selfplay::run_selfplay(run, *start, err);
  if (!summary) return 1;
  selfplay::write_summary(run, *summary, out);
  return 0;
}

}  // namespace brudno::tools
