#pragma once
// Bitboards: one bit per square (a1 = bit 0). Leaper attacks are tables made
// at compile time; sliding attacks are looked up by magic multiplication, or
// by PEXT where the compiler targets BMI2 (-march=x86-64-v3 and later): both
// index the same kind of table, built at start-up by init_tables().

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

#include "games/chess/types.hpp"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define BRUDNO_CHESS_HAS_PEXT_INTRINSIC 1
#endif

namespace brudno::games::chess {

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kRank8 = kRank1 << 56;
inline constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard file_bb(int file) {
  return kFileA << file;
}
constexpr Bitboard rank_bb(int rank) {
  return kRank1 << (8 * rank);
}

// The lowest square of a set that is not empty.
inline Square lsb(Bitboard b) {
  assert(b != 0);
  return std::countr_zero(b);
}
inline Square pop_lsb(Bitboard& b) {
  assert(b != 0);
  const Square square = std::countr_zero(b);
  b &= b - 1;
  return square;
}
inline bool more_than_one(Bitboard b) {
  return (b & (b - 1)) != 0;
}

// Every square one step in a direction, without wrapping round the board's edge.
template <int kDelta>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (kDelta == 8) return b << 8;
  if constexpr (kDelta == -8) return b >> 8;
  if constexpr (kDelta == 1) return (b & ~kFileH) << 1;
  if constexpr (kDelta == -1) return (b & ~kFileA) >> 1;
  if constexpr (kDelta == 9) return (b & ~kFileH) << 9;
  if constexpr (kDelta == 7) return (b & ~kFileA) << 7;
  if constexpr (kDelta == -7) return (b & ~kFileH) >> 7;
  if constexpr (kDelta == -9) return (b & ~kFileA) >> 9;
}

// Forward for the side `color`: +8 for white, -8 for black.
constexpr int forward(Color color) {
  return color == kWhite ? 8 : -8;
}

namespace detail {

// The squares one leap from `square`, for leaps given as (file, rank) steps.
template <std::size_t N>
constexpr Bitboard leaps(Square square, const std::array<std::array<int, 2>, N>& steps) {
  Bitboard result = 0;
  for (const auto& [df, dr] : steps) {
    const int file = file_of(square) + df;
    const int rank = rank_of(square) + dr;
    if (file >= 0 && file < 8 && rank >= 0 && rank < 8)
      result |= square_bb(make_square(file, rank));
  }
  return result;
}

template <std::size_t N>
constexpr std::array<Bitboard, 64> leap_table(const std::array<std::array<int, 2>, N>& steps) {
  std::array<Bitboard, 64> table{};
  for (Square square = 0; square < 64; ++square) table[square] = leaps(square, steps);
  return table;
}

}  // namespace detail

inline constexpr std::array<Bitboard, 64> kKnightAttacks =
    detail::leap_table(std::array<std::array<int, 2>, 8>{
        {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}});
inline constexpr std::array<Bitboard, 64> kKingAttacks =
    detail::leap_table(std::array<std::array<int, 2>, 8>{
        {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}});
// kPawnAttacks[color][square]: the squares a pawn of `color` on `square` attacks.
inline constexpr std::array<std::array<Bitboard, 64>, 2> kPawnAttacks = {
    detail::leap_table(std::array<std::array<int, 2>, 2>{{{-1, 1}, {1, 1}}}),
    detail::leap_table(std::array<std::array<int, 2>, 2>{{{-1, -1}, {1, -1}}})};

// Sliding attacks by walking the rays: the reference the tables are built from and tested against.
Bitboard slow_rook_attacks(Square square, Bitboard occupied);
Bitboard slow_bishop_attacks(Square square, Bitboard occupied);

#ifdef BRUDNO_CHESS_HAS_PEXT_INTRINSIC
// Callable only from code compiled for BMI2 (by -march or a target attribute).
__attribute__((target("bmi2"))) inline std::uint64_t pext(std::uint64_t value, std::uint64_t mask) {
  return _pext_u64(value, mask);
}
#endif

// One slider's attack table: per square, the relevant occupancy mask and
// where its attack sets begin in one shared array.
struct SliderSquare {
  Bitboard mask = 0;
  Bitboard magic = 0;
  unsigned shift = 0;
  const Bitboard* attacks = nullptr;

  [[nodiscard]] unsigned magic_index(Bitboard occupied) const {
    return static_cast<unsigned>(((occupied & mask) * magic) >> shift);
  }
};

enum class SliderIndexing { kMagic, kPext };
enum class Slider { kRook, kBishop };

class SliderTable {
 public:
  // PEXT indexing needs a CPU with BMI2 (__builtin_cpu_supports("bmi2")).
  SliderTable(Slider slider, SliderIndexing indexing);
  SliderTable(const SliderTable&) = delete;
  SliderTable& operator=(const SliderTable&) = delete;

  [[nodiscard]] const SliderSquare& square(Square square) const { return squares_[square]; }
  [[nodiscard]] Bitboard magic_attacks(Square square, Bitboard occupied) const {
    const SliderSquare& entry = squares_[square];
    return entry.attacks[entry.magic_index(occupied)];
  }
#ifdef BRUDNO_CHESS_HAS_PEXT_INTRINSIC
  [[nodiscard]] __attribute__((target("bmi2"))) Bitboard pext_attacks(Square square,
                                                                      Bitboard occupied) const {
    const SliderSquare& entry = squares_[square];
    return entry.attacks[pext(occupied, entry.mask)];
  }
#endif

 private:
  std::array<SliderSquare, 64> squares_{};
  std::vector<Bitboard> attacks_;
};

#if defined(__BMI2__)
inline constexpr SliderIndexing kSliderIndexing = SliderIndexing::kPext;
#else
inline constexpr SliderIndexing kSliderIndexing = SliderIndexing::kMagic;
#endif

namespace detail {
// Filled by init_tables(); read on the hot path without a guard.
extern std::array<SliderSquare, 64> g_rook;
extern std::array<SliderSquare, 64> g_bishop;
extern std::array<std::array<Bitboard, 64>, 64> g_between;
extern std::array<std::array<Bitboard, 64>, 64> g_line;

inline Bitboard slider_lookup(const SliderSquare& entry, Bitboard occupied) {
#if defined(__BMI2__)
  return entry.attacks[_pext_u64(occupied, entry.mask)];
#else
  return entry.attacks[entry.magic_index(occupied)];
#endif
}
}  // namespace detail

// Builds the sliding-attack and line tables once; every way of making a
// position calls it, so the hot path can read the tables unguarded.
void init_tables();

inline Bitboard rook_attacks(Square square, Bitboard occupied) {
  assert(is_square(square));
  return detail::slider_lookup(detail::g_rook[square], occupied);
}
inline Bitboard bishop_attacks(Square square, Bitboard occupied) {
  assert(is_square(square));
  return detail::slider_lookup(detail::g_bishop[square], occupied);
}
inline Bitboard queen_attacks(Square square, Bitboard occupied) {
  return rook_attacks(square, occupied) | bishop_attacks(square, occupied);
}
// The squares strictly between two squares on a line, or nothing.
inline Bitboard between(Square a, Square b) {
  assert(is_square(a) && is_square(b));
  return detail::g_between[a][b];
}
// The whole line through two squares (edge to edge), or nothing if they share none.
inline Bitboard line(Square a, Square b) {
  assert(is_square(a) && is_square(b));
  return detail::g_line[a][b];
}

}  // namespace brudno::games::chess
