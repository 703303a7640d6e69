// libFuzzer target: the whole `go` path, not only its parser. Each input is
// one `go` line: it is parsed, its limits go through the time manager, and a
// search of a small game runs with them to the end, on a clock that has
// already run for a while. Tic-tac-toe is solved in well under a millisecond
// whatever the limits say, so every finite search ends at once; an infinite
// or pondering one is stopped before it starts. What must hold: no
// undefined behaviour (the build is sanitised), a budget within the clock,
// and a legal move from every search.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/time_manager.hpp"
#include "games/tictactoe/tictactoe_search.hpp"
#include "protocol/go_command.hpp"
#include "protocol/tokens.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace brudno;
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const auto words = protocol::split_words(line);
  if (words.empty() || words[0] != "go") return 0;
  const auto command = protocol::parse_go(words);
  const auto& limits = command.limits;

  for (const int side : {0, 1}) {
    const auto budget = engine::allocate_time(limits, side, engine::Milliseconds{5000});
    if (budget && (budget->optimum < engine::Milliseconds{1} || budget->optimum > budget->maximum ||
                   budget->maximum > engine::kMaxClock)) {
      std::abort();
    }
  }

  // One table for every input, cleared: mapping a fresh one per input would
  // cost more than the search it serves.
  static engine::TranspositionTable table(1);
  table.clear();
  const std::atomic<bool> stop{!limits.finite(0) || limits.ponder};
  engine::SearchClock clock;
  engine::SearchSettings settings;
  settings.move_overhead = engine::Milliseconds{size % 6000};
  const auto result = engine::Search<games::TicTacToe>(table, settings)
                          .run(games::TicTacToe::start_position(), limits, stop, {}, &clock);
  if (!result.best_move) std::abort();
  return 0;
}
