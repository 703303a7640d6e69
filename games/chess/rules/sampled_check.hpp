#pragma once
// When the debug build's from-scratch checks run. The position's invariants
// (Chess::is_consistent) after each play, undo and null move, and the
// network's accumulators against the board at each evaluation, each cost
// more than the work they check: checked every time, the debug suite's chess
// searches and mate searches ran two to five times longer. A change that
// goes wrong stays wrong in what is built on it (the key, the sums and the
// accumulators are incremental), so checking one in eight still catches it
// within a few plies; every one of a thread's first 65 536 is checked, so
// that short tests (perft trees, play and undo round trips) check them all.
// Release builds never ask.

#include <cstdint>

namespace brudno::games::chess {

enum class SampledCheck { kPosition, kAccumulators };

// Whether this thread's next check of this kind is due.
template <SampledCheck kKind>
bool sampled_check_due() noexcept {
  constexpr std::uint64_t kAllChecked = 65'536;
  constexpr std::uint64_t kEvery = 8;
  thread_local std::uint64_t calls = 0;
  ++calls;
  return calls <= kAllChecked || calls % kEvery == 0;
}

}  // namespace brudno::games::chess
