#pragma once
// The games brudno hosts, as one type list: the only place a game is chosen
// by name at run time. A new game is one entry here, and its explicit
// instantiations in game_searches.hpp and .cpp.

#include <array>
#include <string_view>

#include "games/chess/chess.hpp"
#include "games/connect4/connect4.hpp"
#include "games/g2048/g2048.hpp"
#include "games/synthetic/synthetic.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace brudno::protocol {

template <engine::Game... Games>
struct GameList {
  static constexpr std::array<std::string_view, sizeof...(Games)> kNames = {Games::kName...};

  // Calls visitor.template operator()<G>() for the game named `name`; false if none is.
  template <class Visitor>
  static bool visit(std::string_view name, Visitor&& visitor) {
    return ((name == Games::kName ? (visitor.template operator()<Games>(), true) : false) || ...);
  }
};

using AllGames = GameList<games::Chess, games::TicTacToe, games::ConnectFour, games::SyntheticTree,
                          games::Game2048>;

// What a chess GUI gets without sending any option.
inline constexpr std::string_view kDefaultGame = games::Chess::kName;

}  // namespace brudno::protocol
