#include "protocol/go_command.hpp"

#include <algorithm>
#include <cstdint>

#include "engine/score.hpp"
#include "protocol/client_text.hpp"
#include "protocol/tokens.hpp"

namespace brudno::protocol {

std::variant<engine::SearchLimits, std::string> parse_go(
    const std::vector<std::string_view>& words) {
  engine::SearchLimits limits;
  // words[0] is "go".
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (word == "solve") {
      limits.solve = true;
      continue;
    }
    if (word == "ponder") {
      limits.ponder = true;
      continue;
    }
    const bool takes_number = word == "depth" || word == "nodes" || word == "movetime" ||
                              word == "wtime" || word == "btime" || word == "winc" ||
                              word == "binc" || word == "movestogo";
    if (!takes_number) return "unknown go parameter " + quoted_excerpt(word);
    if (i + 1 >= words.size()) return "go " + std::string(word) + " needs a number";
    const std::string_view text = words[++i];
    const auto number = parse_integer<std::int64_t>(text);
    if (!number) {
      return "go " + std::string(word) + ": " + quoted_excerpt(text) +
             (is_integer_text(text) ? " is out of range" : " is not an integer");
    }
    // GUIs send a slightly negative clock when it has just run out: treat it as zero.
    const bool clock = word == "wtime" || word == "btime" || word == "winc" || word == "binc";
    if (*number < 0 && !clock) {
      return "go " + std::string(word) + " must not be negative, got " + quoted_excerpt(text);
    }
    const std::int64_t value = std::max<std::int64_t>(*number, 0);
    if (word == "depth") {
      if (value < 1) return "go depth must be at least 1";
      limits.depth = static_cast<int>(std::min<std::int64_t>(value, engine::kMaxPly));
    } else if (word == "nodes") {
      limits.nodes = static_cast<std::uint64_t>(value);
    } else if (word == "movetime") {
      limits.movetime = engine::Milliseconds{value};
    } else if (word == "wtime") {
      limits.time[0] = engine::Milliseconds{value};
    } else if (word == "btime") {
      limits.time[1] = engine::Milliseconds{value};
    } else if (word == "winc") {
      limits.increment[0] = engine::Milliseconds{value};
    } else if (word == "binc") {
      limits.increment[1] = engine::Milliseconds{value};
    } else {
      if (value < 1) return "go movestogo must be at least 1";
      limits.moves_to_go = static_cast<int>(std::min<std::int64_t>(value, 1000));
    }
  }
  return limits;
}

}  // namespace brudno::protocol
