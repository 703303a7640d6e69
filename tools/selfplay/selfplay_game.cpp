#include "tools/selfplay/selfplay_game.hpp"

#include <cassert>
#include <cstdlib>

#include "games/chess/chess_search.hpp"
#include "tools/selfplay/adjudication.hpp"

namespace brudno::tools::selfplay {
namespace {

using games::Chess;

// SplitMix64: a small generator whose output is fixed by its definition,
// not by the standard library's distributions, so that runs split over
// machines with other libraries play the same games.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t state) : state_(state) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform enough below `bound` (a few hundred moves against 2^64).
  std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next() % bound); }

 private:
  std::uint64_t state_;
};

// The game's ply by its move counters: what the record keeps.
int game_ply(const Chess& position) {
  return 2 * (position.fullmove_number() - 1) + position.side_to_move();
}

// The result from white's point of view of a game over by the rules.
int white_result_of(const Chess& position, engine::Status status) {
  if (status != engine::Status::kLost) return 0;
  return position.side_to_move() == games::chess::kWhite ? -1 : 1;
}

}  // namespace

std::uint64_t game_seed(std::uint64_t seed, std::uint64_t game) {
  // The seed mixed first, so that neighbouring seeds and games do not meet.
  return SplitMix64(SplitMix64(seed).next() ^ game).next();
}

bool is_kept(const GameSettings& settings, const Chess& position, Chess::Move best,
             engine::Score score, int plies) {
  return plies >= settings.random_plies + settings.skip_plies && !position.in_check() &&
         !position.is_capture(best) && !Chess::is_promotion(best) && !engine::is_decisive(score) &&
         std::abs(score) < settings.score_bound;
}

bool is_level_opening(const GameSettings& settings, engine::Score score) {
  return settings.opening_bound == 0 ||
         (!engine::is_decisive(score) && std::abs(score) < settings.opening_bound);
}

std::optional<PlayedGame> play_game(const GameSettings& settings, std::uint64_t game,
                                    engine::TranspositionTable& table, engine::SearchMemory& memory,
                                    const std::atomic<bool>& stop) {
  SplitMix64 random(game_seed(settings.seed, game));
  Chess opening = settings.openings.empty() ? Chess::start_position()
                                            : settings.openings[game % settings.openings.size()];
  opening.set_network(settings.network);
  PlayedGame played;
  GameFacts& facts = played.facts;
  engine::SearchLimits limits;
  limits.nodes = settings.nodes;
  limits.depth = settings.depth;

  // The random plies, drawn again from the same generator while the first
  // search after them finds the position far from level: a lopsided start
  // teaches the net little and skews the scores of the whole game's records.
  Chess position = opening;
  engine::SearchResult<Chess::Move> first;
  for (int draw = 1;; ++draw) {
    position = opening;
    facts.plies = 0;
    for (int ply = 0; ply < settings.random_plies; ++ply) {
      Chess::MoveList moves;
      position.legal_moves(moves);
      if (moves.empty() || position.rule_status() != engine::Status::kOngoing) break;
      position.play(moves[random.below(moves.size())]);
      ++facts.plies;
    }
    if (const auto status = position.status();
        status != engine::Status::kOngoing || facts.plies >= settings.max_plies) {
      // Over before the search played a move: no positions from this game.
      facts.start = GameFacts::Start::kOverInRandom;
      facts.white_result = white_result_of(position, status);
      return played;
    }
    // Each search of a start begins from cleared tables, so the game depends
    // on nothing played before it, rejected starts included.
    table.clear(1);
    memory.clear();
    first = engine::Search<Chess>(table, {}, &memory).run(position, limits, stop);
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    facts.nodes += first.nodes;
    if (is_level_opening(settings, first.score)) break;
    if (draw >= settings.opening_tries || settings.random_plies == 0) {
      facts.start = GameFacts::Start::kDropped;  // no other start to draw
      facts.plies = 0;
      return played;
    }
    ++facts.redraws;
  }

  // Mate scores fit: they are within a few thousand of engine::kMate.
  facts.start_score = static_cast<std::int32_t>(
      position.side_to_move() == games::chess::kWhite ? first.score : -first.score);

  Adjudication adjudication(settings);
  // The kept positions, and which side was to move in each, for the result.
  std::vector<std::pair<games::chess::TrainingRecord, int>> kept;
  int white_result = 0;
  std::optional<engine::SearchResult<Chess::Move>> searched = first;
  for (;;) {
    const engine::Status status = position.status();
    if (status != engine::Status::kOngoing) {
      white_result = white_result_of(position, status);
      break;
    }
    if (facts.plies >= settings.max_plies) break;  // drawn
    if (!searched) {
      searched = engine::Search<Chess>(table, {}, &memory).run(position, limits, stop);
      if (stop.load(std::memory_order_relaxed)) return std::nullopt;
      facts.nodes += searched->nodes;
    }
    const auto result = *searched;
    searched.reset();
    assert(result.best_move);
    const Chess::Move best = *result.best_move;
    const engine::Score score = result.score;
    if (is_kept(settings, position, best, score, facts.plies)) {
      kept.emplace_back(games::chess::encode_training_record(
                            position, {static_cast<int>(score), 0, game_ply(position)}),
                        position.side_to_move());
    }
    const long long white_score =
        position.side_to_move() == games::chess::kWhite ? score : -static_cast<long long>(score);
    const auto verdict = adjudication.add(white_score, position.fullmove_number());
    position.play(best);
    ++facts.plies;
    if (verdict != Adjudication::Verdict::kNone) {
      white_result = verdict == Adjudication::Verdict::kWhiteWins   ? 1
                     : verdict == Adjudication::Verdict::kBlackWins ? -1
                                                                    : 0;
      break;
    }
  }

  facts.white_result = white_result;
  played.records.reserve(kept.size());
  for (auto& [record, side] : kept) {
    games::chess::set_training_result(record,
                                      side == games::chess::kWhite ? white_result : -white_result);
    played.records.push_back(record);
  }
  return played;
}

}  // namespace brudno::tools::selfplay
