// The plain C++ kernels: any machine, and the reference the SIMD paths are tested against.

#include "games/chess/eval/nnue/dense_stack.hpp"
#include "games/chess/eval/nnue/simd.hpp"

namespace brudno::games::chess::nnue::plain {
namespace {

struct Kernel {
  static void clamp(std::int16_t* out, const std::int16_t* in, int width, int quant) {
    for (int i = 0; i < width; ++i)
      out[i] = static_cast<std::int16_t>(in[i] < 0 ? 0 : (in[i] > quant ? quant : in[i]));
  }
  static std::int32_t dot(const std::int16_t* a, const std::int16_t* b, int width) {
    std::uint32_t sum = 0;  // modulo 2^32, as the vector lanes
    for (int i = 0; i < width; ++i)
      sum += static_cast<std::uint32_t>(std::int32_t{a[i]} * std::int32_t{b[i]});
    return static_cast<std::int32_t>(sum);
  }
  // Output by output over the output-major weights: the reference order.
  static void first_layer(const DenseLayers& d, const std::int16_t* x, std::int32_t* sums) {
    const int inputs = 2 * d.hidden_padded;
    for (int o = 0; o < d.l1_padded; ++o) sums[o] = dot(x, d.l1_weight + o * inputs, inputs);
  }
  static void second_layer(const DenseLayers& d, const std::int16_t* a1, std::int32_t* sums) {
    for (int o = 0; o < d.l2_padded; ++o)
      sums[o] = dot(a1, d.l2_weight + o * d.l1_padded, d.l1_padded);
  }
  static void activate(std::int16_t* out, const std::int32_t* sums, const std::int32_t* bias,
                       int width, int shift, int quant) {
    activate_plain(out, sums, bias, width, shift, quant);
  }
  static std::int32_t screlu_sum(const std::int16_t* acc, const std::int16_t* weight, int width,
                                 int quant) {
    std::uint32_t sum = 0;  // modulo 2^32, as the vector lanes
    for (int i = 0; i < width; ++i) {
      const std::int32_t c = acc[i] < 0 ? 0 : (acc[i] > quant ? quant : acc[i]);
      const auto product = static_cast<std::int16_t>(c * weight[i]);  // fits: the reader checks
      sum += static_cast<std::uint32_t>(std::int32_t{product} * c);
    }
    return static_cast<std::int32_t>(sum);
  }
};

}  // namespace

void update_accumulator(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add,
                        int adds, const std::int16_t* const* remove, int removes, int width) {
  for (int i = 0; i < width; ++i) {
    std::uint16_t lane = static_cast<std::uint16_t>(in[i]);  // modulo 2^16, as the vector lanes
    for (int a = 0; a < adds; ++a)
      lane = static_cast<std::uint16_t>(lane + static_cast<std::uint16_t>(add[a][i]));
    for (int r = 0; r < removes; ++r)
      lane = static_cast<std::uint16_t>(lane - static_cast<std::uint16_t>(remove[r][i]));
    out[i] = static_cast<std::int16_t>(lane);
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

}  // namespace brudno::games::chess::nnue::plain
