// The one place The synthetic games' searches and solvers are compiled (synthetic_search.hpp).
#include "games/synthetic/synthetic_search.hpp"

#include "engine/search_definitions.hpp"

namespace brudno::engine {

template class Search<games::SyntheticTree>;
template class Solver<games::SyntheticTree>;
template class Search<games::PickingGame>;
template class Solver<games::PickingGame>;

}  // namespace brudno::engine
