#pragma once
// Chess mates proved: the exact mate search's keys, each with its proof tree
// in the proof format (docs/protocol.md), checked before it is handed out.

#include <atomic>
#include <string>
#include <variant>
#include <vector>

#include "engine/proof_builder.hpp"
#include "games/chess/mate/mate_search.hpp"
#include "protocol/proof_json.hpp"

namespace brudno::protocol {

struct MateProofs {
  // The keys proved, shortest mate first; one proof each, in that order.
  std::vector<games::chess::MateSearch::Key> keys;
  ProofDocument document;
};

// Proofs of the mates within `moves` of `root`: the first key of a shortest
// mate, or with `every_key` each first move that mates within `moves`. The
// document's value is the shortest mate. Why not, where there is none (no
// mate within `moves`, stopped, a proof over `max_positions` positions).
std::variant<MateProofs, std::string> prove_mates(
    const games::Chess& root, int moves, bool every_key, const std::atomic<bool>& stop,
    std::size_t table_megabytes = 64,
    std::size_t max_positions = engine::kDefaultMaxProofPositions);

}  // namespace brudno::protocol
