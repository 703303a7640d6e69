#pragma once
// How deep any search goes: the plies of a line from the root. Every stack
// and table kept by ply is this deep, and scores keep the distance to a
// mate within it apart from heuristic values (score.hpp).

namespace brudno::engine {

inline constexpr int kMaxPly = 128;

}  // namespace brudno::engine
