#pragma once
// Network files for the tests, written byte for byte as docs/nnue.md lays
// them out, with seeded random weights in the ranges a trained network has:
// the accumulators cross 0 and the activation quant and the dense layers'
// clamps bind, so every branch of the arithmetic is taken.

#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace brudno::games::chess::nnue_test {

struct Shape {
  int hidden = 64;
  int l1 = 32;
  int l2 = 32;
  int buckets = 1;  // more than one: a version 2 file with that many dense stacks
  // The direct shape: a version 3 file (l1 and l2 are written as 0), its
  // output weights up to the largest the format allows (128 x 255 < 2^15).
  bool direct = false;
  // The direct shape's output weight shift (a weight of 1.0 is 1 << it):
  // the exporter chooses 6 to 14 by the trained weights.
  int direct_shift = 6;
};

class ByteWriter {
 public:
  void u32(std::uint32_t value) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
  }
  void i32(std::int32_t value) { u32(static_cast<std::uint32_t>(value)); }
  void i16(int value) {
    const auto bits = static_cast<std::uint16_t>(value);
    bytes.push_back(static_cast<std::uint8_t>(bits));
    bytes.push_back(static_cast<std::uint8_t>(bits >> 8));
  }
  std::vector<std::uint8_t> bytes;
};

inline std::vector<std::uint8_t> random_network_bytes(Shape shape, unsigned seed) {
  std::mt19937 random(seed);
  auto uniform = [&](int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(random);
  };
  ByteWriter out;
  out.bytes = {'B', 'N', 'U', 'E'};
  if (shape.direct) {
    out.u32(3);
    out.u32(768);
    out.u32(static_cast<std::uint32_t>(shape.hidden));
    out.u32(0);
    out.u32(0);
    out.u32(1);    // squared clipped ReLU
    out.i32(255);  // A
    out.i32(shape.direct_shift);
    out.i32(400);
    out.u32(static_cast<std::uint32_t>(shape.buckets));
    for (int i = 0; i < shape.hidden; ++i) out.i16(uniform(-40, 140));
    for (int i = 0; i < 768 * shape.hidden; ++i) out.i16(uniform(-80, 80));
    for (int b = 0; b < shape.buckets; ++b) {
      for (int i = 0; i < 2 * shape.hidden; ++i) out.i16(uniform(-128, 128));
      out.i32(uniform(-500000, 500000));
    }
    return out.bytes;
  }
  out.u32(shape.buckets == 1 ? 1 : 2);
  out.u32(768);
  out.u32(static_cast<std::uint32_t>(shape.hidden));
  out.u32(static_cast<std::uint32_t>(shape.l1));
  out.u32(static_cast<std::uint32_t>(shape.l2));
  out.u32(0);
  out.i32(127);
  out.i32(10);
  out.i32(400);
  if (shape.buckets != 1) out.u32(static_cast<std::uint32_t>(shape.buckets));
  for (int i = 0; i < shape.hidden; ++i) out.i16(uniform(-20, 60));
  for (int i = 0; i < 768 * shape.hidden; ++i) out.i16(uniform(-40, 40));
  for (int b = 0; b < shape.buckets; ++b) {
    for (int i = 0; i < shape.l1 * 2 * shape.hidden; ++i) out.i16(uniform(-60, 60));
    for (int i = 0; i < shape.l1; ++i) out.i32(uniform(-30000, 30000) + 512);
    for (int i = 0; i < shape.l2 * shape.l1; ++i) out.i16(uniform(-300, 300));
    for (int i = 0; i < shape.l2; ++i) out.i32(uniform(-30000, 30000) + 512);
    for (int i = 0; i < shape.l2; ++i) out.i16(uniform(-1000, 1000));
    out.i32(uniform(-50000, 50000));
  }
  return out.bytes;
}

inline void write_file(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

}  // namespace brudno::games::chess::nnue_test
