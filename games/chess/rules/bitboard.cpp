#include "games/chess/rules/bitboard.hpp"

#include <mutex>

namespace brudno::games::chess {

namespace detail {
std::array<SliderSquare, 64> g_rook;
std::array<SliderSquare, 64> g_bishop;
std::array<std::array<Bitboard, 64>, 64> g_between;
std::array<std::array<Bitboard, 64>, 64> g_line;
}  // namespace detail

namespace {

constexpr std::array<std::array<int, 2>, 4> kRookSteps = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
constexpr std::array<std::array<int, 2>, 4> kBishopSteps = {{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}};

Bitboard walk_rays(Square square, Bitboard occupied,
                   const std::array<std::array<int, 2>, 4>& steps) {
  Bitboard result = 0;
  for (const auto& [df, dr] : steps) {
    int file = file_of(square) + df;
    int rank = rank_of(square) + dr;
    while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
      const Bitboard bit = square_bb(make_square(file, rank));
      result |= bit;
      if (occupied & bit) break;
      file += df;
      rank += dr;
    }
  }
  return result;
}

// The squares whose occupancy matters: the rays without their last square.
Bitboard relevant_mask(Slider slider, Square square) {
  const Bitboard edges = ((kRank1 | kRank8) & ~rank_bb(rank_of(square))) |
                         ((kFileA | kFileH) & ~file_bb(file_of(square)));
  const Bitboard rays =
      slider == Slider::kRook ? slow_rook_attacks(square, 0) : slow_bishop_attacks(square, 0);
  return rays & ~edges;
}

// Magic multipliers: for each square, a number that maps every subset of
// the square's mask to a slot of its table either alone or with subsets that
// have the same attacks. They were found by trying sparse random numbers
// (the and of three xorshift64* outputs) until one had no bad collision;
// tests/games/chess_bitboard_test.cpp checks every square and subset.
// clang-format off
constexpr std::array<Bitboard, 64> kRookMagics = {
    0x008000908064C000ULL, 0x0040200040001000ULL, 0x0180100080A0010AULL, 0x8880041000800800ULL,
    0x1200100201200804ULL, 0x0200020004011008ULL, 0x2180010000800600ULL, 0x0200005088210204ULL,
    0x0400800040008021ULL, 0x0400400020005000ULL, 0x8240801000200080ULL, 0x8611001004200900ULL,
    0x008180800C001800ULL, 0x0100800200800400ULL, 0x0A02000102000408ULL, 0x8020802300104280ULL,
    0x0080004000402000ULL, 0xE010104000402000ULL, 0x0800808010002000ULL, 0xA280210008100100ULL,
    0x0001818014000800ULL, 0xA002010100080400ULL, 0x0080240001020870ULL, 0x0001020004048845ULL,
    0x0081826280004004ULL, 0x2020810900284000ULL, 0x0200100080802000ULL, 0x0200080080100080ULL,
    0x8083080100100500ULL, 0x4406000901000400ULL, 0x0005020080800100ULL, 0x0090204200008114ULL,
    0x0010400094800420ULL, 0x0900804000802002ULL, 0x0201001841002000ULL, 0x4100080080801000ULL,
    0x4540040080800800ULL, 0x0002001004040020ULL, 0x0281195814001002ULL, 0x1240800040800100ULL,
    0x0880042000524004ULL, 0x02C080410206002CULL, 0x0801200241050010ULL, 0x8400080010008080ULL,
    0x0008000500090010ULL, 0x0082009084020008ULL, 0x4012000108020004ULL, 0x9000104D08860004ULL,
    0x2004204114800100ULL, 0x0148802112400300ULL, 0x0202842000100880ULL, 0x001B080080900080ULL,
    0x001A002008100600ULL, 0x0004008004020080ULL, 0x5181000600040300ULL, 0x0000044401128A00ULL,
    0x8044110480002441ULL, 0x2008110084402202ULL, 0x90806005090010C1ULL, 0x000420310A004A42ULL,
    0x0023001004020801ULL, 0x0882001008040102ULL, 0x000230088118020CULL, 0x0000019025040042ULL,
};
constexpr std::array<Bitboard, 64> kBishopMagics = {
    0x0020428400408200ULL, 0x2008010104210004ULL, 0x02D0009200480190ULL, 0x0018158B00010100ULL,
    0x02C4042132048008ULL, 0x020082202000C221ULL, 0x4000421050080009ULL, 0x0210140202022020ULL,
    0x00C0101410042248ULL, 0x0405204800D48080ULL, 0x3800C89200420002ULL, 0x180844124A020440ULL,
    0x04403410A8002221ULL, 0x4040209004200400ULL, 0x084004020202A204ULL, 0x3010002104022000ULL,
    0x00200240A9110900ULL, 0x2302800404080210ULL, 0x0204188800240010ULL, 0x8048000C01401200ULL,
    0x120C001A11040900ULL, 0x0000401200500440ULL, 0x00004040840420A0ULL, 0x0020930822880804ULL,
    0x4044401090900161ULL, 0x0034100015210804ULL, 0x8004100009010120ULL, 0x48C8080000820500ULL,
    0x0080848004002000ULL, 0x0801004012005044ULL, 0x000080902C040400ULL, 0x0004009005004100ULL,
    0x0B103010048A0200ULL, 0x8004100203181A00ULL, 0x0800140200100080ULL, 0x8401010800910040ULL,
    0x0840010011290040ULL, 0x40100214202E1000ULL, 0x0842040040010840ULL, 0x0028010040010860ULL,
    0x00080202A2051000ULL, 0x4200841008084204ULL, 0x0021120110000D02ULL, 0x48C1004208000084ULL,
    0x0010088100414400ULL, 0x0021101000420580ULL, 0x0010040558401410ULL, 0x200C0C82A1050205ULL,
    0x0011108820088000ULL, 0x0001011910120402ULL, 0x1580008608091248ULL, 0x8010018020880C02ULL,
    0x20A1101032088480ULL, 0x0080100408082800ULL, 0x28100401140401C0ULL, 0x8002102200930012ULL,
    0x4001040082080200ULL, 0x082200A498081808ULL, 0x000508610080D003ULL, 0x0052020044842402ULL,
    0x4800A00140C84840ULL, 0x5000000848080820ULL, 0x0101086004240040ULL, 0x0028280808005014ULL,
};
// clang-format on

#ifdef BRUDNO_CHESS_HAS_PEXT_INTRINSIC
__attribute__((target("bmi2"))) unsigned pext_index(Bitboard occupied, Bitboard mask) {
  return static_cast<unsigned>(pext(occupied, mask));
}
#endif

}  // namespace

