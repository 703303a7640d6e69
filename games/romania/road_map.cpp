#include "games/romania/road_map.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace brudno::games {
namespace {

constexpr int kMaxKm = 1'000'000;
constexpr int kMaxRoads = 255;  // a move is a road's index in one byte

std::optional<int> parse_km(const std::string& word) {
  int km = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), km);
  if (error != std::errc{} || end != word.data() + word.size() || km < 0 || km > kMaxKm)
    return std::nullopt;
  return km;
}

std::string with_spaces(std::string_view name) {
  std::string text(name);
  std::replace(text.begin(), text.end(), '_', ' ');
  return text;
}

}  // namespace

int RoadMap::city_index(const std::string& name) {
  const auto known = std::find(names_.begin(), names_.end(), name);
  if (known != names_.end()) return static_cast<int>(known - names_.begin());
  names_.push_back(name);
  straight_line_.push_back(-1);
  roads_at_.emplace_back();
  return cities() - 1;
}

std::optional<int> RoadMap::find(std::string_view name) const {
  const std::string wanted = with_spaces(name);
  for (int city = 0; city < cities(); ++city) {
    if (with_spaces(names_[city]) == wanted) return city;
  }
  return std::nullopt;
}

std::variant<RoadMap, std::string> RoadMap::parse(std::istream& in) {
  RoadMap map;
  int number = 0;
  bool any_straight_line = false;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream fields(line);
    std::vector<std::string> words;
    for (std::string word; fields >> word;) words.push_back(word);
    if (words.empty()) continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    if (words[0] == "road") {
      if (words.size() != 4) return where + "expected 'road CITY1 CITY2 KM'";
      const auto km = parse_km(words[3]);
      if (!km) return where + "'" + words[3] + "' is not a distance in km";
      if (words[1] == words[2]) return where + "a road from " + words[1] + " to itself";
      if (map.road_count() == kMaxRoads)
        return where + "more than " + std::to_string(kMaxRoads) + " roads";
      const int from = map.city_index(words[1]);
      const int to = map.city_index(words[2]);
      if (map.cities() > kMaxCities)
        return where + "more than " + std::to_string(kMaxCities) + " cities";
      for (const Road& road : map.roads_) {
        if ((road.from == from && road.to == to) || (road.from == to && road.to == from))
          return where + "a second road between " + words[1] + " and " + words[2];
      }
      map.roads_.push_back(Road{from, to, *km});
    } else if (words[0] == "sld") {
      if (words.size() != 3) return where + "expected 'sld CITY KM'";
      const auto km = parse_km(words[2]);
      if (!km) return where + "'" + words[2] + "' is not a distance in km";
      const int city = map.city_index(words[1]);
      if (map.straight_line_[city] >= 0)
        return where + "a second straight-line distance for " + words[1];
      map.straight_line_[city] = *km;
      any_straight_line = true;
    } else {
      return where + "unknown record '" + words[0] + "' (expected 'road' or 'sld')";
    }
  }
  if (map.roads_.empty()) return std::string("no roads");
  // Roads that name a city first come before those that name it second.
  for (const bool first : {true, false}) {
    for (int index = 0; index < map.road_count(); ++index) {
      const Road& road = map.roads_[index];
      map.roads_at_[first ? road.from : road.to].push_back(static_cast<std::uint8_t>(index));
    }
  }
  if (any_straight_line) {
    for (int city = 0; city < map.cities(); ++city) {
      if (map.straight_line_[city] < 0) return "no straight-line distance for " + map.names_[city];
      if (map.straight_line_[city] == 0) {
        if (map.target_)
          return "two cities at straight-line distance 0: " + map.names_[*map.target_] + " and " +
                 map.names_[city];
        map.target_ = city;
      }
    }
    if (!map.target_) return std::string("no city at straight-line distance 0 (the destination)");
  }
  return map;
}

std::variant<RoadMap, std::string> RoadMap::load(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "cannot read " + path;
  auto parsed = parse(in);
  if (auto* problem = std::get_if<std::string>(&parsed)) *problem = path + ": " + *problem;
  return parsed;
}

}  // namespace brudno::games
