#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace brudno::protocol {

// `brudno serve [options]`: returns the exit status.
int run_serve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace brudno::protocol
