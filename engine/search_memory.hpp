#pragma once
// What a session's searches keep from one `go` to the next: each search
// thread's ordering memory, and the oneTBB arena the threads of a parallel
// search run in, made when the number of threads changes and not per search.
// The arena is only declared here, so that code which searches on one thread
// does not parse oneTBB (engine/search_arena.hpp defines it).

#include <cstddef>
#include <memory>
#include <vector>

#include "engine/ordering_memory.hpp"

namespace brudno::engine {

class SearchArena;

class SearchMemory {
 public:
  SearchMemory();
  ~SearchMemory();
  SearchMemory(const SearchMemory&) = delete;
  SearchMemory& operator=(const SearchMemory&) = delete;

  // Readies the memory for a search on `threads` threads of a game whose
  // move tables have the sizes of `shape` (ordering_shape()): one ordering
  // memory a thread (a new thread's starts empty, and all start empty when
  // the game's sizes differ from the last search's), an arena for them when
  // there are two or more, and every memory aged (OrderingMemory::age()).
  void start_search(int threads, OrderingShape shape);
  // The allocation half of start_search(), without the ageing: done ahead
  // of the first search (UCI's `isready`), it leaves that search nothing
  // to allocate, and searches exactly as it would have.
  void reserve(int threads, OrderingShape shape);
  // Whether reserve(threads, shape) would have nothing left to do.
  [[nodiscard]] bool reserved(int threads, OrderingShape shape) const;
  // Forgets everything learnt: a new game.
  void clear();

  // The ordering memory of thread `index` (from 0) of the current search.
  [[nodiscard]] OrderingMemory& thread(std::size_t index);
  // The arena of the current search; only for two or more threads.
  [[nodiscard]] SearchArena& arena();

  // Arenas made by every SearchMemory of the process: a test's way to see
  // that searches reuse theirs.
  [[nodiscard]] static long arenas_made();

 private:
  std::vector<std::unique_ptr<OrderingMemory>> threads_;
  std::unique_ptr<SearchArena> arena_;
  int arena_threads_ = 0;
};

}  // namespace brudno::engine