Bitboard slow_rook_attacks(Square square, Bitboard occupied) {
  return walk_rays(square, occupied, kRookSteps);
}
Bitboard slow_bishop_attacks(Square square, Bitboard occupied) {
  return walk_rays(square, occupied, kBishopSteps);
}

SliderTable::SliderTable(Slider slider, [[maybe_unused]] SliderIndexing indexing) {
  std::vector<std::size_t> offsets(64);
  std::size_t total = 0;
  for (Square square = 0; square < 64; ++square) {
    squares_[square].mask = relevant_mask(slider, square);
    offsets[square] = total;
    total += std::size_t{1} << std::popcount(squares_[square].mask);
  }
  attacks_.assign(total, 0);

  for (Square square = 0; square < 64; ++square) {
    SliderSquare& entry = squares_[square];
    entry.shift = static_cast<unsigned>(64 - std::popcount(entry.mask));
    entry.magic = slider == Slider::kRook ? kRookMagics[square] : kBishopMagics[square];
    Bitboard* const slots = attacks_.data() + offsets[square];
    entry.attacks = slots;
    // Every subset of the mask (Carry-Rippler), into the slot its indexing picks.
    Bitboard subset = 0;
    do {
      unsigned index = entry.magic_index(subset);
#ifdef BRUDNO_CHESS_HAS_PEXT_INTRINSIC
      if (indexing == SliderIndexing::kPext) index = pext_index(subset, entry.mask);
#endif
      slots[index] = slider == Slider::kRook ? slow_rook_attacks(square, subset)
                                             : slow_bishop_attacks(square, subset);
      subset = (subset - entry.mask) & entry.mask;
    } while (subset != 0);
  }
}

void init_tables() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Function-local statics: their attack arrays live as long as the program.
    static const SliderTable rooks(Slider::kRook, kSliderIndexing);
    static const SliderTable bishops(Slider::kBishop, kSliderIndexing);
    for (Square square = 0; square < 64; ++square) {
      detail::g_rook[square] = rooks.square(square);
      detail::g_bishop[square] = bishops.square(square);
    }
    for (Square a = 0; a < 64; ++a) {
      for (Square b = 0; b < 64; ++b) {
        detail::g_between[a][b] = 0;
        detail::g_line[a][b] = 0;
        if (a == b) continue;
        for (const Slider slider : {Slider::kRook, Slider::kBishop}) {
          const auto attacks = [slider](Square square, Bitboard occupied) {
            return slider == Slider::kRook ? slow_rook_attacks(square, occupied)
                                           : slow_bishop_attacks(square, occupied);
          };
          if (!(attacks(a, 0) & square_bb(b))) continue;
          detail::g_line[a][b] = (attacks(a, 0) & attacks(b, 0)) | square_bb(a) | square_bb(b);
          detail::g_between[a][b] = attacks(a, square_bb(b)) & attacks(b, square_bb(a));
        }
      }
    }
  });
}

}  // namespace brudno::games::chess
