#pragma once
// How a search runs, as opposed to how long (SearchLimits).

#include "engine/search_limits.hpp"
#include "engine/time_manager.hpp"

namespace brudno::engine {

class CoreShare;

struct SearchSettings {
  int threads = 1;  // threads sharing the tree (ParallelSearch) when above 1
  Milliseconds move_overhead = kDefaultMoveOverhead;
  // Games with a selective search (chess) use it: quiescence, check
  // extensions, pruning and reductions. False gives the full-width search
  // that plain minimax is, for the tests that compare the two.
  bool selective = true;
  // Principal lines reported per iteration (UCI MultiPV): the best, then
  // the best of the other moves, and so on.
  int multipv = 1;
  // Games with chance nodes: a line whose probability falls below this is
  // valued at once by the evaluation (see ChanceWorker). 0 is exact
  // expectiminimax, and the default; self-play may trade exactness for depth.
  double chance_cutoff = 0.0;
  // A helper of a search spread over processes that share their tables by
  // messages (brudno-mpi uci's ranks 1, 2, ...): it leaves out some
  // iterations (see skips_iteration) so that the searches spread over
  // depths. 0, the default: every iteration.
  int helper = 0;
  // Cores the search shares by turns with the process's other searches (a
  // server's sessions; see CoreShare), where it runs on one thread. None:
  // the search has the cores the kernel gives it.
  CoreShare* cores = nullptr;
};

}  // namespace brudno::engine
