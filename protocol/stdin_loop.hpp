#pragma once
#include <functional>
#include <iosfwd>
#include <string>

#include "protocol/uci_session.hpp"

namespace brudno::protocol {

// Speaks UCI on `in`/`out` until quit or end of input; returns the exit status.
int run_uci_loop(std::istream& in, std::ostream& out);

// The next input line into `line`, waiting for it; false at the end of input.
using LineSource = std::function<bool(std::string& line)>;

// The same with lines from `next_line` and replies to `out`, the session
// given `limits` (a cluster's rank: brudno-mpi uci).
int run_uci_loop(const LineSource& next_line, LineSink& out, SessionLimits limits = {});

}  // namespace brudno::protocol
