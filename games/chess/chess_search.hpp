#pragma once
// Chess's search, compiled once, in chess_search.cpp.
// Files that search this game include this header and link that
// instantiation instead of making their own.

#include "engine/search.hpp"
#include "games/chess/chess.hpp"

namespace brudno::engine {

extern template class Search<games::Chess>;

}  // namespace brudno::engine
