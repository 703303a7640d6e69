#pragma once
// Deterministic pseudo-random keys for Zobrist hashing, made at compile time.

#include <array>
#include <cstddef>
#include <cstdint>

namespace brudno::games {

// SplitMix64: a good 64-bit mixer, also used to derive values from seeds.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

template <std::size_t N>
constexpr std::array<std::uint64_t, N> zobrist_keys(std::uint64_t seed) {
  std::array<std::uint64_t, N> keys{};
  for (std::size_t i = 0; i < N; ++i) keys[i] = mix64(seed + i * 0x632be59bd9b4e019ULL);
  return keys;
}

}  // namespace brudno::games
