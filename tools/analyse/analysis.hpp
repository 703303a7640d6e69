#pragma once
// `brudno analyse` (and `brudno-mpi analyse`): every position of an EPD file
// or of every game of a PGN file searched to a depth or for a time, written
// back as EPD with the operations analysis tools write: `acd` (depth), `acn`
// (nodes), `ce` (centipawns from the side to move's view), `dm` (moves to
// mate, when the side to move mates), `bm` (the move chosen) and `pv` (the
// principal line, SAN), then the position's `id`.

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

struct AnalysisPosition {
  games::Chess position;
  // The EPD line's `id`, or "line N"; for a PGN, "game G ply P" (P counts
  // the moves played before the position, from the game's start).
  std::string id;
};

struct AnalyseOptions {
  std::string file;
  std::string out;  // empty: standard output
  std::size_t movetime_ms = 1000;
  std::size_t depth = 0;  // 0: by time
  int threads = 1;
  std::size_t hash = 16;
  // --hce: the hand-written evaluation, not the built-in network (the engine's default).
  bool hand_written = false;
};

// Reads and checks the options: an exit status when the command should end
// at once (help, bad options).
std::optional<int> read_analyse_arguments(const Arguments& args, std::string_view command,
                                          AnalyseOptions& options, std::ostream& out,
                                          std::ostream& err);

// The positions of `text`, read as PGN when `file` ends in .pgn and as EPD
// otherwise: every line of an EPD; every position of every PGN game in which
// the side to move has a move (so not a final mate or stalemate). Nothing
// (said on `err`) when an EPD line cannot be read or no position is found; a
// PGN game that cannot be read is named on `err` and left out.
std::optional<std::vector<AnalysisPosition>> read_analysis_positions(std::istream& in,
                                                                     const std::string& file,
                                                                     std::ostream& err);

// Searches one position from an empty `table`; its EPD line, newline ended.
std::string analyse_position(const AnalysisPosition& entry, const AnalyseOptions& options,
                             engine::TranspositionTable& table);

}  // namespace brudno::tools
