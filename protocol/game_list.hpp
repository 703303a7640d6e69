#pragma once
// The games a session plays, chosen by name at run time: the registry's
// (games/game_registry.hpp), where a new game is one entry. AllGames::kNames
// lists them; AllGames::visit(name, visitor) calls the visitor with the
// game of that name. Each game's prover is compiled once in
// game_searches.cpp, where a game with proofs adds its lines.

#include <string_view>

#include "games/game_registry.hpp"

namespace brudno::protocol {

using AllGames = games::RegisteredGames;

// What a chess GUI gets without sending any option.
inline constexpr std::string_view kDefaultGame = games::Chess::kName;

}  // namespace brudno::protocol
