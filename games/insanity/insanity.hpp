#pragma once
// Instant Insanity: stack four cubes so that each side of the tower shows
// every colour once. A cube is written as six colours: top, the four sides
// clockwise, bottom (faces 1-6).
//
// Orientations, the classic way: for each choice of the top face, the ring of
// four side faces read clockwise, given by the side cycles
// (2 3 4 5) (2 5 4 3) (1 2 6 4) (1 4 6 2) (1 3 6 5) (1 5 6 3), each with its
// four rotations, in that order: 24 orientations, 8 per hidden axis. The
// tower's symmetries (turning it, standing it on its head) make one
// orientation per axis of the first cube enough: orientations 1, 9 and 17.
//
// A partial tower is one colour bitmask per side (a bit per colour); a cube
// fits where its sides AND the tower is zero.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/move_list.hpp"
#include "engine/puzzle.hpp"

namespace brudno::games {

class InstantInsanity {
 public:
  using Move = std::uint8_t;  // orientation 0-23 of the next cube
  static constexpr int kCubes = 4;
  static constexpr int kOrientations = 24;
  static constexpr std::string_view kClassicCubes = "GBBWRG GGBGWR GWWRBR GGRBWW";

  // The faces (0-5) on the four sides, clockwise, in orientation `index`.
  static std::array<int, 4> side_faces(int index);

  // Four cubes of six colour letters; at most four colours in all.
  static std::variant<InstantInsanity, std::string> parse(std::string_view cubes);

  // With `restrict_first`, the first cube only takes orientations 1, 9 and 17.
  void set_restrict_first(bool restrict_first) { restrict_first_ = restrict_first; }

  void successors(engine::MoveList<Move>& moves) const;
  void play(Move orientation);
  void undo(Move orientation);
  [[nodiscard]] bool is_dead_end() const { return placed_ > 0 && clashed_[placed_ - 1]; }
  [[nodiscard]] bool is_goal() const { return placed_ == kCubes && !is_dead_end(); }

  // The tower, one list per side, the top (last placed) cube's colour first:
  // ((G W R B) (R W G B) (B R G W) (W B G R)).
  [[nodiscard]] std::string tower_text() const;
  [[nodiscard]] int orientation_of(int cube) const { return orientations_[cube]; }
  // The colour letter on `side` (0-3) of `cube` in orientation `index`.
  [[nodiscard]] char side_colour(int cube, int index, int side) const;

 private:
  // Side masks of one cube in one orientation: 4 bits per side, one per colour.
  [[nodiscard]] std::uint16_t side_bits(int cube, int index) const;

  std::array<std::array<int, 6>, kCubes> faces_{};  // colour index per face
  std::array<char, 4> colour_letters_{};
  bool restrict_first_ = true;
  int placed_ = 0;
  std::uint16_t tower_ = 0;  // 4 bits per side
  std::array<int, kCubes> orientations_{};
  std::array<bool, kCubes> clashed_{};
};

static_assert(engine::Problem<InstantInsanity>);

}  // namespace brudno::games
