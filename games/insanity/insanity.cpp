#include "games/insanity/insanity.hpp"

#include <cctype>
#include <sstream>
#include <vector>

namespace brudno::games {
namespace {

// The side cycles of the classic text, faces numbered 1-6.
constexpr int kSideCycles[6][4] = {{2, 3, 4, 5}, {2, 5, 4, 3}, {1, 2, 6, 4},
                                   {1, 4, 6, 2}, {1, 3, 6, 5}, {1, 5, 6, 3}};

}  // namespace

std::array<int, 4> InstantInsanity::side_faces(int index) {
  const auto& cycle = kSideCycles[index / 4];
  const int rotation = index % 4;
  std::array<int, 4> faces{};
  for (int side = 0; side < 4; ++side) faces[side] = cycle[(rotation + side) % 4] - 1;
  return faces;
}

std::variant<InstantInsanity, std::string> InstantInsanity::parse(std::string_view cubes) {
  std::istringstream words{std::string(cubes)};
  std::vector<std::string> cube_words;
  for (std::string word; words >> word;) cube_words.push_back(word);
  if (cube_words.size() != kCubes) {
    return "expected " + std::to_string(kCubes) + " cubes of six colours, got " +
           std::to_string(cube_words.size());
  }
  InstantInsanity puzzle;
  int colours = 0;
  for (int cube = 0; cube < kCubes; ++cube) {
    const std::string& word = cube_words[static_cast<std::size_t>(cube)];
    if (word.size() != 6) {
      return "cube " + std::to_string(cube + 1) + " '" + word + "' must have 6 colours, has " +
             std::to_string(word.size());
    }
    for (int face = 0; face < 6; ++face) {
      const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(word[face])));
      if (letter < 'A' || letter > 'Z') {
        return "cube " + std::to_string(cube + 1) + " '" + word + "': '" + word[face] +
               "' is not a colour letter";
      }
      int colour = 0;
      while (colour < colours && puzzle.colour_letters_[colour] != letter) ++colour;
      if (colour == colours) {
        if (colours == 4)
          return std::string("more than four colours: the tower has four sides of four cubes");
        puzzle.colour_letters_[colours++] = letter;
      }
      puzzle.faces_[cube][face] = colour;
    }
  }
  return puzzle;
}

std::uint16_t InstantInsanity::side_bits(int cube, int index) const {
  const auto faces = side_faces(index);
  std::uint16_t bits = 0;
  for (int side = 0; side < 4; ++side) bits |= 1u << (side * 4 + faces_[cube][faces[side]]);
  return bits;
}

void InstantInsanity::successors(engine::MoveList<Move>& moves) const {
  if (placed_ == kCubes) return;
  if (placed_ == 0 && restrict_first_) {
    for (const Move index : {0, 8, 16}) moves.push_back(index);
    return;
  }
  for (int index = 0; index < kOrientations; ++index) moves.push_back(static_cast<Move>(index));
}

void InstantInsanity::play(Move orientation) {
  const std::uint16_t bits = side_bits(placed_, orientation);
  clashed_[placed_] = (tower_ & bits) != 0;
  // A clashing cube is not added: is_dead_end() prunes it and undo() takes nothing away.
  if (!clashed_[placed_]) tower_ |= bits;
  orientations_[placed_++] = orientation;
}

void InstantInsanity::undo(Move orientation) {
  --placed_;
  if (!clashed_[placed_]) tower_ &= static_cast<std::uint16_t>(~side_bits(placed_, orientation));
}

char InstantInsanity::side_colour(int cube, int index, int side) const {
  return colour_letters_[faces_[cube][side_faces(index)[side]]];
}

std::string InstantInsanity::tower_text() const {
  std::string text = "(";
  for (int side = 0; side < 4; ++side) {
    text += side == 0 ? "(" : " (";
    for (int cube = placed_ - 1; cube >= 0; --cube) {
      text += side_colour(cube, orientations_[cube], side);
      if (cube > 0) text += ' ';
    }
    text += ')';
  }
  return text + ")";
}

}  // namespace brudno::games
