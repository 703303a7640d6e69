#include "games/sliding_tile/instances.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

namespace brudno::games {
namespace {

template <class Number>
std::optional<Number> parse_number(const std::string& word) {
  Number value{};
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (error != std::errc{} || end != word.data() + word.size()) return std::nullopt;
  return value;
}

}  // namespace

std::variant<std::vector<TileInstance>, std::string> read_tile_instances(std::istream& in,
                                                                         int cells) {
  std::vector<TileInstance> instances;
  int number = 0;
  const auto n = static_cast<std::size_t>(cells);
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::istringstream fields(line);
    std::vector<std::string> words;
    for (std::string word; fields >> word;) words.push_back(word);
    if (words.empty()) continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    if (words.size() != n && words.size() != n + 2 && words.size() != n + 3) {
      return where + "expected " + std::to_string(n) + " tiles, optionally after an id and the " +
             "optimal length (and a node count); got " + std::to_string(words.size()) + " fields";
    }
    TileInstance instance;
    const std::size_t first_tile = words.size() - n;
    if (first_tile == 0) {
      instance.id = std::to_string(number);
    } else {
      instance.id = words[0];
      instance.optimal_length = parse_number<int>(words[1]);
      if (!instance.optimal_length || *instance.optimal_length < 0)
        return where + "'" + words[1] + "' is not an optimal length";
      if (first_tile == 3) {
        instance.reference_nodes = parse_number<std::uint64_t>(words[2]);
        if (!instance.reference_nodes) return where + "'" + words[2] + "' is not a node count";
      }
    }
    for (std::size_t i = first_tile; i < words.size(); ++i)
      instance.tiles += (i > first_tile ? " " : "") + words[i];
    instances.push_back(std::move(instance));
  }
  if (instances.empty()) return std::string("no instances");
  return instances;
}

std::variant<std::vector<TileInstance>, std::string> load_tile_instances(const std::string& path,
                                                                         int cells) {
  std::ifstream in(path);
  if (!in) return "cannot read " + path;
  auto read = read_tile_instances(in, cells);
  if (auto* problem = std::get_if<std::string>(&read)) *problem = path + ": " + *problem;
  return read;
}

}  // namespace brudno::games
