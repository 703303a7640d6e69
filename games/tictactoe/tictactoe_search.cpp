// The one place Tic-tac-toe's search and solver are compiled (tictactoe_search.hpp).
#include "games/tictactoe/tictactoe_search.hpp"

#include "engine/search_definitions.hpp"

namespace brudno::engine {

template class Search<games::TicTacToe>;
template class Solver<games::TicTacToe>;

}  // namespace brudno::engine
