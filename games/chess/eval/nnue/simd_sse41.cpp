// The SSE4.1 kernels (x86-64-v2): 8 int16 lanes a register. On x86-64 this
// file is compiled with -msse4.1 (games/chess/CMakeLists.txt); elsewhere it
// compiles to nothing and simd_path_available() says so.

#include "games/chess/eval/nnue/dense_stack.hpp"
#include "games/chess/eval/nnue/nonzero_lookup.hpp"
#include "games/chess/eval/nnue/simd.hpp"

#if defined(BRUDNO_NNUE_SSE41)
#include <smmintrin.h>

namespace brudno::games::chess::nnue::sse41 {
namespace {

constexpr int kStep = 8;

struct Kernel {
  static void clamp(std::int16_t* out, const std::int16_t* in, int width, int quant) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i top = _mm_set1_epi16(static_cast<short>(quant));
    for (int i = 0; i < width; i += kStep) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                       _mm_min_epi16(_mm_max_epi16(v, zero), top));
    }
  }
  static std::int32_t dot(const std::int16_t* a, const std::int16_t* b, int width) {
    __m128i sum = _mm_setzero_si128();
    for (int i = 0; i < width; i += kStep) {
      const __m128i va = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
      const __m128i vb = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
      sum = _mm_add_epi32(sum, _mm_madd_epi16(va, vb));
    }
    return horizontal_sum(sum);
  }
  static std::int32_t horizontal_sum(__m128i sum) {
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(1, 0, 3, 2)));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(sum);
  }
  // As the AVX2 path: c = clamp(lane, 0, A), c x weight in int16 lanes (it
  // fits), multiplied by c again and summed in pairs into int32 lanes.
  static std::int32_t screlu_sum(const std::int16_t* acc, const std::int16_t* weight, int width,
                                 int quant) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i top = _mm_set1_epi16(static_cast<short>(quant));
    __m128i sum = zero;
    for (int i = 0; i < width; i += kStep) {
      const __m128i c = _mm_min_epi16(
          _mm_max_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(acc + i)), zero), top);
      const __m128i product =
          _mm_mullo_epi16(c, _mm_loadu_si128(reinterpret_cast<const __m128i*>(weight + i)));
      sum = _mm_add_epi32(sum, _mm_madd_epi16(product, c));
    }
    return horizontal_sum(sum);
  }
  // Sparse, as the AVX2 path: the pairs of inputs not both zero, then per 16
  // outputs the sum of their columns, 4 outputs a register.
  static void first_layer(const DenseLayers& d, const std::int16_t* x, std::int32_t* sums) {
    // 8 entries of room past the last pair: each step stores 8 (nonzero_lookup.hpp).
    alignas(16) std::uint16_t nonzero[kMaxInputs / 2 + 8];
    int count = 0;
    const __m128i zero = _mm_setzero_si128();
    __m128i base = _mm_setzero_si128();
    const __m128i eight = _mm_set1_epi16(8);
    const auto zero_pairs = [&](int pair) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + 2 * pair));
      return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, zero))));
    };
    // 8 pairs a step (hidden_padded is a multiple of 16): two registers of 4.
    for (int pair = 0; pair < d.hidden_padded; pair += 8) {
      const unsigned mask = ~(zero_pairs(pair) | zero_pairs(pair + 4) << 4) & 0xFFu;
      const __m128i positions =
          _mm_load_si128(reinterpret_cast<const __m128i*>(kNonzeroLookup.positions[mask]));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(nonzero + count), _mm_add_epi16(base, positions));
      count += __builtin_popcount(mask);
      base = _mm_add_epi16(base, eight);
    }
    sum_pair_columns(
        x, count, [&](int k) { return int{nonzero[k]}; }, d.l1_weight_by_pair, d.l1_padded, sums);
  }
  // Dense, pair by pair of the first layer's outputs, as the AVX2 path.
  static void second_layer(const DenseLayers& d, const std::int16_t* a1, std::int32_t* sums) {
    sum_pair_columns(
        a1, d.l1_padded / 2, [](int k) { return k; }, d.l2_weight_by_pair, d.l2_padded, sums);
  }
  // sums[o] = the sum over k < count of the pair of inputs pair_at(k) times
  // its two weights for output o (by_pair: [pair][outputs][2]), 4 outputs a
  // register, 16 a pass.
  template <class PairAt>
  static void sum_pair_columns(const std::int16_t* x, int count, PairAt pair_at,
                               const std::int16_t* by_pair, int outputs, std::int32_t* sums) {
    const __m128i zero = _mm_setzero_si128();
    for (int chunk = 0; chunk < outputs; chunk += 16) {
      __m128i s0 = zero, s1 = zero, s2 = zero, s3 = zero;
      for (int k = 0; k < count; ++k) {
        const int pair = pair_at(k);
        int both = 0;
        __builtin_memcpy(&both, x + 2 * pair, sizeof both);
        const __m128i inputs = _mm_set1_epi32(both);
        const auto* column = reinterpret_cast<const __m128i*>(
            by_pair + (static_cast<long>(pair) * outputs + chunk) * 2);
        s0 = _mm_add_epi32(s0, _mm_madd_epi16(inputs, _mm_loadu_si128(column)));
        s1 = _mm_add_epi32(s1, _mm_madd_epi16(inputs, _mm_loadu_si128(column + 1)));
        s2 = _mm_add_epi32(s2, _mm_madd_epi16(inputs, _mm_loadu_si128(column + 2)));
        s3 = _mm_add_epi32(s3, _mm_madd_epi16(inputs, _mm_loadu_si128(column + 3)));
      }
      auto* out = reinterpret_cast<__m128i*>(sums + chunk);
      _mm_storeu_si128(out, s0);
      _mm_storeu_si128(out + 1, s1);
      _mm_storeu_si128(out + 2, s2);
      _mm_storeu_si128(out + 3, s3);
    }
  }
  // activate_plain, 8 lanes a pass: the sums are clamped to [0, A] before
  // the pack, so its saturation never acts.
  static void activate(std::int16_t* out, const std::int32_t* sums, const std::int32_t* bias,
                       int width, int shift, int quant) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i top = _mm_set1_epi32(quant);
    const __m128i count = _mm_cvtsi32_si128(shift);
    const auto lanes = [&](int i) {
      const __m128i sum =
          _mm_add_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(sums + i)),
                        _mm_loadu_si128(reinterpret_cast<const __m128i*>(bias + i)));
      return _mm_min_epi32(_mm_max_epi32(_mm_sra_epi32(sum, count), zero), top);
    };
    for (int i = 0; i < width; i += kStep)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                       _mm_packs_epi32(lanes(i), lanes(i + 4)));
  }
};

}  // namespace

void update_accumulator(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add,
                        int adds, const std::int16_t* const* remove, int removes, int width) {
  for (int i = 0; i < width; i += kStep) {
    __m128i lane = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
    for (int a = 0; a < adds; ++a)
      lane = _mm_add_epi16(lane, _mm_loadu_si128(reinterpret_cast<const __m128i*>(add[a] + i)));
    for (int r = 0; r < removes; ++r)
      lane = _mm_sub_epi16(lane, _mm_loadu_si128(reinterpret_cast<const __m128i*>(remove[r] + i)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), lane);
  }
}

std::int32_t propagate(const DenseLayers& layers, const std::int16_t* own,
                       const std::int16_t* other) {
  return propagate_dense<Kernel>(layers, own, other);
}

std::int32_t propagate_direct(const DirectLayer& layer, const std::int16_t* own,
                              const std::int16_t* other) {
  return propagate_direct_with<Kernel>(layer, own, other);
}

}  // namespace brudno::games::chess::nnue::sse41
#endif
