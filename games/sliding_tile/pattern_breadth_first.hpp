#pragma once
// The breadth-first search that fills a pattern database: back from the goal
// over every placement of the pattern's tiles, a move of a pattern tile
// costing one and the blank wandering its region of empty cells for free.
//
// A placement is split into the set of cells its tiles cover and the order
// of its tiles on them (which tile sits on the lowest covered cell, which on
// the next...). Where the blank can go, and so which moves exist, depends on
// the set alone; a move changes the set and leaves the order as it was, or,
// when the tile jumps over covered cells (a vertical move), changes it by the
// same permutation for every order. So the search keeps, for each set and
// region of the blank, a bitset over the k! orders (seen, this layer, the
// next), and a layer is a few thousand bitwise unions of in-cache blocks
// instead of billions of random probes of a placement-indexed table.

#include <cstdint>
#include <functional>
#include <vector>

namespace brudno::games {

// The distance of a placement that no sequence of moves reaches.
inline constexpr std::uint8_t kUnreachedPlacement = 0xff;

// Most tiles a pattern may have: the orders of its tiles are tabulated (8!
// = 40,320 of them), and a 9-tile pattern of the 15-puzzle would need 4 GB.
inline constexpr int kMostPatternTiles = 8;

// After each layer: its depth, the states (placement and region of the
// blank) first reached there, and the placements first reached there.
using PatternLayerReport =
    std::function<void(int depth, std::uint64_t states, std::uint64_t placements)>;

// The database's entries for `tiles` (each 1 .. cells-1, at most
// kMostPatternTiles) on a width x height board with the blank home on cell 0,
// indexed as PatternDatabase::index ranks placements; `threads` share each
// layer. Unreached placements hold kUnreachedPlacement.
std::vector<std::uint8_t> pattern_distances(int width, int height, const std::vector<int>& tiles,
                                            int threads, const PatternLayerReport& report = {});

}  // namespace brudno::games
