#pragma once
// A chess search to a fixed depth from an empty table, as the chess search
// tests run it.

#include <atomic>

#include "games/chess/chess_search.hpp"

namespace brudno::games::chess_test {

inline engine::SearchResult<Chess::Move> search(const Chess& root, int depth, int threads = 1,
                                                bool selective = true) {
  static engine::TranspositionTable table(16);
  table.clear();
  const std::atomic<bool> stop{false};
  engine::SearchLimits limits;
  limits.depth = depth;
  engine::SearchSettings settings;
  settings.threads = threads;
  settings.selective = selective;
  return engine::Search<Chess>(table, settings).run(root, limits, stop);
}

}  // namespace brudno::games::chess_test
