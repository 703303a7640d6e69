// Which kernels run: the widest compiled in that this processor has (simd.hpp).

#include <cassert>

#include "games/chess/eval/nnue/simd.hpp"

namespace brudno::games::chess::nnue {
namespace {

SimdPath widest_available() {
#if defined(BRUDNO_NNUE_SSE41) || defined(BRUDNO_NNUE_AVX2)
  __builtin_cpu_init();  // harmless if done, needed if this runs before it is
#endif
  if (simd_path_available(SimdPath::kAvx2)) return SimdPath::kAvx2;
  if (simd_path_available(SimdPath::kSse41)) return SimdPath::kSse41;
  return SimdPath::kPlain;
}

}  // namespace

const char* simd_path_name(SimdPath path) {
  switch (path) {
    case SimdPath::kSse41:
      return "SSE4.1";
    case SimdPath::kAvx2:
      return "AVX2";
    case SimdPath::kPlain:
      break;
  }
  return "plain";
}

bool simd_path_available(SimdPath path) {
  switch (path) {
    case SimdPath::kSse41:
#if defined(BRUDNO_NNUE_SSE41)
      return __builtin_cpu_supports("sse4.1");
#else
      return false;
#endif
    case SimdPath::kAvx2:
#if defined(BRUDNO_NNUE_AVX2)
      return __builtin_cpu_supports("avx2");
#else
      return false;
#endif
    case SimdPath::kPlain:
      break;
  }
  return true;
}

SimdPath engine_simd_path() {
  static const SimdPath path = widest_available();
  return path;
}

void update_accumulator(SimdPath path, std::int16_t* out, const std::int16_t* in,
                        const std::int16_t* const* add, int adds, const std::int16_t* const* remove,
                        int removes, int width) {
  assert(simd_path_available(path));
  switch (path) {
#if defined(BRUDNO_NNUE_SSE41)
    case SimdPath::kSse41:
      return sse41::update_accumulator(out, in, add, adds, remove, removes, width);
#endif
#if defined(BRUDNO_NNUE_AVX2)
    case SimdPath::kAvx2:
      return avx2::update_accumulator(out, in, add, adds, remove, removes, width);
#endif
    default:
      return plain::update_accumulator(out, in, add, adds, remove, removes, width);
  }
}

std::int32_t propagate(SimdPath path, const DenseLayers& layers, const std::int16_t* own,
                       const std::int16_t* other) {
  assert(simd_path_available(path));
  switch (path) {
#if defined(BRUDNO_NNUE_SSE41)
    case SimdPath::kSse41:
      return sse41::propagate(layers, own, other);
#endif
#if defined(BRUDNO_NNUE_AVX2)
    case SimdPath::kAvx2:
      return avx2::propagate(layers, own, other);
#endif
    default:
      return plain::propagate(layers, own, other);
  }
}

std::int32_t propagate_direct(SimdPath path, const DirectLayer& layer, const std::int16_t* own,
                              const std::int16_t* other) {
  assert(simd_path_available(path));
  switch (path) {
#if defined(BRUDNO_NNUE_SSE41)
    case SimdPath::kSse41:
      return sse41::propagate_direct(layer, own, other);
#endif
#if defined(BRUDNO_NNUE_AVX2)
    case SimdPath::kAvx2:
      return avx2::propagate_direct(layer, own, other);
#endif
    default:
      return plain::propagate_direct(layer, own, other);
  }
}

}  // namespace brudno::games::chess::nnue
