#pragma once
// A time control as cutechess-cli and PGN's TimeControl tag write it:
// "[moves/]seconds[+increment]", e.g. "1+0.01" (one second a game, 10 ms a
// move) or "40/60" (60 seconds for every 40 moves).

#include <optional>
#include <string>
#include <string_view>

namespace brudno::tools::match {

struct TimeControl {
  int moves = 0;  // moves a period; 0: the whole game is one period
  double base_ms = 1000;
  double increment_ms = 10;
  // The PGN TimeControl value: "1+0.01", "40/60".
  [[nodiscard]] std::string text() const;
};

// Nothing, and `error` naming the fault, when the text is not a time control.
std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error);

// A side's clock under a time control, in milliseconds.
class GameClock {
 public:
  explicit GameClock(const TimeControl& control) : control_(control), left_ms_(control.base_ms) {}
  [[nodiscard]] double left_ms() const { return left_ms_; }
  // The moves to the end of the period, for UCI's movestogo; 0 if none.
  [[nodiscard]] int moves_to_go() const {
    return control_.moves == 0 ? 0 : control_.moves - moves_in_period_;
  }
  // Takes a move's time off, then adds the increment and, at the end of a
  // period, the next period's time. A clock run into the tolerance of a time
  // forfeit counts from zero.
  void spend(double elapsed_ms);

 private:
  TimeControl control_;
  double left_ms_;
  int moves_in_period_ = 0;
};

}  // namespace brudno::tools::match
