#pragma once
// One game of `brudno selfplay`: from its opening and random plies (drawn
// again while the first search finds them far from level), every move
// chosen by the chess search at the settings' node count or depth, until
// mate, a draw by the rules, adjudication or the ply cap; the positions that
// pass the filters kept as training records with the game's result written
// into each.

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/score.hpp"
#include "engine/search_memory.hpp"
#include "engine/transposition_table.hpp"
#include "games/chess/training/training_record.hpp"
#include "tools/selfplay/selfplay_settings.hpp"

namespace brudno::tools::selfplay {

// What a run counts of a game besides its records. Plain data of fixed
// size: the MPI farm carries it as bytes.
struct GameFacts {
  enum class Start : std::int32_t {
    kPlayed,          // the game was played from a level start
    kOverInRandom,    // over in its random plies (by the rules or the ply cap): no records
    kDropped,         // no level start within the tries: no game, no records
  };
  Start start = Start::kPlayed;
  std::int32_t plies = 0;         // played after the opening position, random ones included
  std::int32_t white_result = 0;  // 1 white won, 0 drawn, -1 black won
  std::int32_t start_score = 0;   // the first search's score of the start played, for white
  std::int32_t redraws = 0;       // random plies drawn again by the opening-balance filter
  std::uint64_t nodes = 0;        // searched, the searches of rejected starts included
};

struct PlayedGame {
  std::vector<games::chess::TrainingRecord> records;
  GameFacts facts;
};

// The generator of game `game`'s random choices: seeded with the run's seed
// and the game's number alone, so a game is the same whichever thread plays
// it and whichever games came before.
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t game);

// The filters: whether the position searched after `plies` plies of the
// game (counted from the opening position), whose search chose `best` with
// `score`, is kept as a training record.
bool is_kept(const GameSettings& settings, const games::Chess& position, games::Chess::Move best,
             engine::Score score, int plies);

// Whether the first search after the random plies, scoring `score`, finds
// the opening level enough to play: under the opening bound either way and
// not a mate (always, when the bound is 0).
bool is_level_opening(const GameSettings& settings, engine::Score score);

// Plays game number `game`. `table` and `memory` are the playing thread's;
// both are cleared first, so the game depends on nothing played before.
// Nothing when `stop` was set before it ended.
std::optional<PlayedGame> play_game(const GameSettings& settings, std::uint64_t game,
                                    engine::TranspositionTable& table, engine::SearchMemory& memory,
                                    const std::atomic<bool>& stop);

}  // namespace brudno::tools::selfplay
