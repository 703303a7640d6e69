#pragma once
// A seeded source of random numbers whose draws are the same on every
// standard library (the std distributions are not): runs are reproducible
// from their seed alone.

#include <cassert>
#include <cstdint>
#include <random>

namespace brudno::engine {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}

  // Uniform in [0, bound), bound > 0 (Lemire's multiply-and-reject).
  std::uint64_t below(std::uint64_t bound) {
    assert(bound > 0);
    __extension__ using Wide = unsigned __int128;
    auto product = static_cast<Wide>(engine_()) * bound;
    auto low = static_cast<std::uint64_t>(product);
    if (low < bound) {
      const std::uint64_t threshold = -bound % bound;
      while (low < threshold) {
        product = static_cast<Wide>(engine_()) * bound;
        low = static_cast<std::uint64_t>(product);
      }
    }
    const auto drawn = static_cast<std::uint64_t>(product >> 64);
    assert(drawn < bound);
    return drawn;
  }
  // Uniform in [0, 1).
  double unit() {
    const double drawn = static_cast<double>(engine_() >> 11) * 0x1.0p-53;
    assert(0.0 <= drawn && drawn < 1.0);  // 53 bits over 2^53
    return drawn;
  }

  // The seed of run `run` of a series started from `seed`: runs are
  // independent of each other and of how many threads share them out.
  static std::uint64_t seed_of_run(std::uint64_t seed, std::uint64_t run) {
    std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (run + 1);  // splitmix64
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace brudno::engine
