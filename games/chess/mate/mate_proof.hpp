#pragma once
// The proof tree of a mate, in the engine's proof format (engine/proof.hpp):
// "at least a win in 2k - 1 plies" for the side to move, where k is the
// mate's length. At each attacker node one move, at each defender node every
// legal reply, every leaf a checkmate. Below the first move the attacker
// always takes a shortest mate, so the mate's length shrinks along every
// line and no position repeats in one; positions reached again (the same
// FEN, clocks included) are one node.

#include <string>
#include <variant>

#include "engine/proof.hpp"
#include "games/chess/mate/mate_search.hpp"

namespace brudno::games::chess {

// The proof that `key` mates within `moves` moves from the search's current
// position, or why none could be made (stopped, more than `max_positions`
// positions, a key that does not mate).
std::variant<engine::Proof, std::string> build_mate_proof(MateSearch& search, Move key, int moves,
                                                          std::size_t max_positions);

}  // namespace brudno::games::chess
