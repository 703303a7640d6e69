#include "tools/match/pgn.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <sstream>
#include <vector>

#include "games/chess/chess.hpp"

namespace brudno::tools::match {

namespace {

constexpr std::size_t kLineLength = 80;

std::string tag(const std::string& name, const std::string& value) {
  std::string escaped;
  for (const char c : value) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return "[" + name + " \"" + escaped + "\"]\n";
}

std::string move_comment(const PlayedMove& move) {
  char time[32];
  std::snprintf(time, sizeof time, "%.3fs", move.elapsed_ms / 1000);
  std::string text = "{";
  if (move.score) text += move.score->text() + "/" + std::to_string(move.depth) + " ";
  return text + time + "}";
}

// Tokens joined by spaces, a new line before any token that would pass the length.
std::string wrap(const std::vector<std::string>& tokens) {
  std::string text;
  std::size_t line = 0;
  for (const auto& token : tokens) {
    if (line > 0 && line + 1 + token.size() > kLineLength) {
      text += '\n';
      line = 0;
    } else if (line > 0) {
      text += ' ';
      ++line;
    }
    text += token;
    line += token.size();
  }
  return text + '\n';
}

}  // namespace

std::string pgn_text(const PgnTags& tags, const GameRecord& game) {
  std::string text = tag("Event", tags.event) + tag("Site", tags.site) + tag("Date", tags.date) +
                     tag("Round", tags.round) + tag("White", tags.white) +
                     tag("Black", tags.black) + tag("Result", game.result);
  // A Chess960 game names its variant and always its start position, as
  // Chess960 PGN readers need both (start position 518 included).
  if (game.chess960) text += tag("Variant", "Chess960");
  if (game.chess960 || game.opening_fen != games::Chess::kStartFen) {
    text += tag("SetUp", "1") + tag("FEN", game.opening_fen);
  }
  if (!tags.time_control.empty()) text += tag("TimeControl", tags.time_control);
  text += tag("Termination", termination_tag(game.termination));
  text += tag("PlyCount", std::to_string(game.moves.size()));
  text += '\n';

  std::string fault;
  const auto start = games::Chess::parse(game.opening_fen, fault, game.chess960);
  int number = start ? start->fullmove_number() : 1;
  int side = start ? start->side_to_move() : 0;
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    if (side == 0) {
      tokens.push_back(std::to_string(number) + ".");
    } else if (i == 0) {
      tokens.push_back(std::to_string(number) + "...");
    }
    tokens.push_back(game.moves[i].san);
    tokens.push_back(move_comment(game.moves[i]));
    if (side == 1) ++number;
    side = 1 - side;
  }
  if (!game.reason.empty()) tokens.push_back("{" + game.reason + "}");
  tokens.push_back(game.result);
  return text + wrap(tokens) + '\n';
}

std::string pgn_date_today() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm local{};
  localtime_r(&now, &local);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &local);
  return text;
}

}  // namespace brudno::tools::match
