#pragma once
// How a search runs, as opposed to how long (SearchLimits).

#include "engine/search_limits.hpp"
#include "engine/time_manager.hpp"

namespace brudno::engine {

struct SearchSettings {
  int threads = 1;  // threads sharing the tree (ParallelSearch) when above 1
  Milliseconds move_overhead = kDefaultMoveOverhead;
  // Games with quiescence (chess) search selectively: quiescence, check
  // extensions, pruning and reductions. False gives the full-width search
  // that plain minimax is, for the tests that compare the two.
  bool selective = true;
  // Principal lines reported per iteration (UCI MultiPV): the best, then
  // the best of the other moves, and so on.
  int multipv = 1;
};

}  // namespace brudno::engine
