#pragma once
// Parsing a `go` command. As the UCI document asks, nothing in it is a
// reason to withhold the search: an unknown token is reported and skipped,
// a bad value is reported and its parameter ignored, and the rest is parsed.

#include <string>
#include <string_view>
#include <vector>

#include "engine/search_limits.hpp"

namespace brudno::protocol {

struct GoCommand {
  engine::SearchLimits limits;
  // The words after `searchmoves`, for the game to read as moves.
  std::vector<std::string_view> search_moves;
  // One line per token that was skipped or value that was ignored, each
  // starting with "error: " or "warning: ", for `info string`.
  std::vector<std::string> problems;
  // A clock word (wtime, btime, winc, binc) was sent, readable or not: the
  // client plays with clocks.
  bool clock_sent = false;
};

// `words[0]` is "go". Clocks and increments are clamped to [0, kMaxClock]
// (a GUI sends a slightly negative clock when it has just run out), depth to
// [1, kMaxPly], mate to [1, kMaxPly / 2].
GoCommand parse_go(const std::vector<std::string_view>& words);

// Once the side to move is known: a client that plays with clocks but sent
// none, or none readable, for the side to move would otherwise get a search
// that only `stop` ends, and lose on time. As Stockfish does, that clock is
// read as 0 ms: the shortest search the time manager allows (its first
// iteration always completes). Adds a warning to `command.problems`.
void settle_missing_clock(GoCommand& command, int side_to_move);

}  // namespace brudno::protocol
