// Sessions for the games of the game list.
#include "protocol/game_list.hpp"
#include "protocol/game_session.hpp"
#include "protocol/game_session_for.hpp"

namespace brudno::protocol {

std::span<const std::string_view> game_names() {
  return AllGames::kNames;
}

std::string_view default_game() {
  return kDefaultGame;
}

std::unique_ptr<GameSession> make_game_session(std::string_view name,
                                               engine::TranspositionTable& table) {
  std::unique_ptr<GameSession> session;
  AllGames::visit(name,
                  [&]<engine::Game G>() { session = std::make_unique<GameSessionFor<G>>(table); });
  return session;
}

}  // namespace brudno::protocol
