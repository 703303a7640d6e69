#pragma once
// Ends a self-play game early from the searches' scores: a side wins when
// both sides' searches have agreed for several plies that it stands far
// ahead, and the game is drawn late on when the scores stay near zero.

#include "tools/selfplay/selfplay_settings.hpp"

namespace brudno::tools::selfplay {

class Adjudication {
 public:
  enum class Verdict { kNone, kWhiteWins, kBlackWins, kDraw };

  explicit Adjudication(const GameSettings& settings) : settings_(settings) {}

  // Told of each search in turn: its score from white's point of view
  // (centipawns; mate scores as they come, beyond any bound) and the full
  // move number of the position searched.
  Verdict add(long long white_score, int fullmove) {
    white_ahead_ = white_score >= settings_.resign_score ? white_ahead_ + 1 : 0;
    black_ahead_ = white_score <= -settings_.resign_score ? black_ahead_ + 1 : 0;
    const bool level = white_score < settings_.draw_score && white_score > -settings_.draw_score;
    level_ = level && fullmove >= settings_.draw_move ? level_ + 1 : 0;
    if (white_ahead_ >= settings_.resign_plies) return Verdict::kWhiteWins;
    if (black_ahead_ >= settings_.resign_plies) return Verdict::kBlackWins;
    if (level_ >= settings_.draw_plies) return Verdict::kDraw;
    return Verdict::kNone;
  }

 private:
  const GameSettings& settings_;
  int white_ahead_ = 0;
  int black_ahead_ = 0;
  int level_ = 0;
};

}  // namespace brudno::tools::selfplay
