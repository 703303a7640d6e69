#pragma once
// Each game's prover is compiled once, in game_searches.cpp, not again in
// every file that runs it; the searches and solvers are compiled once in each
// game's folder (games/<game>/<game>_search.cpp). A new game in
// games/game_registry.hpp that offers proofs adds its lines here and there.

#include <atomic>
#include <cstddef>
#include <string>
#include <variant>

#include "games/chess/chess_search.hpp"
#include "games/connect4/connect4_search.hpp"
#include "games/g2048/g2048_search.hpp"
#include "games/synthetic/synthetic_search.hpp"
#include "games/tictactoe/tictactoe_search.hpp"
#include "protocol/prove.hpp"

namespace brudno::protocol {

extern template std::variant<ProofDocument, std::string> solve_and_prove(
    const games::TicTacToe&, engine::TranspositionTable&, const std::atomic<bool>&, std::size_t);
extern template std::variant<ProofDocument, std::string> solve_and_prove(
    const games::ConnectFour&, engine::TranspositionTable&, const std::atomic<bool>&, std::size_t);
extern template std::variant<ProofDocument, std::string> solve_and_prove(
    const games::SyntheticTree&, engine::TranspositionTable&, const std::atomic<bool>&,
    std::size_t);

}  // namespace brudno::protocol
