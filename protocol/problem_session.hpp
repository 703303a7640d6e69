#pragma once
// Sessions for single-agent puzzles over the protocol (8puzzle, 15puzzle):
// `setoption name Game value 8puzzle`, `position fen <tiles> [moves u l ...]`,
// `go` searches with the session's Algorithm and Heuristic options and
// answers with the plan as `info ... pv` and its first move as `bestmove`.

#include <memory>
#include <span>
#include <string_view>

#include "protocol/game_session.hpp"

namespace brudno::protocol {

// The registered puzzles (games/puzzle_registry.hpp) a session can play,
// after the games in `uci`'s list.
std::span<const std::string_view> problem_names();
// Nothing for a name that is not a puzzle's.
std::unique_ptr<GameSession> make_problem_session(std::string_view name);

}  // namespace brudno::protocol
