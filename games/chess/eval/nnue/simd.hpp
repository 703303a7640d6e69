#pragma once
// The network's integer kernels, one implementation per instruction set:
// plain C++ (any machine), SSE4.1 (x86-64-v2, the project's default arch)
// and AVX2 (x86-64-v3). All of them give the same integers: sums wrap in
// int16 (the accumulators) or int32 (the dense layers) exactly as the plain
// path's modular arithmetic does, and addition modulo 2^n does not depend on
// the order of its terms.
//
// Which one the engine runs is chosen once at run time: the widest that was
// compiled in and that the processor has. On x86-64 the SSE4.1 and AVX2
// files are compiled with -msse4.1 and -mavx2 whatever the build's arch
// (games/chess/CMakeLists.txt), so the release binary, built for x86-64-v2,
// still uses AVX2 where the machine has it. The choice costs one
// predictable branch per call, beside hundreds of vector operations.
//
// This header, and each path's file, names no standard-library template:
// a file compiled with -mavx2 must not emit an inline function that the
// linker could pick for the rest of the program.

#include <cstdint>

namespace brudno::games::chess::nnue {

enum class SimdPath : std::uint8_t { kPlain, kSse41, kAvx2 };
inline constexpr SimdPath kAllSimdPaths[] = {SimdPath::kPlain, SimdPath::kSse41, SimdPath::kAvx2};

const char* simd_path_name(SimdPath path);
// Compiled into this binary and supported by this processor.
bool simd_path_available(SimdPath path);
// The path the engine uses: the widest available one.
SimdPath engine_simd_path();

// The dense layers after the transformer, padded (network.hpp): every width
// a multiple of 16 int16.
struct DenseLayers {
  const std::int16_t* l1_weight;          // [l1_padded][2 * hidden_padded]
  const std::int16_t* l1_weight_by_pair;  // [hidden_padded][l1_padded][2] (network.hpp)
  const std::int32_t* l1_bias;
  const std::int16_t* l2_weight;          // [l2_padded][l1_padded]
  const std::int16_t* l2_weight_by_pair;  // [l1_padded / 2 pairs][l2_padded][2] (network.hpp)
  const std::int32_t* l2_bias;
  const std::int16_t* out_weight;  // [l2_padded]
  std::int32_t out_bias;
  int hidden_padded, l1_padded, l2_padded;
  int quant, shift;  // A and S
};

// The direct shape's one layer (network.hpp): weights [2 * hidden_padded],
// inputs [side to move | other side], each half padded with zero weights.
// Every |weight| x quant fits int16 (the reader refuses other files).
struct DirectLayer {
  const std::int16_t* weight;
  std::int32_t bias;
  int hidden_padded;
  int quant;  // A
};

// out = in + the rows `add` - the rows `remove`, `width` int16 lanes (a
// multiple of 16), wrapping. `out` may be `in`.
void update_accumulator(SimdPath path, std::int16_t* out, const std::int16_t* in,
                        const std::int16_t* const* add, int adds, const std::int16_t* const* remove,
                        int removes, int width);

// The network's output (A << S to the unit) from the side to move's and the
// other side's accumulators.
std::int32_t propagate(SimdPath path, const DenseLayers& layers, const std::int16_t* own,
                       const std::int16_t* other);

// The direct shape's output (A << S to the unit): the sum over both
// accumulators' lanes of c x weight x c, c = clamp(lane, 0, A), the first
// product in int16 and the sum in int32 (wrapping), divided by A (truncating
// toward zero), plus the bias (wrapping).
std::int32_t propagate_direct(SimdPath path, const DirectLayer& layer, const std::int16_t* own,
                              const std::int16_t* other);

// Each path's kernels, for the dispatch and the tests.
namespace plain {
void update_accumulator(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add,
                        int adds, const std::int16_t* const* remove, int removes, int width);
std::int32_t propagate(const DenseLayers& layers, const std::int16_t* own,
                       const std::int16_t* other);
std::int32_t propagate_direct(const DirectLayer& layer, const std::int16_t* own,
                              const std::int16_t* other);
}  // namespace plain
namespace sse41 {
void update_accumulator(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add,
                        int adds, const std::int16_t* const* remove, int removes, int width);
std::int32_t propagate(const DenseLayers& layers, const std::int16_t* own,
                       const std::int16_t* other);
std::int32_t propagate_direct(const DirectLayer& layer, const std::int16_t* own,
                              const std::int16_t* other);
}  // namespace sse41
namespace avx2 {
void update_accumulator(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add,
                        int adds, const std::int16_t* const* remove, int removes, int width);
std::int32_t propagate(const DenseLayers& layers, const std::int16_t* own,
                       const std::int16_t* other);
std::int32_t propagate_direct(const DirectLayer& layer, const std::int16_t* own,
                              const std::int16_t* other);
}  // namespace avx2

}  // namespace brudno::games::chess::nnue
