#pragma once
#include <iosfwd>

namespace brudno::protocol {

// Speaks UCI on `in`/`out` until quit or end of input; returns the exit status.
int run_uci_loop(std::istream& in, std::ostream& out);

}  // namespace brudno::protocol
