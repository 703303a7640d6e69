// The `eval` command's table, in the style of Stockfish's classical `eval`.

#include <cstdio>
#include <string>

#include "games/chess/chess.hpp"
#include "games/chess/eval/evaluation.hpp"

namespace brudno::games::chess::eval {

namespace {

// Centipawns as pawns, two decimals, right-aligned in `width` characters.
std::string pawns(int centipawns, int width = 6) {
  char text[32];
  std::snprintf(text, sizeof text, "%*.2f", width, centipawns / 100.0);
  return text;
}

std::string row(std::string_view name, Pair white, Pair black) {
  char label[16];
  std::snprintf(label, sizeof label, "%14.*s", static_cast<int>(name.size()), name.data());
  const Pair total = white - black;
  return std::string(label) + " | " + pawns(white.mg) + pawns(white.eg) + " | " + pawns(black.mg) +
         pawns(black.eg) + " | " + pawns(total.mg) + pawns(total.eg) + '\n';
}

}  // namespace

std::string breakdown(const Chess& position) {
  const EvalTrace traced = trace(position);
  // Each column is 12 characters: two numbers of 6.
  const std::string rule = std::string(15, '-') + "+" + std::string(14, '-') + "+" +
                           std::string(14, '-') + "+" + std::string(13, '-') + '\n';
  std::string text =
      "          Term |    White     |    Black     |    Total\n"
      "               |     MG    EG |     MG    EG |     MG    EG\n" +
      rule;
  Pair white;
  Pair black;
  for (int term = 0; term < kTermCount; ++term) {
    text += row(term_name(static_cast<Term>(term)), traced.terms[kWhite][term],
                traced.terms[kBlack][term]);
    white += traced.terms[kWhite][term];
    black += traced.terms[kBlack][term];
  }
  text += rule;
  text += row("Total", white, black);
  text += "\nPhase: " + std::to_string(traced.phase) + " of " + std::to_string(kFullPhase) + " (" +
          std::to_string(kFullPhase) + ": middlegame, 0: endgame)\n";
  std::string total = pawns(traced.white_total(), 0);
  if (traced.white_total() >= 0) total = "+" + total;
  text += "Final evaluation: " + total + " (white side)\n";
  return text;
}

}  // namespace brudno::games::chess::eval
