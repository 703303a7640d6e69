#include "tools/tune/pgn_reader.hpp"

#include <cctype>
#include <iterator>
#include <map>
#include <optional>

#include "tools/epd_suite.hpp"

namespace brudno::tools::tune {

namespace {

using games::Chess;

bool is_result(const std::string& token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

// "12." or "12..." (a token of digits, then dots), or a bare number.
bool is_move_number(const std::string& token) {
  std::size_t digits = 0;
  while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
  if (digits == 0) return false;
  for (std::size_t i = digits; i < token.size(); ++i) {
    if (token[i] != '.') return false;
  }
  return true;
}

// A game as text: its tags and its move tokens, until the result.
struct GameText {
  std::map<std::string, std::string> tags;
  std::vector<std::string> moves;
  std::vector<std::string> comments;  // one per move
  std::string result;
  int first_line = 0;
};

// `[Name "value"]`, with \" and \\ escapes in the value.
void read_tag(const std::string& line, GameText& game) {
  const auto space = line.find(' ');
  const auto open = line.find('"');
  if (space == std::string::npos || open == std::string::npos) return;
  std::string value;
  for (std::size_t i = open + 1; i < line.size() && line[i] != '"'; ++i) {
    if (line[i] == '\\' && i + 1 < line.size()) ++i;
    value += line[i];
  }
  game.tags[line.substr(1, space - 1)] = value;
}

std::optional<PgnGame> replay(const GameText& text, std::string& error) {
  PgnGame game;
  const auto fen = text.tags.find("FEN");
  if (fen != text.tags.end()) {
    auto start = Chess::parse(fen->second, error);
    if (!start) return std::nullopt;
    game.start = *start;
  }
  Chess position = game.start;
  for (const auto& token : text.moves) {
    const auto move = parse_suite_move(position, token);
    if (!move) {
      error = "'" + token + "' is not a legal move after " + std::to_string(game.moves.size()) +
              " plies";
      return std::nullopt;
    }
    game.moves.push_back(*move);
    position.play(*move);
  }
  game.comments = text.comments;
  game.result = text.result;
  return game;
}

}  // namespace

double white_score(const std::string& result) {
  if (result == "1-0") return 1.0;
  if (result == "0-1") return 0.0;
  if (result == "1/2-1/2") return 0.5;
  return -1.0;
}

std::vector<PgnGame> read_pgn(std::istream& in, std::vector<std::string>& errors) {
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<PgnGame> games;
  GameText game;
  int line = 1;
  const auto finish = [&](std::string result) {
    game.result = std::move(result);
    std::string error;
    if (auto played = replay(game, error)) {
      games.push_back(std::move(*played));
    } else {
      errors.push_back("game at line " + std::to_string(game.first_line) + ": " + error);
    }
    game = GameText{};
  };
  std::size_t i = 0;
  const auto skip_to = [&](char end) {
    while (i < text.size() && text[i] != end) line += text[i++] == '\n';
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '[') {
      if (!game.moves.empty()) finish(std::string(1, '*'));  // a game without its result
      if (game.first_line == 0) game.first_line = line;
      const auto end = text.find('\n', i);
      read_tag(text.substr(i, end == std::string::npos ? std::string::npos : end - i), game);
      i = end == std::string::npos ? text.size() : end;
    } else if (c == '{') {
      const std::size_t start = ++i;
      skip_to('}');
      // The first comment after a move is that move's.
      if (!game.moves.empty() && game.comments.back().empty())
        game.comments.back() = text.substr(start, i - start);
      ++i;
    } else if (c == ';' || c == '%') {  // a comment or an escape, to the end of the line
      skip_to('\n');
    } else if (c == '(') {  // a variation, perhaps nested
      int depth = 0;
      for (; i < text.size(); ++i) {
        line += text[i] == '\n';
        if (text[i] == '(') ++depth;
        if (text[i] == ')' && --depth == 0) break;
      }
      ++i;
    } else {
      const std::size_t start = i;
      while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) &&
             std::string_view("{}();[").find(text[i]) == std::string_view::npos)
        ++i;
      std::string token = text.substr(start, i - start);
      if (token.empty()) {  // a stray ')' or '}'
        ++i;
        continue;
      }
      if (game.first_line == 0) game.first_line = line;
      if (is_result(token)) {
        finish(token);
      } else if (token[0] != '$' && !is_move_number(token)) {
        // "12.e4" keeps its move after the number's dots.
        const auto dots = token.find_last_of('.');
        if (dots != std::string::npos) token.erase(0, dots + 1);
        if (!token.empty()) {
          game.moves.push_back(token);
          game.comments.emplace_back();
        }
      }
    }
  }
  if (!game.moves.empty() || !game.tags.empty()) {
    finish(std::string(1, '*'));
  }
  return games;
}

}  // namespace brudno::tools::tune
