// The list of games a session can play. A new game is one line here.
#include <array>

#include "games/synthetic/synthetic.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "protocol/game_session.hpp"
#include "protocol/game_session_for.hpp"

namespace brudno::protocol {
namespace {

template <engine::Game... Games>
struct Registry {
  static constexpr std::array<std::string_view, sizeof...(Games)> kNames = {Games::kName...};

  static std::unique_ptr<GameSession> make(std::string_view name,
                                           engine::TranspositionTable& table) {
    std::unique_ptr<GameSession> session;
    ((name == Games::kName ? (session = std::make_unique<GameSessionFor<Games>>(table), 0) : 0),
     ...);
    return session;
  }
};

using AllGames = Registry<games::TicTacToe, games::SyntheticTree>;

}  // namespace

std::span<const std::string_view> game_names() {
  return AllGames::kNames;
}

std::string_view default_game() {
  return games::TicTacToe::kName;
}

std::unique_ptr<GameSession> make_game_session(std::string_view name,
                                               engine::TranspositionTable& table) {
  return AllGames::make(name, table);
}

}  // namespace brudno::protocol
