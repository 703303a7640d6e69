#pragma once
// Adjudication beyond the rules, only by thresholds agreed before the match
// and printed at its start, all off unless asked for (cutechess-cli's):
//   resign: a side whose own score is at or below -score cp for movecount
//     moves in a row loses (two-sided: and the opponent's own score was at
//     or above +score for as many of its moves);
//   draw: from full move movenumber on, both sides' scores within +-score cp
//     for movecount moves each in a row;
//   maximum length: a draw after maxmoves full moves of the game.
// A move without a score breaks a run.

#include <optional>
#include <string>
#include <vector>

namespace brudno::tools::match {

// An engine's `info ... score` for the side that moved: centipawns, or mate
// in `value` moves (negative: it is mated).
struct EngineScore {
  bool mate = false;
  int value = 0;
  // Centipawns, mates as +-100000 less the moves to mate, so every mate is beyond any threshold.
  [[nodiscard]] int centipawns() const;
  // "+0.35", "-1.20", "+M3", "-M2" (cutechess's PGN comments).
  [[nodiscard]] std::string text() const;
};

struct ResignRule {
  int move_count = 0;  // 0: off
  int score = 0;
  bool two_sided = false;
};

struct DrawRule {
  int move_number = 0;
  int move_count = 0;  // 0: off
  int score = 0;
};

struct AdjudicationRules {
  ResignRule resign;
  DrawRule draw;
  int max_moves = 0;  // 0: off
  // One line each for the printed settings.
  [[nodiscard]] std::vector<std::string> describe() const;
};

// Parses "movecount=3 score=600 [twosided=true]" and
// "movenumber=40 movecount=8 score=10"; on a fault, nothing and `error`.
std::optional<ResignRule> parse_resign_rule(const std::vector<std::string>& words,
                                            std::string& error);
std::optional<DrawRule> parse_draw_rule(const std::vector<std::string>& words, std::string& error);

struct Verdict {
  int loser = -1;  // the side (0 white, 1 black) that resigns; -1 for a draw
  std::string reason;
};

class Adjudicator {
 public:
  explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}
  // After a move of `side` played at full move `move_number`, with that
  // engine's score, `plies` moves into the game. A verdict ends the game.
  std::optional<Verdict> after_move(int side, int move_number, std::optional<EngineScore> score,
                                    int plies);

 private:
  AdjudicationRules rules_;
  int losing_run_[2] = {0, 0};
  int winning_run_[2] = {0, 0};
  int drawn_run_[2] = {0, 0};
};

}  // namespace brudno::tools::match
