// The one place each game's search, solver and prover are compiled (see
// game_searches.hpp).
#include "protocol/game_searches.hpp"

namespace brudno::engine {

template class Search<games::Chess>;
template class Search<games::TicTacToe>;
template class Search<games::ConnectFour>;
template class Search<games::SyntheticTree>;
template class Search<games::Game2048>;
template class Solver<games::TicTacToe>;
template class Solver<games::ConnectFour>;
template class Solver<games::SyntheticTree>;

}  // namespace brudno::engine

namespace brudno::protocol {

template std::variant<ProofDocument, std::string> solve_and_prove(const games::TicTacToe&,
                                                                  engine::TranspositionTable&,
                                                                  const std::atomic<bool>&,
                                                                  std::size_t);
template std::variant<ProofDocument, std::string> solve_and_prove(const games::ConnectFour&,
                                                                  engine::TranspositionTable&,
                                                                  const std::atomic<bool>&,
                                                                  std::size_t);
template std::variant<ProofDocument, std::string> solve_and_prove(const games::SyntheticTree&,
                                                                  engine::TranspositionTable&,
                                                                  const std::atomic<bool>&,
                                                                  std::size_t);

}  // namespace brudno::protocol
