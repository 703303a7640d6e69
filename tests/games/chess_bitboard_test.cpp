// Sliding attacks: the magic tables (the portable path) and the PEXT tables
// (the BMI2 path) against walking the rays, for every square and every
// subset of its relevant occupancy. Both are tested whichever path this
// build uses: the PEXT check runs where the CPU has BMI2 and skips otherwise.

#include <gtest/gtest.h>

#include "games/chess/rules/bitboard.hpp"

namespace brudno::games::chess {
namespace {

using Reference = Bitboard (*)(Square, Bitboard);

struct SliderCase {
  Slider slider;
  Reference reference;
};

const SliderCase kSliders[] = {{Slider::kRook, slow_rook_attacks},
                               {Slider::kBishop, slow_bishop_attacks}};

// Calls `check(square, occupancy)` for every subset of every square's mask
// (Carry-Rippler), with unrelated squares set too, which must not matter.
template <class Check>
void for_every_occupancy(const SliderTable& table, Check check) {
  for (Square square = 0; square < 64; ++square) {
    const Bitboard mask = table.square(square).mask;
    const Bitboard noise = ~mask & ~square_bb(square) & 0x5A3C99E1C3A5F00FULL;
    Bitboard subset = 0;
    do {
      check(square, subset);
      check(square, subset | noise);
      subset = (subset - mask) & mask;
    } while (subset != 0);
  }
}

TEST(ChessSliders, MagicMatchesTheRays) {
  for (const auto& [slider, reference_rays] : kSliders) {
    const SliderTable table(slider, SliderIndexing::kMagic);
    const auto reference = reference_rays;  // clang before 16 cannot capture a structured binding
    std::size_t checked = 0;
    for_every_occupancy(table, [&](Square square, Bitboard occupied) {
      ASSERT_EQ(table.magic_attacks(square, occupied), reference(square, occupied))
          << "square " << square << " occupancy " << occupied;
      ++checked;
    });
    EXPECT_EQ(checked, slider == Slider::kRook ? 2u * 102400 : 2u * 5248);
  }
}

#ifdef BRUDNO_CHESS_HAS_PEXT_INTRINSIC
// Compiled for BMI2 whatever the build's -march, run only where the CPU has it.
__attribute__((target("bmi2"))) void expect_pext_matches_magic() {
  for (const auto& [slider, reference_rays] : kSliders) {
    const auto reference = reference_rays;  // see MagicMatchesTheRays
    const SliderTable pext_table(slider, SliderIndexing::kPext);
    const SliderTable magic_table(slider, SliderIndexing::kMagic);
    for_every_occupancy(pext_table, [&](Square square, Bitboard occupied) {
      ASSERT_EQ(pext_table.pext_attacks(square, occupied),
                magic_table.magic_attacks(square, occupied))
          << "square " << square << " occupancy " << occupied;
      ASSERT_EQ(pext_table.pext_attacks(square, occupied), reference(square, occupied));
    });
  }
}
#endif

TEST(ChessSliders, PextMatchesMagic) {
#ifdef BRUDNO_CHESS_HAS_PEXT_INTRINSIC
  if (!__builtin_cpu_supports("bmi2")) GTEST_SKIP() << "this CPU has no BMI2: no PEXT to test";
  expect_pext_matches_magic();
#else
  GTEST_SKIP() << "not an x86-64 build: no PEXT to test";
#endif
}

// The tables the move generator reads, whichever indexing the build chose.
TEST(ChessSliders, BuildTablesMatchTheRays) {
  init_tables();
  for (Square square = 0; square < 64; ++square) {
    for (const Bitboard occupied :
         {Bitboard{0}, ~Bitboard{0}, Bitboard{0x0000001818000000ULL},
          Bitboard{0x8142241818244281ULL}, Bitboard{0x00FF00000000FF00ULL}}) {
      EXPECT_EQ(rook_attacks(square, occupied), slow_rook_attacks(square, occupied));
      EXPECT_EQ(bishop_attacks(square, occupied), slow_bishop_attacks(square, occupied));
    }
  }
  EXPECT_EQ(between(0, 63), 0x0040201008040200ULL);  // b2-g7
  EXPECT_EQ(between(0, 7), 0x7EULL);                 // b1-g1
  EXPECT_EQ(between(0, 17), 0u);                     // a1, b3: no line
  EXPECT_EQ(line(9, 18), 0x8040201008040201ULL);     // b2, c3: the long diagonal
}

}  // namespace
}  // namespace brudno::games::chess
