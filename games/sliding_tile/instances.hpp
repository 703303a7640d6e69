#pragma once
// Files of sliding-tile instances (../shared/data/puzzles/korf100.txt and
// 8puzzle_instances.txt): one instance a line, the tiles row by row last.
// A line is one of
//   t0 ... tN-1                          the tiles alone (id: the line number)
//   id optimal_length t0 ... tN-1        with the known optimal length
//   id optimal_length nodes t0 ... tN-1  and a published node count

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace brudno::games {

struct TileInstance {
  std::string id;
  std::string tiles;  // the tiles as written, for the board's parse()
  std::optional<int> optimal_length;
  std::optional<std::uint64_t> reference_nodes;
};

// The instances, or a message naming the first malformed line. The tiles are
// not checked here: the board's parse() says what is wrong with them.
std::variant<std::vector<TileInstance>, std::string> read_tile_instances(std::istream& in,
                                                                         int cells);
std::variant<std::vector<TileInstance>, std::string> load_tile_instances(const std::string& path,
                                                                         int cells);

}  // namespace brudno::games
