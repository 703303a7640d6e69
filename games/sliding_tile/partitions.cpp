#include "games/sliding_tile/partitions.hpp"

namespace brudno::games {

const std::vector<Partition>& partitions() {
  static const std::vector<Partition> all = {
      {"pdb", 3, 3, {{1, 2, 3, 4}, {5, 6, 7, 8}}},
      {"pdb", 4, 4, {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
      {"pdb78", 4, 4, {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
      {"pdb663", 4, 4, {{1, 4, 5, 8, 9, 12}, {2, 3, 6, 7, 10, 11}, {13, 14, 15}}},
      {"pdb555", 4, 4, {{1, 4, 5, 8, 9}, {2, 3, 6, 7, 10}, {11, 12, 13, 14, 15}}},
  };
  return all;
}

std::optional<Partition> find_partition(std::string_view name, int width, int height) {
  for (const auto& partition : partitions()) {
    if (partition.name == name && partition.width == width && partition.height == height)
      return partition;
  }
  return std::nullopt;
}

AdditivePatterns load_partition(const Partition& partition, const std::filesystem::path& directory,
                                int threads, PatternCacheReport& report) {
  std::vector<std::shared_ptr<const PatternDatabase>> databases;
  for (const auto& tiles : partition.patterns) {
    databases.push_back(load_or_build_pattern(partition.width, partition.height, tiles, directory,
                                              threads, report));
  }
  return AdditivePatterns(std::move(databases), partition.width == partition.height);
}

}  // namespace brudno::games
