#include "protocol/go_command.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <variant>

#include "engine/score.hpp"
#include "protocol/client_text.hpp"
#include "protocol/tokens.hpp"

namespace brudno::protocol {
namespace {

constexpr std::array<std::string_view, 4> kFlags = {"infinite", "ponder", "solve", "searchmoves"};
constexpr std::array<std::string_view, 9> kNumbered = {
    "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime"};

bool is_keyword(std::string_view word) {
  return std::find(kFlags.begin(), kFlags.end(), word) != kFlags.end() ||
         std::find(kNumbered.begin(), kNumbered.end(), word) != kNumbered.end();
}

bool is_clock(std::string_view word) {
  return word == "wtime" || word == "btime" || word == "winc" || word == "binc";
}

// A number of a parameter, or the reason it cannot be one. Clock values out
// of range are clamped rather than refused: they still say "lots" or "none".
std::variant<std::int64_t, std::string> read_number(std::string_view word, std::string_view text) {
  const auto number = parse_integer<std::int64_t>(text);
  if (!number) {
    if (is_clock(word) && is_integer_text(text)) {
      return text.starts_with('-') ? std::int64_t{0} : engine::kMaxClock.count();
    }
    return "go " + std::string(word) + ": " + quoted_excerpt(text) +
           (is_integer_text(text) ? " is out of range" : " is not an integer");
  }
  if (is_clock(word)) return std::clamp<std::int64_t>(*number, 0, engine::kMaxClock.count());
  if (*number < 0) {
    return "go " + std::string(word) + " must not be negative, got " + quoted_excerpt(text);
  }
  // nodes 0 would be a search of nothing: an error, as depth 0 is.
  if ((word == "depth" || word == "movestogo" || word == "mate" || word == "nodes") &&
      *number < 1) {
    return "go " + std::string(word) + " must be at least 1, got " + quoted_excerpt(text);
  }
  return *number;
}

void set_limit(engine::SearchLimits& limits, std::string_view word, std::int64_t value) {
  const auto time = engine::Milliseconds{std::min(value, engine::kMaxClock.count())};
  if (word == "depth") {
    limits.depth = static_cast<int>(std::min<std::int64_t>(value, engine::kMaxPly));
  } else if (word == "nodes") {
    limits.nodes = static_cast<std::uint64_t>(value);
  } else if (word == "movetime") {
    limits.movetime = time;
  } else if (word == "wtime") {
    limits.time[0] = time;
  } else if (word == "btime") {
    limits.time[1] = time;
  } else if (word == "winc") {
    limits.increment[0] = time;
  } else if (word == "binc") {
    limits.increment[1] = time;
  } else if (word == "mate") {
    limits.mate = static_cast<int>(std::min<std::int64_t>(value, engine::kMaxPly / 2));
  } else {
    limits.moves_to_go = static_cast<int>(std::min<std::int64_t>(value, 1000));
  }
}

}  // namespace

GoCommand parse_go(const std::vector<std::string_view>& words) {
  GoCommand command;
  engine::SearchLimits& limits = command.limits;
  bool limit_dropped = false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word == "infinite") {
      limits.infinite = true;
    } else if (word == "solve") {
      limits.solve = true;
    } else if (word == "ponder") {
      limits.ponder = true;
    } else if (word == "searchmoves") {
      while (i + 1 < words.size() && !is_keyword(words[i + 1])) {
        command.search_moves.push_back(words[++i]);
      }
    } else if (std::find(kNumbered.begin(), kNumbered.end(), word) != kNumbered.end()) {
      if (is_clock(word)) command.clock_sent = true;
      if (i + 1 >= words.size() || is_keyword(words[i + 1])) {
        command.problems.push_back("error: go " + std::string(word) + " needs a number; ignored");
        limit_dropped = true;
        continue;
      }
      const auto number = read_number(word, words[++i]);
      if (const auto* problem = std::get_if<std::string>(&number)) {
        command.problems.push_back("error: " + *problem + "; ignored");
        limit_dropped = true;
        continue;
      }
      set_limit(limits, word, std::get<std::int64_t>(number));
    } else {
      command.problems.push_back("warning: unknown go parameter " + quoted_excerpt(word) +
                                 "; ignored");
    }
  }
  // A client that asked for a bounded search and got its bound wrong would
  // otherwise wait for a bestmove that only a stop brings.
  if (limit_dropped && !limits.infinite && !limits.ponder && !limits.finite(0) &&
      !limits.finite(1)) {
    limits.depth = 1;
    command.problems.push_back("warning: no valid limit left; searching to depth 1");
  }
  return command;
}

void settle_missing_clock(GoCommand& command, int side_to_move) {
  engine::SearchLimits& limits = command.limits;
  const int side = side_to_move & 1;
  const bool otherwise_bounded = limits.infinite || limits.solve || limits.depth || limits.nodes ||
                                 limits.movetime || limits.mate;
  if (!command.clock_sent || limits.time[side] || otherwise_bounded) return;
  limits.time[side] = engine::Milliseconds{0};
  command.problems.push_back(std::string("warning: no valid ") + (side == 0 ? "wtime" : "btime") +
                             " for the side to move; searching as with 0 ms left");
}

}  // namespace brudno::protocol
