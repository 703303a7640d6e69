#pragma once
// What a search tells its caller: one report per completed iteration, and the result.

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/score.hpp"
#include "engine/search_limits.hpp"

namespace brudno::engine {

template <class Move>
struct IterationReport {
  int depth = 0;
  int seldepth = 0;
  Score score = 0;
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  Milliseconds time{0};
  int hashfull = 0;      // permille
  std::vector<Move> pv;  // the principal line, the classic linemax
  int multipv = 1;       // which line, with MultiPV: 1 for the best
};

// The root move a search is on, for UCI's currmove (after the first second).
template <class Move>
struct CurrentMove {
  int depth = 0;
  Move move{};
  int number = 0;  // 1 for the first move searched at this depth
};

template <class Move>
struct SearchResult {
  std::optional<Move> best_move;    // none when the root has no legal move
  std::optional<Move> ponder_move;  // the reply expected in the principal line
  Score score = 0;
  int depth = 0;  // the last completed iteration
  std::uint64_t nodes = 0;
  bool exact = false;  // the score is proven: the search reached every game end
};

}  // namespace brudno::engine
