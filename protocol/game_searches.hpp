#pragma once
// Each game's search, solver and prover are compiled once, in
// game_searches.cpp, not again in every file that runs them (the session,
// bench, suite, prove): a game's search is the largest thing the project
// compiles. A new game in game_list.hpp adds its lines here and there.

#include <atomic>
#include <cstddef>
#include <string>
#include <variant>

#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "games/chess/chess.hpp"
#include "games/connect4/connect4.hpp"
#include "games/g2048/g2048.hpp"
#include "games/synthetic/synthetic.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "protocol/prove.hpp"

namespace brudno::engine {

extern template class Search<games::Chess>;
extern template class Search<games::TicTacToe>;
extern template class Search<games::ConnectFour>;
extern template class Search<games::SyntheticTree>;
extern template class Search<games::Game2048>;
extern template class Solver<games::TicTacToe>;
extern template class Solver<games::ConnectFour>;
extern template class Solver<games::SyntheticTree>;

}  // namespace brudno::engine

namespace brudno::protocol {

extern template std::variant<ProofDocument, std::string> solve_and_prove(
    const games::TicTacToe&, engine::TranspositionTable&, const std::atomic<bool>&, std::size_t);
extern template std::variant<ProofDocument, std::string> solve_and_prove(
    const games::ConnectFour&, engine::TranspositionTable&, const std::atomic<bool>&, std::size_t);
extern template std::variant<ProofDocument, std::string> solve_and_prove(
    const games::SyntheticTree&, engine::TranspositionTable&, const std::atomic<bool>&,
    std::size_t);

}  // namespace brudno::protocol
