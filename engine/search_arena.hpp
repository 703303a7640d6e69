#pragma once
// The oneTBB arena a parallel search's threads run in (see SearchMemory).

#include <tbb/task_arena.h>

namespace brudno::engine {

class SearchArena {
 public:
  explicit SearchArena(int threads) : arena_(threads) {}
  [[nodiscard]] tbb::task_arena& get() { return arena_; }

 private:
  tbb::task_arena arena_;
};

}  // namespace brudno::engine
