#pragma once
// 2048's search, compiled once, in g2048_search.cpp.
// Files that search this game include this header and link that
// instantiation instead of making their own.

#include "engine/search.hpp"
#include "games/g2048/g2048.hpp"

namespace brudno::engine {

extern template class Search<games::Game2048>;

}  // namespace brudno::engine
