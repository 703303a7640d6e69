#pragma once
// Runs one piece of work per thread of a oneTBB arena: piece 0 on the calling
// thread, the others as tasks of a task group, then waits for them all. It
// also adds the happens-before edges that ThreadSanitizer cannot see through
// oneTBB (see tsan_annotations.hpp), so that what the caller wrote before is
// visible to every piece, and what the pieces wrote is visible after.

#include <tbb/task_group.h>

#include <cstddef>

#include "engine/tsan_annotations.hpp"

namespace brudno::engine {

// `work(i)` for i in [0, pieces). Call it inside the arena's execute(). A
// piece whose task the group's context cancelled before it started never
// runs.
template <class Work>
void run_as_team(tbb::task_group& group, std::size_t pieces, const Work& work) {
  char spawned = 0;  // addresses for the ThreadSanitizer edges, never read
  char joined = 0;
  happens_before(&spawned);
  for (std::size_t piece = 1; piece < pieces; ++piece) {
    group.run([&, piece] {
      happens_after(&spawned);
      work(piece);
      happens_before(&joined);
    });
  }
  if (pieces > 0) work(0);
  group.wait();
  happens_after(&joined);
}

}  // namespace brudno::engine
