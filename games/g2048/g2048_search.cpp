// The one place 2048's search is compiled (g2048_search.hpp).
#include "games/g2048/g2048_search.hpp"

#include "engine/search_definitions.hpp"

namespace brudno::engine {

template class Search<games::Game2048>;

}  // namespace brudno::engine
