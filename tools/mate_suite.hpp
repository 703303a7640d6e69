#pragma once
// `brudno mate --suite FILE`: a set of positions with their known answers
// (`FEN ;dm K`: the shortest mate is K moves; `FEN ;nomate N`: none within
// N; optionally `;keys m1 m2 ...`: every first move that mates within K),
// each solved by the exact mate search and compared.

#include <cstddef>
#include <ostream>
#include <string>

namespace brudno::tools {

// The exit status: 0 when every answer is right (and every proof holds), 1
// when one is not, 2 when the file cannot be read.
// `movetime_ms` (0: none) stops a position's search after that long: it
// counts as unanswered, neither right nor wrong.
int run_mate_suite(const std::string& path, bool with_proofs, std::size_t hash_megabytes,
                   std::size_t max_positions, std::size_t movetime_ms, std::ostream& out,
                   std::ostream& err);

}  // namespace brudno::tools
