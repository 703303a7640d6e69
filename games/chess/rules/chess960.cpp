#include "games/chess/rules/chess960.hpp"

#include <array>
#include <cctype>
#include <cstddef>

namespace brudno::games::chess {

namespace {

// Where the two knights go among the five squares left, for each of the ten
// values of their digit, as the numbering scheme lists them.
constexpr std::array<std::array<int, 2>, 10> kKnightPlacements = {
    {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};

// Puts `piece` on the `nth` empty square of `rank` (0-based, from the a-file).
void put_on_empty(std::string& rank, int nth, char piece) {
  for (char& square : rank) {
    if (square != ' ') continue;
    if (nth-- == 0) {
      square = piece;
      return;
    }
  }
}

}  // namespace

std::string chess960_back_rank(int number) {
  std::string rank(8, ' ');
  int rest = number;
  rank[static_cast<std::size_t>(2 * (rest % 4) + 1)] = 'B';  // b, d, f or h: light squares
  rest /= 4;
  rank[static_cast<std::size_t>(2 * (rest % 4))] = 'B';  // a, c, e or g: dark squares
  rest /= 4;
  put_on_empty(rank, rest % 6, 'Q');
  rest /= 6;
  // The second knight first, so that the first's index still counts the
  // squares as they were before either was placed.
  const auto& knights = kKnightPlacements[static_cast<std::size_t>(rest)];
  put_on_empty(rank, knights[1], 'N');
  put_on_empty(rank, knights[0], 'N');
  put_on_empty(rank, 0, 'R');
  put_on_empty(rank, 0, 'K');
  put_on_empty(rank, 0, 'R');
  return rank;
}

std::string chess960_start_fen(int number) {
  const std::string white = chess960_back_rank(number);
  std::string black = white;
  for (char& piece : black)
    piece = static_cast<char>(std::tolower(static_cast<unsigned char>(piece)));
  return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
}

}  // namespace brudno::games::chess
