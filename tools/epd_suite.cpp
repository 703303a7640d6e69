#include "tools/epd_suite.hpp"

#include <algorithm>
#include <cctype>

#include "games/chess/rules/san.hpp"

namespace brudno::tools {
namespace {

using games::Chess;

// SAN as suites write it, reduced to what tells moves apart: no check or
// mate mark, no annotation, no `=` before a promotion, castling with letters.
std::string normal_san(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '+' || c == '#' || c == '!' || c == '?' || c == '=') continue;
    out += c == '0' ? 'O' : c;
  }
  return out;
}

// The operands of one operation: words, or a quoted string as one.
std::vector<std::string> operands(std::string_view text) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
    } else if (text[i] == '"') {
      const std::size_t end = text.find('"', i + 1);
      words.emplace_back(text.substr(i + 1, end == std::string_view::npos ? end : end - i - 1));
      i = end == std::string_view::npos ? text.size() : end + 1;
    } else {
      std::size_t end = i;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
      words.emplace_back(text.substr(i, end - i));
      i = end;
    }
  }
  return words;
}

bool is_number(std::string_view word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
}

// Splits at ';' outside quotes.
std::vector<std::string_view> operations(std::string_view text) {
  std::vector<std::string_view> parts;
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '"') quoted = !quoted;
    if (text[i] == ';' && !quoted) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  parts.push_back(text.substr(start));
  return parts;
}

// SAN written with more than it needs ("Rad1" where "Rd1" is unique,
// "Nb1xc3"): the piece, the target, the promotion, and whatever file or rank
// of the origin is given must agree with exactly one legal move.
std::optional<Chess::Move> parse_loose_san(const Chess& position, std::string text,
                                           const Chess::MoveList& legal) {
  std::erase(text, 'x');
  namespace chess = games::chess;
  constexpr std::string_view kLetters = " PNBRQK";
  chess::PieceType piece = chess::kPawn;
  if (!text.empty() && std::string_view("NBRQK").find(text.front()) != std::string_view::npos) {
    piece = static_cast<chess::PieceType>(kLetters.find(text.front()));
    text.erase(0, 1);
  }
  int promotion = 0;
  if (!text.empty() && std::string_view("NBRQ").find(text.back()) != std::string_view::npos) {
    promotion = static_cast<int>(kLetters.find(text.back()));
    text.pop_back();
  }
  if (text.size() < 2 || text.size() > 4) return std::nullopt;
  const std::string target = text.substr(text.size() - 2);
  const std::string origin = text.substr(0, text.size() - 2);
  std::optional<Chess::Move> found;
  for (const auto move : legal) {
    const std::string uci = Chess::move_text(move);
    const std::string from = uci.substr(0, 2);
    const std::string to = uci.substr(2, 2);
    const bool promotes = move.kind() == Chess::Move::kPromotion;
    if (chess::type_of(position.piece_on(move.from())) != piece || to != target ||
        promotes != (promotion != 0) || (promotes && move.promotion() != promotion) ||
        move.kind() == Chess::Move::kCastling) {
      continue;
    }
    if (!std::all_of(origin.begin(), origin.end(),
                     [&](char c) { return from.find(c) != std::string::npos; })) {
      continue;
    }
    if (found) return std::nullopt;  // still ambiguous
    found = move;
  }
  return found;
}

}  // namespace

std::optional<Chess::Move> parse_suite_move(const Chess& position, std::string_view text) {
  if (const auto uci = position.parse_move(text)) return uci;
  const std::string wanted = normal_san(text);
  Chess::MoveList legal;
  position.legal_moves(legal);
  for (const auto move : legal) {
    if (normal_san(games::san(position, move)) == wanted) return move;
  }
  return parse_loose_san(position, wanted, legal);
}

std::optional<EpdPosition> parse_epd_position(std::string_view line, int line_number,
                                              std::string& error) {
  // The four FEN fields, then perhaps the two counters, then operations.
  std::vector<std::string> fields;
  std::size_t i = 0;
  while (fields.size() < 6 && i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t end = i;
    while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
    if (end == i) break;
    const std::string_view word = line.substr(i, end - i);
    if (fields.size() >= 4 && !is_number(word)) break;
    fields.emplace_back(word);
    i = end;
  }
  if (fields.size() < 4) {
    error = "fewer than the four FEN fields";
    return std::nullopt;
  }
  std::string fen;
  for (const auto& field : fields) fen += (fen.empty() ? "" : " ") + field;
  std::string fen_error;
  auto position = Chess::parse(fen, fen_error);
  if (!position) {
    error = "bad FEN '" + fen + "': " + fen_error;
    return std::nullopt;
  }
  EpdPosition entry{*position, "line " + std::to_string(line_number), {}, {}, {}, {}};
  for (const auto operation : operations(line.substr(i))) {
    auto words = operands(operation);
    if (words.empty()) continue;
    const std::string opcode = words.front();
    words.erase(words.begin());
    if (opcode == "id" && !words.empty()) {
      entry.id = words.front();
      continue;
    }
    if (opcode != "bm" && opcode != "am") continue;
    auto& moves = opcode == "bm" ? entry.best_moves : entry.avoid_moves;
    auto& text = opcode == "bm" ? entry.best_text : entry.avoid_text;
    for (const auto& word : words) {
      // A mark standing apart ("bm Qd1 +") belongs to the move before it.
      if (normal_san(word).empty()) continue;
      const auto move = parse_suite_move(entry.position, word);
      if (!move) {
        error = opcode + " move '" + word + "' is not legal in '" + fen + "'";
        return std::nullopt;
      }
      moves.push_back(*move);
      text += (text.empty() ? "" : " ") + word;
    }
  }
  return entry;
}

std::optional<EpdPosition> parse_epd_line(std::string_view line, int line_number,
                                          std::string& error) {
  auto entry = parse_epd_position(line, line_number, error);
  if (entry && entry->best_moves.empty() && entry->avoid_moves.empty()) {
    error = "no bm or am operation";
    return std::nullopt;
  }
  return entry;
}

}  // namespace brudno::tools
