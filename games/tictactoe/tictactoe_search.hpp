#pragma once
// Tic-tac-toe's search and solver, compiled once, in tictactoe_search.cpp.
// Files that search this game include this header and link that
// instantiation instead of making their own.

#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace brudno::engine {

extern template class Search<games::TicTacToe>;
extern template class Solver<games::TicTacToe>;

}  // namespace brudno::engine
