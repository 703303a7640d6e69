#include "tools/play/self_play_2048.hpp"

#include <mutex>
#include <random>
#include <thread>

#include "engine/search.hpp"
#include "games/g2048/g2048.hpp"
#include "protocol/game_searches.hpp"

namespace brudno::tools {
namespace {

using games::Game2048;

// A tile on a uniformly chosen empty cell: a 4 one time in ten, else a 2.
void place_tile(Game2048& position, std::mt19937_64& random) {
  engine::MoveList<Game2048::Move> outcomes;
  position.legal_moves(outcomes);  // a 2 and a 4 for each empty cell
  const std::size_t cells = outcomes.size() / 2;
  const std::size_t cell = std::uniform_int_distribution<std::size_t>(0, cells - 1)(random);
  const bool four = std::uniform_int_distribution<int>(0, 9)(random) == 0;
  position.play(outcomes[2 * cell + (four ? 1 : 0)]);
}

}  // namespace

GameRecord play_2048_game(const SelfPlaySettings& settings, int game,
                          const std::atomic<bool>& stop) {
  std::seed_seq seeds{settings.seed, static_cast<std::uint64_t>(game)};
  std::mt19937_64 random(seeds);
  engine::TranspositionTable table(settings.hash_megabytes);
  engine::SearchSettings search_settings;
  search_settings.chance_cutoff = settings.chance_cutoff;
  engine::SearchLimits limits;
  limits.depth = settings.depth;
  if (settings.movetime) limits.movetime = engine::Milliseconds{*settings.movetime};

  // Two tiles on an empty board, as the game starts.
  Game2048 position(0, true);
  place_tile(position, random);
  position = Game2048(position.board(), true);
  place_tile(position, random);

  GameRecord record;
  record.game = game;
  while (!stop.load(std::memory_order_relaxed)) {
    engine::MoveList<Game2048::Move> moves;
    position.legal_moves(moves);
    if (moves.empty()) break;
    engine::Search<Game2048> search(table, search_settings);
    const auto result = search.run(position, limits, stop);
    const Game2048::Move move = result.best_move.value_or(moves[0]);
    record.nodes += result.nodes;
    record.score +=
        games::g2048::slide_score(position.board(), static_cast<games::g2048::Direction>(move));
    position.play(move);
    ++record.moves;
    place_tile(position, random);
  }
  record.max_tile = 1 << games::g2048::max_rank(position.board());
  return record;
}

std::vector<GameRecord> play_2048(const SelfPlaySettings& settings,
                                  const std::function<void(const GameRecord&)>& done,
                                  const std::atomic<bool>& stop) {
  std::vector<GameRecord> records(static_cast<std::size_t>(settings.games));
  std::atomic<int> next{0};
  std::mutex report;
  auto worker = [&] {
    for (int game = next++; game < settings.games; game = next++) {
      records[static_cast<std::size_t>(game)] = play_2048_game(settings, game, stop);
      const std::lock_guard lock(report);
      if (done) done(records[static_cast<std::size_t>(game)]);
    }
  };
  std::vector<std::thread> threads;
  for (int i = 1; i < settings.threads; ++i) threads.emplace_back(worker);
  worker();
  for (auto& thread : threads) thread.join();
  return records;
}

}  // namespace brudno::tools
