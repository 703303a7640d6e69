#pragma once
// `brudno bench`: a fixed list of positions per game searched to a fixed depth
// on one thread with a fresh table each. The total node count is the bench
// signature: it changes exactly when the search's behaviour changes.

#include <cstdint>
#include <iosfwd>

namespace brudno::protocol {

struct BenchTotals {
  std::uint64_t nodes = 0;
  std::uint64_t milliseconds = 0;
};

BenchTotals run_bench(std::ostream& out);

}  // namespace brudno::protocol
