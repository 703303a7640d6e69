// The one place each game's prover is compiled (see game_searches.hpp).
#include "protocol/game_searches.hpp"

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
