// The one place chess's search is compiled (chess_search.hpp).
#include "games/chess/chess_search.hpp"

#include "engine/search_definitions.hpp"

namespace brudno::engine {

template class Search<games::Chess>;

}  // namespace brudno::engine
