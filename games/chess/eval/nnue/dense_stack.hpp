#pragma once
// The dense layers after the transformer, written once over a path's
// kernels (K::clamp: lanes to [0, A]; K::dot: int16 dot product wrapping in
// int32; K::first_layer and K::second_layer: a layer's sums before the bias;
// K::activate: bias, shift and clamp, as activate_plain below). Each path's file
// instantiates it with a kernel type of its own (in an anonymous namespace), compiled for its
// instruction set. Everything here is static: a copy compiled with -mavx2 must stay in its own
// file.
//
//   x  = clamp(own, 0, A) ++ clamp(other, 0, A)
//   a1 = clamp((l1_weight . x + l1_bias) >> S, 0, A)
//   a2 = clamp((l2_weight . a1 + l2_bias) >> S, 0, A)
//   out = out_weight . a2 + out_bias

#include <cstdint>

#include "games/chess/eval/nnue/simd.hpp"

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

// out[o] = clamp((sums[o] + bias[o]) >> shift, 0, quant): the reference the
// SIMD paths' activate reproduces lane by lane.
static inline void activate_plain(std::int16_t* out, const std::int32_t* sums,
                                  const std::int32_t* bias, int width, int shift, int quant) {
  for (int o = 0; o < width; ++o)
    out[o] = clamp_activation(wrapping_add(sums[o], bias[o]), shift, quant);
}

// The direct shape's output from a path's screlu_sum (the sum over `width`
// lanes of c x weight x c, wrapping in int32): both halves, then the
// division by A and the bias, as simd.hpp states.
template <class K>
static std::int32_t propagate_direct_with(const DirectLayer& d, const std::int16_t* own,
                                          const std::int16_t* other) {
  const std::int32_t sum = wrapping_add(K::screlu_sum(own, d.weight, d.hidden_padded, d.quant),
                                        K::screlu_sum(other, d.weight + d.hidden_padded,
                                                      d.hidden_padded, d.quant));
  return wrapping_add(sum / d.quant, d.bias);
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
  K::activate(a1, sums, d.l1_bias, d.l1_padded, d.shift, d.quant);
  K::second_layer(d, a1, sums);
  K::activate(a2, sums, d.l2_bias, d.l2_padded, d.shift, d.quant);
  return wrapping_add(K::dot(a2, d.out_weight, d.l2_padded), d.out_bias);
}

}  // namespace brudno::games::chess::nnue
