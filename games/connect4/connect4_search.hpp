#pragma once
// Connect Four's search and solver, compiled once, in connect4_search.cpp.
// Files that search this game include this header and link that
// instantiation instead of making their own.

#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "games/connect4/connect4.hpp"

namespace brudno::engine {

extern template class Search<games::ConnectFour>;
extern template class Solver<games::ConnectFour>;

}  // namespace brudno::engine
