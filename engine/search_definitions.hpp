#pragma once
// Everything a Search<G> or a Solver<G> instantiates: the searchers that
// search.hpp and solver.hpp only declare. Included by the one file per game
// that instantiates its search (games/<game>/<game>_search.cpp) and by tests
// whose games are their own; everywhere else the game's *_search.hpp, which
// declares the instantiation, is enough.

#include "engine/chance_worker.hpp"
#include "engine/parallel_search.hpp"
#include "engine/search.hpp"
#include "engine/search_worker.hpp"
#include "engine/solver.hpp"
