#pragma once
// The searchers a Search or a Solver drives, declared but not defined: their
// definitions (and TBB, which the parallel one runs on) are needed only where
// a search is instantiated (engine/search_definitions.hpp), not in every file
// that runs one through a game's explicit instantiation.

#include <cstdint>

#include "engine/game.hpp"

namespace brudno::engine {

// One thread's alpha-beta search (search_worker.hpp).
template <Game G, bool kTeam = false>
class SearchWorker;

// Alpha-beta over a team of threads sharing the tree (parallel_search.hpp).
template <Game G>
class ParallelSearch;

// How a chance node is cut (chance_worker.hpp).
enum class ChancePruning : std::uint8_t {
  kNone,   // alpha-beta at the decision nodes; every chance node averaged in full
  kStar1,  // and chance nodes cut with the bounds on the leaf values
  kStar2,  // and each decision child probed with one move first
};

// Expectiminimax for games with chance nodes (chance_worker.hpp).
template <HasChance G>
class ChanceWorker;

}  // namespace brudno::engine
