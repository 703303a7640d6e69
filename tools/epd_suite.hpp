#pragma once
// An EPD test suite read into positions: four FEN fields (two counters may
// follow) and operations `opcode operand...;`. Only `id`, `bm` (best moves:
// finding one solves the position) and `am` (moves to avoid: any other
// solves it) are kept; other operations (`c0`, `D1`, `hmvc`, ...) are skipped.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/chess/chess.hpp"

namespace brudno::tools {

struct EpdPosition {
  games::Chess position;
  std::string id;  // the `id` operand, or "line N"
  std::vector<games::Chess::Move> best_moves;
  std::vector<games::Chess::Move> avoid_moves;
  std::string best_text;  // the operands as written, for the report
  std::string avoid_text;
};

// One line of a suite; nullopt with `error` set when it cannot be read, or
// when a `bm`/`am` move is not legal in the position. A line with neither
// `bm` nor `am` is an error too: it could not be solved or failed.
std::optional<EpdPosition> parse_epd_line(std::string_view line, int line_number,
                                          std::string& error);

// A move written in SAN (`Qxf7+`, `O-O`, `e8=Q`, the check marks and
// annotations `!?` ignored, `0-0` read as `O-O`) or in UCI (`e7e8q`).
std::optional<games::Chess::Move> parse_suite_move(const games::Chess& position,
                                                   std::string_view text);

}  // namespace brudno::tools
