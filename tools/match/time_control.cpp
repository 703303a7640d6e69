#include "tools/match/time_control.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace brudno::tools::match {

namespace {

// Seconds as a plain decimal, or nothing (std::from_chars rejects signs and spaces).
std::optional<double> parse_seconds(std::string_view text) {
  double value = 0;
  const auto [end, fault] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (fault != std::errc{} || end != text.data() + text.size() || !std::isfinite(value) ||
      value < 0) {
    return std::nullopt;
  }
  return value;
}

std::string seconds_text(double milliseconds) {
  std::ostringstream text;
  text << milliseconds / 1000;  // shortest form: 1, 0.01, 2.5
  return text.str();
}

}  // namespace

std::string TimeControl::text() const {
  std::string result;
  if (moves > 0) result = std::to_string(moves) + "/";
  result += seconds_text(base_ms);
  if (increment_ms > 0) {
    result += '+';
    result += seconds_text(increment_ms);
  }
  return result;
}

std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error) {
  TimeControl control;
  std::string_view rest = text;
  if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
    const std::string_view moves = rest.substr(0, slash);
    const auto [end, fault] =
        std::from_chars(moves.data(), moves.data() + moves.size(), control.moves);
    if (fault != std::errc{} || end != moves.data() + moves.size() || control.moves < 1) {
      error = "time control '" + std::string(text) +
              "': the moves before '/' must be a positive number";
      return std::nullopt;
    }
    rest.remove_prefix(slash + 1);
  }
  std::string_view increment = "0";
  if (const auto plus = rest.find('+'); plus != std::string_view::npos) {
    increment = rest.substr(plus + 1);
    rest = rest.substr(0, plus);
  }
  const auto base = parse_seconds(rest);
  const auto added = parse_seconds(increment);
  if (!base || !added) {
    error = "time control '" + std::string(text) + "' is not [moves/]seconds[+increment]";
    return std::nullopt;
  }
  if (*base <= 0) {
    error = "time control '" + std::string(text) + "': the clock must start above zero";
    return std::nullopt;
  }
  control.base_ms = *base * 1000;
  control.increment_ms = *added * 1000;
  return control;
}

void GameClock::spend(double elapsed_ms) {
  left_ms_ = std::max(0.0, left_ms_ - elapsed_ms) + control_.increment_ms;
  if (control_.moves > 0 && ++moves_in_period_ == control_.moves) {
    moves_in_period_ = 0;
    left_ms_ += control_.base_ms;
  }
}

}  // namespace brudno::tools::match
