// The AVX2 kernels (x86-64-v3): 16 int16 lanes a register. On x86-64 this
// file alone is compiled with -mavx2 (games/chess/CMakeLists.txt) and runs
// only where the processor has AVX2 (simd_path_available); elsewhere it
// compiles to nothing.

#include "games/chess/eval/nnue/dense_stack.hpp"
#include "games/chess/eval/nnue/nonzero_lookup.hpp"
#include "games/chess/eval/nnue/simd.hpp"

#if defined(BRUDNO_NNUE_AVX2)
#include <immintrin.h>

namespace brudno::games::chess::nnue::avx2 {
namespace {

constexpr int kStep = 16;

struct Kernel {
  static void clamp(std::int16_t* out, const std::int16_t* in, int width, int quant) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i top = _mm256_set1_epi16(static_cast<short>(quant));
    for (int i = 0; i < width; i += kStep) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i),
                          _mm256_min_epi16(_mm256_max_epi16(v, zero), top));
    }
  }
  static std::int32_t dot(const std::int16_t* a, const std::int16_t* b, int width) {
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < width; i += kStep) {
      const __m256i va = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
      const __m256i vb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
      sum = _mm256_add_epi32(sum, _mm256_madd_epi16(va, vb));
    }
    return horizontal_sum(sum);
  }
  // Sparse: the pairs of inputs that are not both zero, then the sum of
  // their columns (sum_pair_columns).
  static void first_layer(const DenseLayers& d, const std::int16_t* x, std::int32_t* sums) {
    // 8 entries of room past the last pair: each step stores 8 (nonzero_lookup.hpp).
    alignas(16) std::uint16_t nonzero[kMaxInputs / 2 + 8];
    int count = 0;
    const __m256i zero = _mm256_setzero_si256();
    __m128i base = _mm_setzero_si128();
    const __m128i eight = _mm_set1_epi16(8);
    for (int pair = 0; pair < d.hidden_padded; pair += 8) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + 2 * pair));
      const unsigned mask = ~static_cast<unsigned>(_mm256_movemask_ps(
                                _mm256_castsi256_ps(_mm256_cmpeq_epi32(v, zero)))) &
                            0xFFu;
      const __m128i positions =
          _mm_load_si128(reinterpret_cast<const __m128i*>(kNonzeroLookup.positions[mask]));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(nonzero + count), _mm_add_epi16(base, positions));
      count += __builtin_popcount(mask);
      base = _mm_add_epi16(base, eight);
    }
    sum_pair_columns(
        x, count, [&](int k) { return int{nonzero[k]}; }, d.l1_weight_by_pair, d.l1_padded, sums);
  }
  // Dense, pair by pair of the first layer's outputs: no sum across a
  // register per output.
  static void second_layer(const DenseLayers& d, const std::int16_t* a1, std::int32_t* sums) {
    sum_pair_columns(
        a1, d.l1_padded / 2, [](int k) { return k; }, d.l2_weight_by_pair, d.l2_padded, sums);
  }
  // sums[o] = the sum over k < count of the pair of inputs pair_at(k) times
  // its two weights for output o (by_pair: [pair][outputs][2]): each pair
  // broadcast to every 32-bit lane and multiplied by the interleaved weights
  // of 8 outputs a register, 32 outputs a pass where there are, then 16.
  template <class PairAt>
  static void sum_pair_columns(const std::int16_t* x, int count, PairAt pair_at,
                               const std::int16_t* by_pair, int outputs, std::int32_t* sums) {
    const __m256i zero = _mm256_setzero_si256();
    const auto column_of = [&](int pair, int chunk) {
      return reinterpret_cast<const __m256i*>(by_pair +
                                              (static_cast<long>(pair) * outputs + chunk) * 2);
    };
    const auto inputs_of = [&](int pair) {
      int both = 0;
      __builtin_memcpy(&both, x + 2 * pair, sizeof both);
      return _mm256_set1_epi32(both);
    };
    int chunk = 0;
    for (; chunk + 32 <= outputs; chunk += 32) {
      __m256i s0 = zero, s1 = zero, s2 = zero, s3 = zero;
      for (int k = 0; k < count; ++k) {
        const int pair = pair_at(k);
        const __m256i inputs = inputs_of(pair);
        const __m256i* column = column_of(pair, chunk);
        s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(inputs, _mm256_loadu_si256(column)));
        s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(inputs, _mm256_loadu_si256(column + 1)));
        s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(inputs, _mm256_loadu_si256(column + 2)));
        s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(inputs, _mm256_loadu_si256(column + 3)));
      }
      auto* out = reinterpret_cast<__m256i*>(sums + chunk);
      _mm256_storeu_si256(out, s0);
      _mm256_storeu_si256(out + 1, s1);
      _mm256_storeu_si256(out + 2, s2);
      _mm256_storeu_si256(out + 3, s3);
    }
    for (; chunk < outputs; chunk += 16) {
      __m256i low = zero, high = zero;
      for (int k = 0; k < count; ++k) {
        const int pair = pair_at(k);
        const __m256i inputs = inputs_of(pair);
        const __m256i* column = column_of(pair, chunk);
        low = _mm256_add_epi32(low, _mm256_madd_epi16(inputs, _mm256_loadu_si256(column)));
        high = _mm256_add_epi32(high, _mm256_madd_epi16(inputs, _mm256_loadu_si256(column + 1)));
      }
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums + chunk), low);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums + chunk + 8), high);
    }
  }
  // c = clamp(lane, 0, A); c x weight in int16 lanes (it fits), then
  // multiplied by c again and summed in pairs into int32 lanes.
  static std::int32_t screlu_sum(const std::int16_t* acc, const std::int16_t* weight, int width,
                                 int quant) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i top = _mm256_set1_epi16(static_cast<short>(quant));
    __m256i sum = zero;
    for (int i = 0; i < width; i += kStep) {
      const __m256i c = _mm256_min_epi16(
          _mm256_max_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i)), zero),
          top);
      const __m256i product =
          _mm256_mullo_epi16(c, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(weight + i)));
      sum = _mm256_add_epi32(sum, _mm256_madd_epi16(product, c));
    }
    return horizontal_sum(sum);
  }
  static std::int32_t horizontal_sum(__m256i sum) {
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(1, 0, 3, 2)));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(half);
  }
  // activate_plain, 16 lanes a pass: the sums are clamped to [0, A] before
  // the pack, so its saturation never acts.
  static void activate(std::int16_t* out, const std::int32_t* sums, const std::int32_t* bias,
                       int width, int shift, int quant) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i top = _mm256_set1_epi32(quant);
    const __m128i count = _mm_cvtsi32_si128(shift);
    const auto lanes = [&](int i) {
      const __m256i sum =
          _mm256_add_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums + i)),
                           _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bias + i)));
      return _mm256_min_epi32(_mm256_max_epi32(_mm256_sra_epi32(sum, count), zero), top);
    };
    for (int i = 0; i < width; i += kStep) {
      // packs works within each 128-bit half: [0-3, 8-11 | 4-7, 12-15]; the permute restores the
      // order.
      const __m256i packed = _mm256_packs_epi32(lanes(i), lanes(i + 8));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i),
                          _mm256_permute4x64_epi64(packed, _MM_SHUFFLE(3, 1, 2, 0)));
    }
  }
};

}  // namespace

void update_accumulator(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add,
                        int adds, const std::int16_t* const* remove, int removes, int width) {
  for (int i = 0; i < width; i += kStep) {
    __m256i lane = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
    for (int a = 0; a < adds; ++a)
      lane =
          _mm256_add_epi16(lane, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(add[a] + i)));
    for (int r = 0; r < removes; ++r)
      lane = _mm256_sub_epi16(lane,
                              _mm256_loadu_si256(reinterpret_cast<const __m256i*>(remove[r] + i)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), lane);
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

}  // namespace brudno::games::chess::nnue::avx2
#endif
