#pragma once
// The integer network of docs/nnue.md ("Network file"), read from its bytes.
//
// The file's widths are kept (hidden, l1, l2), and the arrays are laid out
// again padded to a multiple of kLanes (16 int16: one AVX2 register) with
// zeros, so that every SIMD path loops over whole registers: a padded
// accumulator lane is 0 (zero bias, zero weights), its input to the first
// dense layer 0, and a padded dense neuron has zero bias and weights, so the
// padding never changes a score.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace brudno::games::chess::nnue {

inline constexpr int kFeatures = 768;
inline constexpr int kLanes = 16;
// Sane limits on the header's widths and constants: a file outside them is
// refused (a 4096-wide transformer is 6 MB, far beyond what these layers need).
inline constexpr int kMaxHidden = 4096;
inline constexpr int kMaxDense = 512;
inline constexpr int kMaxBuckets = 16;
inline constexpr int kMaxPieces = 32;

constexpr int padded(int width) {
  return (width + kLanes - 1) / kLanes * kLanes;
}

// The dense layers of one output bucket, padded. The direct shape has only
// the output layer: out_weight [2 * hidden_padded], inputs [side to move |
// other side], each half padded, and out_bias; the other arrays are empty.
struct DenseStack {
  // Output-major. l1: [l1_padded][2 * hidden_padded], inputs [side to move |
  // other side], each half padded.
  std::vector<std::int16_t> l1_weight;
  // The same weights input-pair-major, [hidden_padded pairs][l1_padded][2]:
  // the SIMD paths add the column of each pair of inputs that is not zero
  // (most of the clipped accumulator is), two inputs to a 32-bit lane.
  std::vector<std::int16_t> l1_weight_by_pair;
  std::vector<std::int32_t> l1_bias;    // [l1_padded]
  std::vector<std::int16_t> l2_weight;  // [l2_padded][l1_padded]
  // The same input-pair-major, [l1_padded / 2 pairs][l2_padded][2]: the SIMD
  // paths broadcast each pair of the first layer's outputs over a register of
  // outputs instead of summing a register across per output.
  std::vector<std::int16_t> l2_weight_by_pair;
  std::vector<std::int32_t> l2_bias;     // [l2_padded]
  std::vector<std::int16_t> out_weight;  // [l2_padded]
  std::int32_t out_bias = 0;
};

struct Network {
  // The header.
  int hidden = 0;  // H, the width of one accumulator
  int l1 = 0;
  int l2 = 0;
  int activation_quant = 127;  // A
  int dense_shift = 10;        // S
  int score_scale = 400;       // centipawns per unit of the float output
  int buckets = 1;             // output buckets: dense stacks chosen by the piece count
  // The direct shape (version 3, l1 = l2 = 0): squared clipped ReLU on the
  // accumulators, straight to the output; dense_shift is then the output
  // weights' shift.
  bool direct = false;
  // Padded widths.
  int hidden_padded = 0;
  int l1_padded = 0;
  int l2_padded = 0;
  // Transformer: bias [hidden_padded], weights [768][hidden_padded] (a feature's row contiguous).
  std::vector<std::int16_t> ft_bias;
  std::vector<std::int16_t> ft_weight;
  // One stack per bucket, bucket 0 (the fewest pieces) first.
  std::vector<DenseStack> stacks;
  // Where it came from (a path, or "<embedded>"), for messages.
  std::string name;
  // Unique to each network read (a copy keeps it: the same weights): the
  // accumulator caches know by it which network their values belong to,
  // where an address could be reused by the next network allocated.
  std::uint64_t id = 0;

  [[nodiscard]] const std::int16_t* feature_row(int feature) const {
    return ft_weight.data() + static_cast<std::size_t>(feature) * hidden_padded;
  }
  // The stack that scores a position of `pieces` pieces (2..32): (pieces -
  // 1) x buckets / 32, at most buckets - 1, as tools/nnue/records.py's
  // output_bucket.
  [[nodiscard]] const DenseStack& stack_for(int pieces) const {
    const int bucket = std::min((std::max(pieces, 1) - 1) * buckets / kMaxPieces, buckets - 1);
    return stacks[static_cast<std::size_t>(bucket)];
  }
};

// The widths as messages write them: "128x2-16-32-1" (the direct shape:
// "512x2-1 SCReLU"), and " in 8 output buckets" after them where there is
// more than one.
std::string network_shape(const Network& network);

// The size in bytes of a file with these widths (docs/nnue.md); l1 = l2 = 0
// is the direct shape (version 3).
std::size_t network_file_size(std::size_t hidden, std::size_t l1, std::size_t l2,
                              std::size_t buckets = 1);

// The network of a file's bytes; nothing, with `error` naming the fault (a
// wrong magic, version, feature count or activation, a width or constant out
// of range, a size other than the header's), when they are not one.
std::optional<Network> parse_network(std::span<const std::uint8_t> bytes, std::string_view name,
                                     std::string& error);

// The same for a file: also a file that cannot be opened or read.
std::optional<Network> read_network_file(const std::string& path, std::string& error);

}  // namespace brudno::games::chess::nnue
