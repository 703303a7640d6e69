// The one place Connect Four's search and solver are compiled (connect4_search.hpp).
#include "games/connect4/connect4_search.hpp"

#include "engine/search_definitions.hpp"

namespace brudno::engine {

template class Search<games::ConnectFour>;
template class Solver<games::ConnectFour>;

}  // namespace brudno::engine
