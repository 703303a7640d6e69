#pragma once
// `brudno bench`: a fixed list of positions per game searched to a fixed depth
// with a fresh table each. At one thread (the default) the total node count
// is the bench signature: it changes exactly when the search's behaviour
// changes. With more threads it shows time to depth and speed. Chess is
// evaluated by the built-in network, as the engine evaluates it by default.

#include <cstdint>
#include <iosfwd>

#include "games/chess/eval/nnue/active_network.hpp"

namespace brudno::tools {

struct BenchTotals {
  std::uint64_t nodes = 0;
  std::uint64_t milliseconds = 0;
};

// Chess evaluated by `chess_network`, by hand when null.
BenchTotals run_bench(
    std::ostream& out, int threads = 1,
    const games::chess::nnue::Network* chess_network = &games::chess::nnue::embedded_network());

}  // namespace brudno::tools
