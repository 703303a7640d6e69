#pragma once
// A `brudno selfplay` run: games played on several threads at once, each
// thread with its own search and table, their records appended to the
// output in game order (so a run writes the same bytes on any number of
// threads), a checkpoint after each game, and a progress line on standard
// error at most once a second.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "tools/selfplay/checkpoint.hpp"
#include "tools/selfplay/selfplay_game.hpp"
#include "tools/selfplay/selfplay_settings.hpp"

namespace brudno::tools::selfplay {

struct RunSettings {
  GameSettings game;
  std::uint64_t first_game = 0;            // the number of the run's first game
  std::optional<std::uint64_t> games;      // stop after this many games
  std::optional<std::uint64_t> positions;  // stop at the first game end with this many written
  int threads = 1;
  std::string out;         // appended to
  std::string checkpoint;  // empty: none
  std::string arguments;   // what decides the output, as the checkpoint keeps it
};

struct RunSummary {
  std::uint64_t games = 0;            // played by this run (a resumed run: since it resumed)
  std::uint64_t positions = 0;        // written by this run
  std::uint64_t total_games = 0;      // counted from the run's first game
  std::uint64_t total_positions = 0;  // the same
  std::uint64_t plies = 0;
  std::uint64_t nodes = 0;
  std::uint64_t white_wins = 0;
  std::uint64_t draws = 0;
  std::uint64_t black_wins = 0;  // (dropped games are in none of the three)
  std::uint64_t redraws = 0;     // starts drawn again by the opening filter
  std::uint64_t dropped = 0;     // games with no level start within the tries
  // The first searches' scores of the starts played, for white: their sum,
  // the sum of their absolute values and their count (for the means), mate
  // scores left out and counted apart (only without the opening filter).
  std::int64_t start_score_sum = 0;
  std::int64_t start_score_abs_sum = 0;
  std::uint64_t starts = 0;
  std::uint64_t mated_starts = 0;
  double seconds = 0;
};

// A finished game of `positions` records counted into the run's state (the
// checkpoint's counts and the output's size) and its summary.
void count_game(Checkpoint& state, RunSummary& summary, std::uint64_t positions,
                const GameFacts& facts);

// Where a run starts: from its checkpoint, when it has one that exists (the
// output truncated to the checkpoint's size, dropping an unfinished game's
// records), else from nothing at the output's end (and the checkpoint
// written so). Nothing, after saying why on `err`, when the checkpoint
// cannot be used: unreadable, another run's arguments, or an output
// shorter than it counts.
std::optional<Checkpoint> resume_point(const RunSettings& settings, std::ostream& err);

// Plays the run on from `start`. Nothing, after saying why on `err`, when
// writing the output or the checkpoint fails.
std::optional<RunSummary> run_selfplay(const RunSettings& settings, const Checkpoint& start,
                                       std::ostream& err);

}  // namespace brudno::tools::selfplay
