#pragma once
// Seeded self-play of 2048: the engine's search chooses every slide, a
// seeded generator places every tile by the rules. Game g of a run with
// seed S draws its tiles from its own generator, seeded with S and g, so a
// run at a fixed depth plays the same games on any number of threads.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/search_limits.hpp"

namespace brudno::tools {

struct SelfPlaySettings {
  int games = 10;
  std::uint64_t seed = 1;
  std::optional<int> depth;         // decision plies per search
  std::optional<int> movetime;      // milliseconds per search
  int threads = 1;                  // games played at once, one search each
  double chance_cutoff = 0.0;       // see SearchSettings::chance_cutoff
  std::size_t hash_megabytes = 64;  // per game being played
};

struct GameRecord {
  int game = 0;
  int max_tile = 0;         // the value, 2048 say
  std::uint64_t score = 0;  // the sum of the tiles the merges made
  std::uint64_t moves = 0;  // slides
  std::uint64_t nodes = 0;
};

// Plays settings.games games; `done` is told of each as it ends (from the
// thread that played it, one call at a time). Records come back in game order.
std::vector<GameRecord> play_2048(const SelfPlaySettings& settings,
                                  const std::function<void(const GameRecord&)>& done,
                                  const std::atomic<bool>& stop);

// Plays one game.
GameRecord play_2048_game(const SelfPlaySettings& settings, int game,
                          const std::atomic<bool>& stop);

}  // namespace brudno::tools
