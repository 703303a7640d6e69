#pragma once
// Zobrist keys in the Polyglot book format's scheme: a position's key is the
// key Polyglot books are indexed by. The en-passant file counts only when a
// pawn of the side to move stands beside the pawn that just advanced two
// squares (the format's rule); white to move adds the turn key.

#include <array>
#include <cstdint>

#include "games/chess/rules/polyglot_random.hpp"
#include "games/chess/types.hpp"

namespace brudno::games::chess::zobrist {

constexpr std::array<std::array<std::uint64_t, 64>, 16> make_piece_keys() {
  std::array<std::array<std::uint64_t, 64>, 16> keys{};
  for (int color = 0; color < 2; ++color) {
    for (int type = kPawn; type <= kKing; ++type) {
      const int kind = 2 * (type - 1) + (color == kWhite ? 1 : 0);
      for (int square = 0; square < 64; ++square)
        keys[make_piece(static_cast<Color>(color), static_cast<PieceType>(type))][square] =
            kPolyglotRandom[64 * kind + square];
    }
  }
  return keys;
}

// The key of every set of castling rights, so one xor changes any number of them.
constexpr std::array<std::uint64_t, 16> make_castling_keys() {
  std::array<std::uint64_t, 16> keys{};
  for (int rights = 0; rights < 16; ++rights) {
    for (int bit = 0; bit < 4; ++bit) {
      if (rights & (1 << bit)) keys[rights] ^= kPolyglotRandom[768 + bit];
    }
  }
  return keys;
}

inline constexpr auto kPiece = make_piece_keys();
inline constexpr auto kCastling = make_castling_keys();
inline constexpr std::uint64_t en_passant(Square square) {
  return kPolyglotRandom[772 + file_of(square)];
}
inline constexpr std::uint64_t kWhiteToMove = kPolyglotRandom[780];

}  // namespace brudno::games::chess::zobrist
