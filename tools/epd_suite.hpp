#pragma once
// An EPD test suite read into positions: four FEN fields (two counters may
// follow) and operations `opcode operand...;`. Only `id`, `bm` (best moves:
// finding one solves the position) and `am` (moves to avoid: any other
// solves it) are kept; other operations (`c0`, `D1`, `hmvc`, ...) are skipped.

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/transposition_table.hpp"
#include "games/chess/chess.hpp"
#include "tools/command.hpp"

namespace brudno::tools {

struct EpdPosition {
  games::Chess position;
  std::string id;  // the `id` operand, or "line N"
  std::vector<games::Chess::Move> best_moves;
  std::vector<games::Chess::Move> avoid_moves;
  std::string best_text;  // the operands as written, for the report
  std::string avoid_text;
};

// One line of EPD, its `bm` and `am` optional; nullopt with `error` set when
// it cannot be read, or when a `bm`/`am` move is not legal in the position.
std::optional<EpdPosition> parse_epd_position(std::string_view line, int line_number,
                                              std::string& error);

// One line of a suite; nullopt with `error` set when it cannot be read, or
// when a `bm`/`am` move is not legal in the position. A line with neither
// `bm` nor `am` is an error too: it could not be solved or failed.
std::optional<EpdPosition> parse_epd_line(std::string_view line, int line_number,
                                          std::string& error);

// A move written in SAN (`Qxf7+`, `O-O`, `e8=Q`, the check marks and
// annotations `!?` ignored, `0-0` read as `O-O`) or in UCI (`e7e8q`).
std::optional<games::Chess::Move> parse_suite_move(const games::Chess& position,
                                                   std::string_view text);

// How `brudno epd` (and `brudno-mpi epd`) searches each position.
struct EpdOptions {
  std::string file;
  std::size_t movetime_ms = 1000;
  std::size_t depth = 0;  // 0: by time
  int threads = 1;
  std::size_t hash = 16;
  // --hce: the hand-written evaluation, not the built-in network (the engine's default).
  bool hand_written = false;
};

// Reads and checks the options of `brudno epd`: an exit status when the
// command should end at once (help, bad options).
std::optional<int> read_epd_arguments(const Arguments& args, std::string_view command,
                                      EpdOptions& options, std::ostream& out, std::ostream& err);

// Every position of a suite file, or nullopt (said on `err`) at the first
// line that cannot be read or when it holds none.
std::optional<std::vector<EpdPosition>> read_epd_suite(std::istream& in, const std::string& file,
                                                       std::ostream& err);

// Searches one position from an empty `table` and returns its report line
// ("solved id: bm ...; played ..., score ..., depth ..., nodes ...").
std::string search_epd_position(const EpdPosition& entry, const EpdOptions& options,
                                engine::TranspositionTable& table, bool& solved);

}  // namespace brudno::tools
