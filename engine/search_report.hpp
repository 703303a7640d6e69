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
