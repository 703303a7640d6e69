#pragma once
// Runs one piece of work per thread of a oneTBB arena: piece 0 on the calling
// thread, the others as tasks of a task group, then waits for them all. It
// also adds the happens-before edges that ThreadSanitizer cannot see through
// oneTBB (see tsan_annotations.hpp), so that what the caller wrote before is
// visible to every piece, and what the pieces wrote is visible after.

#include <tbb/task_group.h>

#include <cstddef>
#include <vector>

#include "engine/tsan_annotations.hpp"

namespace brudno::engine {

// The address of the spawn edge, one for every team: a task acquires before
// it reads anything of its closure, so the address cannot be a capture.
inline char team_spawn_edge = 0;

// `work(i)` for i in [0, pieces). Call it inside the arena's execute(). A
// piece whose task the group's context cancelled before it started never
// runs.
template <class Work>
void run_as_team(tbb::task_group& group, std::size_t pieces, const Work& work) {
  char joined = 0;  // the address of the join edge, never read
  // The tasks are built first and released after, so that the writes that
  // build each task's closure come before the edge its body acquires.
  std::vector<tbb::task_handle> tasks;
  tasks.reserve(pieces > 0 ? pieces - 1 : 0);
  for (std::size_t piece = 1; piece < pieces; ++piece) {
    tasks.push_back(group.defer([&, piece] {
      happens_after(&team_spawn_edge);
      work(piece);
      happens_before(&joined);
    }));
  }
  happens_before(&team_spawn_edge);
  for (auto& task : tasks) group.run(std::move(task));
  if (pieces > 0) work(0);
  group.wait();
  happens_after(&joined);
}

}  // namespace brudno::engine
