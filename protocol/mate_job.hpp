#pragma once
// `go mate N` in chess: the exact mate search on the search thread. It
// answers the shortest mate within N (with MultiPV above 1, every key, as
// many as MultiPV allows, shortest first) as `info ... score mate K ... pv`
// lines and the key as bestmove; where there is none it says
// `info string no mate in N` and the normal search gives the bestmove.

#include <atomic>
#include <functional>
#include <string>

#include "games/chess/chess.hpp"
#include "games/chess/mate/mate_search.hpp"
#include "protocol/line_sink.hpp"
#include "protocol/mate_memory.hpp"

namespace brudno::protocol {

// `numbers` is the size of the search's proof-number table and its charge
// in the session's books (mate_memory.hpp), given back when the job ends.
std::function<std::string()> make_mate_job(const games::Chess& root, int moves, int lines,
                                           games::chess::MateTable& table, MateTables numbers,
                                           const std::atomic<bool>& stop, LineSink& out,
                                           std::function<std::string()> normal_search);

// The proof after a chess `go mate N`: the `proof` reply, or nothing after
// an `info string error` line. `tables`: the size of each of its two tables
// and their charge, given back when the job ends.
std::function<std::string()> make_mate_proof_job(const games::Chess& root, int moves,
                                                 bool every_key, MateTables tables,
                                                 const std::atomic<bool>& stop, LineSink& out);

}  // namespace brudno::protocol
