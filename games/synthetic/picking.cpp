#include "games/synthetic/picking.hpp"

#include <charconv>
#include <sstream>

namespace brudno::games {
namespace {

template <class Integer>
std::optional<Integer> read_integer(std::string_view text) {
  Integer value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<PickingGame> PickingGame::parse(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string count, seed, takes, cells, side, extra;
  if (!(in >> count >> seed >> takes)) return std::nullopt;
  const auto items = read_integer<int>(count);
  const auto seed_value = read_integer<std::uint64_t>(seed);
  if (!items || !seed_value || *items < 1 || *items > kMaxItems) return std::nullopt;
  if (takes != "1" && takes != "2") return std::nullopt;
  PickingGame game(*items, *seed_value, takes == "2");
  if (!(in >> cells)) return game;
  if (!(in >> side) || (in >> extra) || static_cast<int>(cells.size()) != *items ||
      (side != "0" && side != "1")) {
    return std::nullopt;
  }
  for (int item = 0; item < *items; ++item) {
    if (cells[static_cast<std::size_t>(item)] == 'x') {
      game.taken_ |= std::uint32_t{1} << item;
    } else if (cells[static_cast<std::size_t>(item)] != '.') {
      return std::nullopt;
    }
  }
  game.key_ = item_keys(game.taken_);
  if (side == "1") {
    game.side_ = 1;
    game.key_ ^= kSideKey;
  }
  return game;
}

std::string PickingGame::to_text() const {
  std::string cells;
  for (int item = 0; item < items_; ++item) cells += taken(item) ? 'x' : '.';
  return std::to_string(items_) + ' ' + std::to_string(seed_) + ' ' + (pairs_ ? "2 " : "1 ") +
         cells + ' ' + std::to_string(side_);
}

std::optional<PickingGame::Move> PickingGame::parse_move(std::string_view text) const {
  const bool pair = text.ends_with('+');
  if (pair) text.remove_suffix(1);
  const auto number = read_integer<int>(text);
  if (!number || *number < 1 || *number > items_) return std::nullopt;
  const int item = *number - 1;
  if (taken(item) || (pair && (!pairs_ || item + 1 >= items_ || taken(item + 1)))) {
    return std::nullopt;
  }
  return static_cast<Move>(pair ? item | 32 : item);
}

}  // namespace brudno::games
