#pragma once
// One game of `brudno selfplay`: from its opening and random plies, every
// move chosen by the chess search at the settings' node count or depth,
// until mate, a draw by the rules, adjudication or the ply cap; the
// positions that pass the filters kept as training records with the game's
// result written into each.

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

struct PlayedGame {
  std::vector<games::chess::TrainingRecord> records;
  int plies = 0;         // played after the opening position, random ones included
  int white_result = 0;  // 1 white won, 0 drawn, -1 black won
  std::uint64_t nodes = 0;
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

// Plays game number `game`. `table` and `memory` are the playing thread's;
// both are cleared first, so the game depends on nothing played before.
// Nothing when `stop` was set before it ended.
std::optional<PlayedGame> play_game(const GameSettings& settings, std::uint64_t game,
                                    engine::TranspositionTable& table, engine::SearchMemory& memory,
                                    const std::atomic<bool>& stop);

}  // namespace brudno::tools::selfplay
