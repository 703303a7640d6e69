#pragma once
// The sparse first layer's index list, built without a branch per input:
// for each 8-bit mask of which of 8 consecutive pairs are non-zero, the
// positions of its set bits, in order. A path stores the 8 entries of the
// mask it found (plus the base pair) at the list's end and advances by the
// mask's population count, as Stockfish's find_nnz does; the loop over set
// bits it replaces mispredicted on most masks.
//
// Data only, built at compile time: the SSE4.1 and AVX2 files, each compiled
// with its own instruction set, share no code through it (simd.hpp).

#include <cstdint>

namespace brudno::games::chess::nnue {

struct NonzeroLookup {
  alignas(16) std::uint16_t positions[256][8];
};

static constexpr NonzeroLookup make_nonzero_lookup() {
  NonzeroLookup lookup{};
  for (int mask = 0; mask < 256; ++mask) {
    int count = 0;
    for (int bit = 0; bit < 8; ++bit)
      if (mask & (1 << bit)) lookup.positions[mask][count++] = static_cast<std::uint16_t>(bit);
  }
  return lookup;
}

inline constexpr NonzeroLookup kNonzeroLookup = make_nonzero_lookup();

}  // namespace brudno::games::chess::nnue
