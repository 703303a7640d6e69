#include "engine/strength_limit.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>

namespace brudno::engine {
namespace {

constexpr Score kPawn = 100;
// Mate scores are a billion: the push arithmetic reads them as 100 pawns.
constexpr Score kScoreCap = 100 * kPawn;

std::int64_t capped(Score score) {
  return std::clamp<Score>(score, -kScoreCap, kScoreCap);
}

}  // namespace

WeakerPlay weaker_play_at_level(double level) {
  level = std::clamp(level, 0.0, 20.0);
  WeakerPlay play;
  play.depth = 1 + static_cast<int>(level * 0.6);
  play.weakness = static_cast<int>(std::lround(120.0 - 5.0 * level));
  // Levels 0 to 20: depths 1 to 13, weaknesses 120 down to 20, inside the
  // range pick_weaker_line() takes.
  assert(1 <= play.depth && play.depth <= 13);
  assert(20 <= play.weakness && play.weakness <= 120);
  return play;
}

Score largest_loss(int weakness) {
  assert(weakness >= 1 && weakness < 128);  // as pick_weaker_line() takes it
  // Line i beats the best only if (128 - w) * gap < spread * (r_i - r_0)
  // <= kPawn * (w - 1); see pick_weaker_line.
  const auto loss = static_cast<Score>(kPawn * (weakness - 1) / (128 - weakness));
  assert(0 <= loss && loss <= kPawn * 126);
  return loss;
}

std::size_t pick_weaker_line(std::span<const Score> scores_best_first, int weakness,
                             std::mt19937_64& random) {
  assert(!scores_best_first.empty());
  assert(weakness >= 1 && weakness < 128);
  assert(std::is_sorted(scores_best_first.begin(), scores_best_first.end(), std::greater<>()));
  const std::int64_t best = capped(scores_best_first.front());
  const std::int64_t spread =
      std::min<std::int64_t>(best - capped(scores_best_first.back()), kPawn);
  std::uniform_int_distribution<int> draw(0, weakness - 1);
  std::size_t chosen = 0;
  std::int64_t chosen_total = 0;
  for (std::size_t line = 0; line < scores_best_first.size(); ++line) {
    const std::int64_t score = capped(scores_best_first[line]);
    const std::int64_t total = score * 128 + weakness * (best - score) + spread * draw(random);
    if (line == 0 || total > chosen_total) {
      chosen = line;
      chosen_total = total;
    }
  }
  // The promise of largest_loss(): no pick is further below the best.
  assert(best - capped(scores_best_first[chosen]) <= largest_loss(weakness));
  return chosen;
}

}  // namespace brudno::engine
