#include "tools/match/adjudication.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace brudno::tools::match {

namespace {

constexpr int kMateCentipawns = 100000;
constexpr const char* kSideNames[] = {"white", "black"};

// "key=value" words into a map; every key must be one of `keys`.
std::optional<std::map<std::string, std::string>> parse_words(const std::vector<std::string>& words,
                                                              const std::vector<std::string>& keys,
                                                              const std::string& what,
                                                              std::string& error) {
  std::map<std::string, std::string> values;
  for (const auto& word : words) {
    const auto equals = word.find('=');
    const std::string key = word.substr(0, equals);
    bool known = false;
    for (const auto& name : keys) known |= name == key;
    if (equals == std::string::npos || !known) {
      error = what + ": '" + word + "' is not one of";
      for (const auto& name : keys) error += ' ' + name + "=...";
      return std::nullopt;
    }
    values[key] = word.substr(equals + 1);
  }
  return values;
}

std::optional<int> parse_count(const std::map<std::string, std::string>& values,
                               const std::string& key, int least, const std::string& what,
                               std::string& error) {
  const auto found = values.find(key);
  if (found == values.end()) {
    error = what + " needs " + key + "=N";
    return std::nullopt;
  }
  int value = 0;
  const auto& text = found->second;
  const auto [end, fault] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (fault != std::errc{} || end != text.data() + text.size() || value < least) {
    error = what + ": " + key + "=" + text + " must be a whole number of at least " +
            std::to_string(least);
    return std::nullopt;
  }
  return value;
}

}  // namespace

int EngineScore::centipawns() const {
  if (!mate) return value;
  return value > 0 ? kMateCentipawns - value : -kMateCentipawns - value;
}

std::string EngineScore::text() const {
  char buffer[32];
  if (mate) {
    std::snprintf(buffer, sizeof buffer, "%sM%d", value > 0 ? "+" : "-", std::abs(value));
  } else if (value == 0) {
    return "0.00";
  } else {
    std::snprintf(buffer, sizeof buffer, "%+.2f", value / 100.0);
  }
  return buffer;
}

std::vector<std::string> AdjudicationRules::describe() const {
  std::vector<std::string> lines;
  lines.push_back(
      "by the rules: checkmate, stalemate, the fifty-move rule, threefold repetition, "
      "insufficient material");
  if (resign.move_count > 0) {
    lines.push_back("resign: an engine whose own score is at or below -" +
                    std::to_string(resign.score) + " cp for " + std::to_string(resign.move_count) +
                    " moves in a row loses" +
                    (resign.two_sided ? ", if its opponent's score was at or above +" +
                                            std::to_string(resign.score) + " cp as long"
                                      : ""));
  } else {
    lines.push_back("resign: off");
  }
  if (draw.move_count > 0) {
    lines.push_back("draw: from move " + std::to_string(draw.move_number) +
                    " on, both engines' scores within +-" + std::to_string(draw.score) +
                    " cp for " + std::to_string(draw.move_count) + " moves each");
  } else {
    lines.push_back("draw: off");
  }
  lines.push_back(max_moves > 0
                      ? "maximum length: a draw after " + std::to_string(max_moves) + " moves each"
                      : "maximum length: none");
  return lines;
}

std::optional<ResignRule> parse_resign_rule(const std::vector<std::string>& words,
                                            std::string& error) {
  const std::string what = "--resign";
  const auto values = parse_words(words, {"movecount", "score", "twosided"}, what, error);
  if (!values) return std::nullopt;
  ResignRule rule;
  const auto count = parse_count(*values, "movecount", 1, what, error);
  if (!count) return std::nullopt;
  const auto score = parse_count(*values, "score", 0, what, error);
  if (!score) return std::nullopt;
  rule.move_count = *count;
  rule.score = *score;
  if (const auto found = values->find("twosided"); found != values->end()) {
    if (found->second != "true" && found->second != "false") {
      error = what + ": twosided must be true or false";
      return std::nullopt;
    }
    rule.two_sided = found->second == "true";
  }
  return rule;
}

std::optional<DrawRule> parse_draw_rule(const std::vector<std::string>& words, std::string& error) {
  const std::string what = "--draw";
  const auto values = parse_words(words, {"movenumber", "movecount", "score"}, what, error);
  if (!values) return std::nullopt;
  const auto number = parse_count(*values, "movenumber", 0, what, error);
  if (!number) return std::nullopt;
  const auto count = parse_count(*values, "movecount", 1, what, error);
  if (!count) return std::nullopt;
  const auto score = parse_count(*values, "score", 0, what, error);
  if (!score) return std::nullopt;
  return DrawRule{*number, *count, *score};
}

std::optional<Verdict> Adjudicator::after_move(int side, int move_number,
                                               std::optional<EngineScore> score, int plies) {
  const int centipawns = score ? score->centipawns() : 0;
  losing_run_[side] = score && centipawns <= -rules_.resign.score ? losing_run_[side] + 1 : 0;
  winning_run_[side] = score && centipawns >= rules_.resign.score ? winning_run_[side] + 1 : 0;
  const bool counts_for_draw =
      score && move_number >= rules_.draw.move_number && std::abs(centipawns) <= rules_.draw.score;
  drawn_run_[side] = counts_for_draw ? drawn_run_[side] + 1 : 0;

  const int needed = rules_.resign.move_count;
  for (const int loser : {side, 1 - side}) {
    if (needed == 0 || losing_run_[loser] < needed) continue;
    if (rules_.resign.two_sided && winning_run_[1 - loser] < needed) continue;
    return Verdict{loser, std::string(kSideNames[loser]) + "'s score at or below -" +
                              std::to_string(rules_.resign.score) + " cp for " +
                              std::to_string(needed) + " moves: resigns by adjudication"};
  }
  if (rules_.draw.move_count > 0 && drawn_run_[0] >= rules_.draw.move_count &&
      drawn_run_[1] >= rules_.draw.move_count) {
    return Verdict{-1, "both scores within +-" + std::to_string(rules_.draw.score) + " cp for " +
                           std::to_string(rules_.draw.move_count) +
                           " moves: drawn by adjudication"};
  }
  if (rules_.max_moves > 0 && plies >= 2 * rules_.max_moves) {
    return Verdict{-1, std::to_string(rules_.max_moves) +
                           " moves each: drawn by adjudication (maximum length)"};
  }
  return std::nullopt;
}

}  // namespace brudno::tools::match
