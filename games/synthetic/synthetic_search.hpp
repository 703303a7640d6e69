#pragma once
// The synthetic games' searches and solvers (the tree and the picking game), compiled once, in
// synthetic_search.cpp. Files that search these games include this header and link that
// instantiation instead of making their own.

#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "games/synthetic/picking.hpp"
#include "games/synthetic/synthetic.hpp"

namespace brudno::engine {

extern template class Search<games::SyntheticTree>;
extern template class Solver<games::SyntheticTree>;
extern template class Search<games::PickingGame>;
extern template class Solver<games::PickingGame>;

}  // namespace brudno::engine
