#include "games/sliding_tile/pattern_database.hpp"

#include "games/sliding_tile/pattern_breadth_first.hpp"

namespace brudno::games {

std::uint64_t pattern_entries(int cells, int tiles) {
  std::uint64_t entries = 1;
  for (int j = 0; j < tiles; ++j) entries *= static_cast<std::uint64_t>(cells - j);
  return entries;
}

PatternDatabase PatternDatabase::build(int width, int height, std::vector<int> tiles, int threads,
                                       const PatternLayerReport& report) {
  PatternDatabase database(width, height, std::move(tiles));
  database.distances_ = pattern_distances(width, height, database.tiles_, threads, report);
  return database;
}

PatternDatabase PatternDatabase::from_parts(int width, int height, std::vector<int> tiles,
                                            std::vector<std::uint8_t> distances) {
  PatternDatabase database(width, height, std::move(tiles));
  database.distances_ = std::move(distances);
  return database;
}

int PatternDatabase::deepest() const {
  int deepest = 0;
  for (const auto distance : distances_) {
    if (distance != kUnreachedPlacement && distance > deepest) deepest = distance;
  }
  return deepest;
}

AdditivePatterns::AdditivePatterns(std::vector<std::shared_ptr<const PatternDatabase>> parts,
                                   bool reflect)
    : databases_(std::move(parts)), reflect_(reflect) {
  for (const auto& database : databases_) {
    Part part{{}, database.get()};
    for (const int tile : database->tiles()) part.tiles.push_back(static_cast<std::uint8_t>(tile));
    parts_.push_back(std::move(part));
  }
}

std::uint64_t AdditivePatterns::bytes() const {
  std::uint64_t bytes = 0;
  for (const auto& database : databases_) bytes += database->size();
  return bytes;
}

}  // namespace brudno::games
