#pragma once
// The named sets of disjoint patterns a search can use, by board size. The
// 15-puzzle's 7-8 and 6-6-3 are the partitions of Korf and Felner's papers
// (blank top-left: 1-7 and 8-15; the left-hand 6, the middle 6 and the
// bottom-right 3); 5-5-5 is small enough to build in a test.

#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "games/sliding_tile/pattern_cache.hpp"

namespace brudno::games {

struct Partition {
  std::string_view name;
  int width;
  int height;
  std::vector<std::vector<int>> patterns;
};

const std::vector<Partition>& partitions();
// The partition of that name for a board of that size.
std::optional<Partition> find_partition(std::string_view name, int width, int height);

// The partition's databases from the cache (built there when missing), with
// the mirror-image lookup on square boards.
AdditivePatterns load_partition(const Partition& partition, const std::filesystem::path& directory,
                                int threads, PatternCacheReport& report);

}  // namespace brudno::games
