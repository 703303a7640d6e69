#include "games/sliding_tile/sliding_tile.hpp"

#include <charconv>

namespace brudno::games {

template <int W, int H>
std::variant<SlidingTile<W, H>, std::string> SlidingTile<W, H>::from_tiles(const Tiles& tiles) {
  std::array<bool, kCells> present{};
  for (const auto tile : tiles) {
    if (tile >= kCells)
      return "tile " + std::to_string(tile) + " on a board of tiles 0-" +
             std::to_string(kCells - 1);
    if (present[tile]) return "tile " + std::to_string(tile) + " twice";
    present[tile] = true;
  }
  // A move swaps the blank with a tile: one transposition, and the blank one
  // step nearer or further. So the permutation's parity and the parity of the
  // blank's distance from its goal cell change together, and must agree.
  int transpositions = 0;
  Tiles cycle = tiles;
  for (int cell = 0; cell < kCells; ++cell) {
    while (cycle[cell] != cell) {
      std::swap(cycle[cell], cycle[cycle[cell]]);
      ++transpositions;
    }
  }
  int blank = 0;
  while (tiles[blank] != 0) ++blank;
  if (transpositions % 2 != distance(0, blank) % 2)
    return std::string(
        "unsolvable: the permutation's parity does not match the blank's row and column");
  SlidingTile board;
  board.set(tiles);
  return board;
}

template <int W, int H>
std::variant<SlidingTile<W, H>, std::string> SlidingTile<W, H>::parse(std::string_view text) {
  Tiles tiles{};
  int count = 0;
  const char* at = text.data();
  const char* end = text.data() + text.size();
  while (true) {
    while (at != end && (*at == ' ' || *at == ',' || *at == '\t')) ++at;
    if (at == end) break;
    int tile = 0;
    const auto [next, error] = std::from_chars(at, end, tile);
    if (error != std::errc{} || (next != end && *next != ' ' && *next != ',' && *next != '\t') ||
        tile < 0) {
      const char* word_end = at;
      while (word_end != end && *word_end != ' ' && *word_end != ',') ++word_end;
      // Appended, not concatenated: GCC 12 warns falsely on "'" + std::string.
      std::string message(1, '\'');
      message.append(at, word_end).append("' is not a tile number");
      return message;
    }
    if (count == kCells)
      return "more than " + std::to_string(kCells) + " tiles for a " + std::to_string(W) + "x" +
             std::to_string(H) + " board";
    if (tile >= kCells)
      return "tile " + std::to_string(tile) + " on a board of tiles 0-" +
             std::to_string(kCells - 1);
    tiles[count++] = static_cast<std::uint8_t>(tile);
    at = next;
  }
  if (count != kCells)
    return std::to_string(count) + " tiles for a " + std::to_string(W) + "x" + std::to_string(H) +
           " board of " + std::to_string(kCells);
  return from_tiles(tiles);
}

template <int W, int H>
std::string SlidingTile<W, H>::to_text() const {
  std::string text;
  for (int cell = 0; cell < kCells; ++cell) {
    if (cell > 0) text += ' ';
    text += std::to_string(tiles_[cell]);
  }
  return text;
}

template <int W, int H>
std::string SlidingTile<W, H>::to_display() const {
  std::string text;
  for (int cell = 0; cell < kCells; ++cell) {
    const std::string tile = tiles_[cell] == 0 ? "." : std::to_string(tiles_[cell]);
    text += std::string(3 - tile.size(), ' ') + tile;
    if (cell % W == W - 1) text += '\n';
  }
  return text;
}

template class SlidingTile<3, 3>;
template class SlidingTile<4, 4>;

}  // namespace brudno::games
