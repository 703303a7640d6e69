#pragma once
// The searchers a Search or a Solver drives, declared but not defined: their
// definitions (and TBB, which the parallel one runs on) are needed only where
// a search is instantiated (engine/search_definitions.hpp), not in every file
// that runs one through a game's explicit instantiation.

#include <cstdint>

#include "engine/game.hpp"

namespace brudno::engine {

// How wide an alpha-beta search looks (SearchSettings::selective), a policy
// fixed when it is compiled, so that neither search carries the other's
// tests: the game's own search, selective where the game has one
// (HasSelectiveSearch) and ending by its rules (HasRuleStatus), or the
// oracle's full width, plain minimax's tree (every move to the same depth,
// the game's complete status at every node, no quiescence, extension or
// pruning), which the tests compare with minimax and play never uses. For a
// game with neither hook the two are the same search.
enum class Width : std::uint8_t { kSelective, kFull };

// How a worker works with others on one tree (team_policy.hpp): alone, or
// as one of a team.
class LonePolicy;
class TeamPolicy;

// One thread's alpha-beta search (search_worker.hpp).
template <Game G, class Team = LonePolicy, Width kWidth = Width::kSelective>
class SearchWorker;

// Alpha-beta over a team of threads sharing the tree (parallel_search.hpp).
template <Game G, Width kWidth = Width::kSelective>
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
