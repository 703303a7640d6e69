#pragma once
// Plain alpha-beta, the classic valmax[p, alpha, beta], fail-hard so that it
// keeps the classic window contract exactly:
//   result = clamp(minimax(p), alpha, beta)
// that is alpha when the true value is at most alpha, beta when it is at least
// beta, and the exact value inside the window. Moves are tried in the game's
// natural order, nothing else: this is the search Levin's theorem speaks of.

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "engine/game.hpp"
#include "engine/terminal.hpp"

namespace brudno::engine {

struct AlphaBetaCounters {
  std::uint64_t leaves = 0;  // static evaluations and terminal positions
  std::uint64_t nodes = 0;   // every position visited
};

template <Game G>
Score alphabeta(G& position, int depth, Score alpha, Score beta, AlphaBetaCounters& counters,
                int ply = 0) {
  assert(alpha < beta);
  assert(ply >= 0);
  ++counters.nodes;
  const Status status = position.status();
  if (status != Status::kOngoing) {
    ++counters.leaves;
    return std::clamp(terminal_score(status, ply), alpha, beta);
  }
  MoveList<typename G::Move> moves;
  if (depth > 0) position.legal_moves(moves);
  if (moves.empty()) {
    ++counters.leaves;
    return std::clamp(static_cast<Score>(position.evaluate()), alpha, beta);
  }
  assert(depth > 0);  // only a node above the horizon has its moves generated
  [[maybe_unused]] const std::uint64_t key = position.key();
  for (const auto move : moves) {
    position.play(move);
    const Score score = -alphabeta(position, depth - 1, -beta, -alpha, counters, ply + 1);
    position.undo(move);
    assert(position.key() == key);  // the board is as it was before the move
    if (score >= beta) return beta;
    if (score > alpha) alpha = score;
    assert(alpha < beta);  // raised only by a score below beta
  }
  return alpha;
}

template <Game G>
Score alphabeta(G& position, int depth, Score alpha, Score beta) {
  AlphaBetaCounters counters;
  return alphabeta(position, depth, alpha, beta, counters);
}

}  // namespace brudno::engine
