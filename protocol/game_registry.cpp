// Sessions for the games of the game list, with the features each game
// offers beyond the search (game_features.hpp).
#include "protocol/chess_features.hpp"
#include "protocol/game_list.hpp"
#include "protocol/game_session.hpp"
#include "protocol/game_session_for.hpp"
#include "protocol/problem_session.hpp"

namespace brudno::protocol {

std::span<const std::string_view> game_names() {
  // The games, then the single-agent puzzles.
  static const auto names = [] {
    std::vector<std::string_view> all(AllGames::kNames.begin(), AllGames::kNames.end());
    all.insert(all.end(), problem_names().begin(), problem_names().end());
    return all;
  }();
  return names;
}

std::string_view default_game() {
  return kDefaultGame;
}

std::unique_ptr<GameSession> make_game_session(std::string_view name,
                                               engine::TranspositionTable& table,
                                               engine::SearchMemory& memory) {
  std::unique_ptr<GameSession> session;
  AllGames::visit(name, [&]<engine::Game G>() {
    session = std::make_unique<GameSessionFor<G>>(table, memory);
  });
  return session ? std::move(session) : make_problem_session(name);
}

}  // namespace brudno::protocol
