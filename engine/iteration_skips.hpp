#pragma once
// Which iterations a helper search leaves out. Several searches of one
// position that share a table only by messages (the ranks of brudno-mpi
// uci) would otherwise run the same iterations in the same order, each
// repeating the others' work; a helper that skips some depths runs ahead,
// and its deeper table entries reach the others before they need them.
// The pattern is the one lazy SMP engines gave their helper threads
// (Stockfish 8's skip blocks): helper k leaves out iteration d when
// ((d + phase) / size) is odd, with size and phase from k's row.

#include <array>
#include <cassert>
#include <cstddef>

namespace brudno::engine {

// helper: 0 is the main search, which runs every iteration; 1, 2, ... the
// helpers. The first iteration and the last one asked for are never left
// out: every search has a move, and a `go depth` reaches its depth.
constexpr bool skips_iteration(int helper, int depth, int last_depth) {
  constexpr std::array<int, 20> kSize{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
  constexpr std::array<int, 20> kPhase{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
  assert(1 <= depth && depth <= last_depth);  // an iteration of the deepening, from 1
  if (helper <= 0 || depth <= 1 || depth >= last_depth) return false;
  const auto row = static_cast<std::size_t>((helper - 1) % 20);
  assert(row < kSize.size() && kSize[row] > 0);
  return (depth + kPhase[row]) / kSize[row] % 2 != 0;
}

}  // namespace brudno::engine
