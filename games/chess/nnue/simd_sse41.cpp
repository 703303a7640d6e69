// The SSE4.1 kernels (x86-64-v2): 8 int16 lanes a register. On x86-64 this
// file is compiled with -msse4.1 (games/chess/CMakeLists.txt); elsewhere it
// compiles to nothing and simd_path_available() says so.

#include "games/chess/nnue/dense_stack.hpp"
#include "games/chess/nnue/simd.hpp"

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
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm_min_epi16(_mm_max_epi16(v, zero), top));
    }
  }
  static std::int32_t dot(const std::int16_t* a, const std::int16_t* b, int width) {
    __m128i sum = _mm_setzero_si128();
    for (int i = 0; i < width; i += kStep) {
      const __m128i va = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
      const __m128i vb = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
      sum = _mm_add_epi32(sum, _mm_madd_epi16(va, vb));
    }
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(1, 0, 3, 2)));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(sum);
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

}  // namespace brudno::games::chess::nnue::sse41
#endif
