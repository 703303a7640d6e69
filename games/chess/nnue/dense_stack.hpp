#pragma once
// The dense layers after the transformer, written once over a path's
// kernels (K::clamp: lanes to [0, A]; K::dot: int16 dot product wrapping in
// int32; K::first_layer: the first layer's l1_padded sums before the bias). Each path's file
// instantiates it with a kernel type of its own (in an anonymous namespace), compiled for its
// instruction set. Everything here is static: a copy compiled with -mavx2 must stay in its own
// file.
//
//   x  = clamp(own, 0, A) ++ clamp(other, 0, A)
//   a1 = clamp((l1_weight . x + l1_bias) >> S, 0, A)
//   a2 = clamp((l2_weight . a1 + l2_bias) >> S, 0, A)
//   out = out_weight . a2 + out_bias

#include <cstdint>

#include "games/chess/nnue/simd.hpp"

namespace brudno::games::chess::nnue {

inline constexpr int kMaxInputs = 2 * 4096;  // 2 * kMaxHidden (network.hpp)
inline constexpr int kMaxNeurons = 512;      // kMaxDense

// int32 addition modulo 2^32, as the SIMD lanes add.
static inline std::int32_t wrapping_add(std::int32_t a, std::int32_t b) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}

static inline std::int16_t clamp_activation(std::int32_t sum, int shift, int quant) {
  const std::int32_t shifted = sum >> shift;  // arithmetic: rounds toward minus infinity
  return static_cast<std::int16_t>(shifted < 0 ? 0 : (shifted > quant ? quant : shifted));
}

template <class K>
static std::int32_t propagate_dense(const DenseLayers& d, const std::int16_t* own,
                                    const std::int16_t* other) {
  alignas(64) std::int16_t x[kMaxInputs];
  alignas(64) std::int16_t a1[kMaxNeurons];
  alignas(64) std::int16_t a2[kMaxNeurons];
  const int hp = d.hidden_padded;
  K::clamp(x, own, hp, d.quant);
  K::clamp(x + hp, other, hp, d.quant);
  alignas(64) std::int32_t sums[kMaxNeurons];
  K::first_layer(d, x, sums);
  for (int o = 0; o < d.l1_padded; ++o)
    a1[o] = clamp_activation(wrapping_add(sums[o], d.l1_bias[o]), d.shift, d.quant);
  for (int o = 0; o < d.l2_padded; ++o) {
    const std::int32_t sum =
        wrapping_add(K::dot(a1, d.l2_weight + o * d.l1_padded, d.l1_padded), d.l2_bias[o]);
    a2[o] = clamp_activation(sum, d.shift, d.quant);
  }
  return wrapping_add(K::dot(a2, d.out_weight, d.l2_padded), d.out_bias);
}

}  // namespace brudno::games::chess::nnue
