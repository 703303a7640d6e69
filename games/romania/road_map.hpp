#pragma once
// A road map: cities, roads with their lengths, and optionally each city's
// straight-line distance to one destination (the textbook's Romania map and
// its distances to Bucharest, ../shared/data/puzzles/romania.txt).
//
// The text: `road CITY1 CITY2 KM` lines and `sld CITY KM` lines, one record a
// line, fields separated by spaces; a space in a name is written `_`. A city's
// roads are listed in the order the textbook's code iterates them: first the
// roads that name it first, in file order, then those that name it second.

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace brudno::games {

class RoadMap {
 public:
  struct Road {
    int from = 0;
    int to = 0;
    int km = 0;
    [[nodiscard]] int other_end(int city) const { return city == from ? to : from; }
  };
  static constexpr int kMaxCities = 250;

  // The map, or a message naming the line at fault.
  static std::variant<RoadMap, std::string> parse(std::istream& in);
  static std::variant<RoadMap, std::string> load(const std::string& path);

  [[nodiscard]] int cities() const { return static_cast<int>(names_.size()); }
  [[nodiscard]] const std::string& name(int city) const { return names_[city]; }
  // The city of that name (underscores or spaces alike), if there is one.
  [[nodiscard]] std::optional<int> find(std::string_view name) const;
  [[nodiscard]] const Road& road(int index) const { return roads_[index]; }
  [[nodiscard]] int road_count() const { return static_cast<int>(roads_.size()); }
  // Indexes of the roads at the city, in the textbook's order.
  [[nodiscard]] const std::vector<std::uint8_t>& roads_at(int city) const {
    return roads_at_[city];
  }

  // The city the straight-line distances are measured to (distance 0), when
  // every city has one.
  [[nodiscard]] std::optional<int> straight_line_target() const { return target_; }
  [[nodiscard]] int straight_line_km(int city) const { return straight_line_[city]; }

 private:
  int city_index(const std::string& name);

  std::vector<std::string> names_;
  std::vector<Road> roads_;
  std::vector<std::vector<std::uint8_t>> roads_at_;
  std::vector<int> straight_line_;
  std::optional<int> target_;
};

}  // namespace brudno::games
