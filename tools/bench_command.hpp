#pragma once
// `brudno bench`: a fixed list of positions per game searched to a fixed depth
// with a fresh table each. At one thread (the default) the total node count
// is the bench signature: it changes exactly when the search's behaviour
// changes. With more threads it shows time to depth and speed.

#include <cstdint>
#include <iosfwd>

namespace brudno::tools {

struct BenchTotals {
  std::uint64_t nodes = 0;
  std::uint64_t milliseconds = 0;
};

BenchTotals run_bench(std::ostream& out, int threads = 1);

}  // namespace brudno::tools
