#pragma once
// A loop over [0, count) shared by `threads` threads: each takes the next
// chunk of `chunk` indexes until none is left, so uneven work (instances of
// very different size) evens out. Built on run_as_team, whose edges
// ThreadSanitizer sees, rather than on tbb::parallel_for, whose partitioner
// it cannot.

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>

#include "engine/team_run.hpp"

namespace brudno::engine {

// body(begin, end) for consecutive chunks of [0, count); returns when all are done.
template <class Body>
void shared_loop(int threads, std::uint64_t count, std::uint64_t chunk, const Body& body) {
  assert(chunk > 0);  // else no chunk moves the loop on
  std::atomic<std::uint64_t> next{0};
  const auto work = [&](std::size_t) {
    for (std::uint64_t begin; (begin = next.fetch_add(chunk)) < count;) {
      const std::uint64_t end = std::min(count, begin + chunk);
      assert(begin < end && end - begin <= chunk);
      body(begin, end);
    }
  };
  // One thread runs the loop itself: an arena and a team would only cost
  // (and ThreadSanitizer, which cannot see inside TBB, reads the memory TBB
  // zeroes for each new arena, reused across threads, as a race).
  if (threads <= 1) {
    work(0);
    return;
  }
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::task_group group;
    run_as_team(group, static_cast<std::size_t>(threads), work);
  });
}

}  // namespace brudno::engine
