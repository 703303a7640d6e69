// Reads the network file of docs/nnue.md (tools/nnue/network_file.py writes it).

#include "games/chess/eval/nnue/network.hpp"

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <variant>

namespace brudno::games::chess::nnue {
namespace {

// Version 1: one dense stack, a 40-byte header. Version 2: output buckets,
// their count a 41st to 44th byte of the header, then that many stacks.
// Version 3: the direct shape, the header of version 2 (1 to 16 buckets),
// then each bucket's output layer.
constexpr std::size_t kHeaderSize = 40;
constexpr std::size_t kBucketsHeaderSize = 44;
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kBucketsVersion = 2;
constexpr std::uint32_t kDirectVersion = 3;
constexpr std::uint32_t kClippedRelu = 0;
constexpr std::uint32_t kSquaredClippedRelu = 1;

// Little-endian reads at a cursor that the caller has bounded by the file's size.
class Reader {
 public:
  explicit Reader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  std::uint32_t u32() {
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) value |= std::uint32_t{bytes_[at_ + i]} << (8 * i);
    at_ += 4;
    return value;
  }
  std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
  std::int16_t i16() {
    const auto value = static_cast<std::uint16_t>(bytes_[at_] | (bytes_[at_ + 1] << 8));
    at_ += 2;
    return static_cast<std::int16_t>(value);
  }
  void skip(std::size_t count) { at_ += count; }
  [[nodiscard]] std::size_t position() const { return at_; }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t at_ = 0;
};

// The header's fields, as the file has them.
struct Header {
  std::uint32_t version = 0;
  std::uint32_t features = 0;
  std::uint32_t hidden = 0;
  std::uint32_t l1 = 0;
  std::uint32_t l2 = 0;
  std::uint32_t activation = 0;
  std::int32_t quant = 0;
  std::int32_t shift = 0;
  std::int32_t scale = 0;
  std::uint32_t buckets = 1;
  std::size_t size = 0;  // its bytes: the body starts there
};

// The header of `bytes`, or the fault that makes them no network file of a
// version this engine reads.
std::variant<Header, std::string> read_header(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderSize) {
    return std::to_string(bytes.size()) + " bytes, shorter than the " +
           std::to_string(kHeaderSize) + "-byte header";
  }
  if (bytes[0] != 'B' || bytes[1] != 'N' || bytes[2] != 'U' || bytes[3] != 'E')
    return std::string("not a network file (its magic is not BNUE)");
  Reader reader(bytes);
  Header header;
  (void)reader.u32();  // the magic
  header.version = reader.u32();
  header.features = reader.u32();
  header.hidden = reader.u32();
  header.l1 = reader.u32();
  header.l2 = reader.u32();
  header.activation = reader.u32();
  header.quant = reader.i32();
  header.shift = reader.i32();
  header.scale = reader.i32();
  if (header.version != kVersion && header.version != kBucketsVersion &&
      header.version != kDirectVersion) {
    return "version " + std::to_string(header.version) + ", this engine reads versions 1 to 3";
  }
  if (header.version != kVersion) {
    if (bytes.size() < kBucketsHeaderSize) {
      return std::to_string(bytes.size()) + " bytes, shorter than the " +
             std::to_string(kBucketsHeaderSize) + "-byte header of version " +
             std::to_string(header.version);
    }
    header.buckets = reader.u32();
    const std::uint32_t least = header.version == kDirectVersion ? 1 : 2;
    if (header.buckets < least || header.buckets > kMaxBuckets)
      return std::to_string(header.buckets) + " output buckets, outside " +
             std::to_string(least) + ".." + std::to_string(kMaxBuckets);
  }
  header.size = reader.position();
  return header;
}

// What is wrong with a header's widths and constants, or with the file's
// size for them; nothing when they are sound.
std::optional<std::string> header_fault(const Header& header, std::size_t file_size) {
  const std::uint32_t hidden = header.hidden;
  const std::uint32_t l1 = header.l1;
  const std::uint32_t l2 = header.l2;
  const bool direct = header.version == kDirectVersion;
  if (header.features != kFeatures)
    return std::to_string(header.features) + " input features, not 768";
  if (!direct && header.activation != kClippedRelu)
    return "activation " + std::to_string(header.activation) + ", not 0 (clipped ReLU)";
  if (direct && header.activation != kSquaredClippedRelu) {
    return "activation " + std::to_string(header.activation) +
           ", not 1 (squared clipped ReLU, version 3's)";
  }
  if (hidden < 1 || hidden > kMaxHidden)
    return "hidden width " + std::to_string(hidden) + " outside 1.." + std::to_string(kMaxHidden);
  if (direct && (l1 != 0 || l2 != 0)) {
    return "dense widths " + std::to_string(l1) + " and " + std::to_string(l2) +
           " in a version 3 file (the direct shape: 0 and 0)";
  }
  if (!direct && (l1 < 1 || l1 > kMaxDense || l2 < 1 || l2 > kMaxDense)) {
    return "dense widths " + std::to_string(l1) + " and " + std::to_string(l2) + " outside 1.." +
           std::to_string(kMaxDense);
  }
  // A activation of 1.0 at most 255 keeps every product of the dense layers
  // (activation x int16 weight, summed in pairs) inside int32.
  if (header.quant < 1 || header.quant > 255)
    return "activation quant " + std::to_string(header.quant) + " outside 1..255";
  if (header.shift < 0 || header.shift > 20)
    return "dense shift " + std::to_string(header.shift) + " outside 0..20";
  if (header.scale < 1 || header.scale > 100000)
    return "score scale " + std::to_string(header.scale) + " outside 1..100000";
  const std::size_t expected = network_file_size(hidden, l1, l2, header.buckets);
  if (file_size != expected) {
    return std::to_string(file_size) + " bytes where its header says " + std::to_string(expected) +
           (file_size < expected ? " (truncated)" : " (extended)");
  }
  return std::nullopt;
}

// The network a sound header describes, its arrays made to their padded
// sizes and zeroed, its weights still to be read.
Network shaped_network(const Header& header, std::string_view name) {
  Network net;
  net.hidden = static_cast<int>(header.hidden);
  net.l1 = static_cast<int>(header.l1);
  net.l2 = static_cast<int>(header.l2);
  net.activation_quant = header.quant;
  net.dense_shift = header.shift;
  net.score_scale = header.scale;
  net.buckets = static_cast<int>(header.buckets);
  net.direct = header.version == kDirectVersion;
  net.hidden_padded = padded(net.hidden);
  net.l1_padded = padded(net.l1);
  net.l2_padded = padded(net.l2);
  net.name = std::string(name);
  static std::atomic<std::uint64_t> networks_read{0};
  net.id = ++networks_read;
  const auto hp = static_cast<std::size_t>(net.hidden_padded);
  const auto l1p = static_cast<std::size_t>(net.l1_padded);
  const auto l2p = static_cast<std::size_t>(net.l2_padded);
  net.ft_bias.assign(hp, 0);
  net.ft_weight.assign(kFeatures * hp, 0);
  net.stacks.resize(header.buckets);
  if (net.direct) {
    for (DenseStack& stack : net.stacks) stack.out_weight.assign(2 * hp, 0);
    return net;
  }
  for (DenseStack& stack : net.stacks) {
    stack.l1_weight.assign(l1p * 2 * hp, 0);
    stack.l1_bias.assign(l1p, 0);
    stack.l2_weight.assign(l2p * l1p, 0);
    stack.l2_bias.assign(l2p, 0);
    stack.out_weight.assign(l2p, 0);
  }
  return net;
}

// The feature transformer's biases and weights, each feature's row padded.
void read_transformer(Reader& body, Network& net) {
  const auto hidden = static_cast<std::size_t>(net.hidden);
  const auto hp = static_cast<std::size_t>(net.hidden_padded);
  for (std::size_t i = 0; i < hidden; ++i) net.ft_bias[i] = body.i16();
  for (std::size_t f = 0; f < kFeatures; ++f)
    for (std::size_t i = 0; i < hidden; ++i) net.ft_weight[f * hp + i] = body.i16();
}

// One output bucket's dense layers, and the first two laid out again input
// pair by input pair for the SIMD paths (network.hpp).
void read_dense_stack(Reader& body, const Network& net, DenseStack& stack) {
  const auto hidden = static_cast<std::size_t>(net.hidden);
  const auto l1 = static_cast<std::size_t>(net.l1);
  const auto l2 = static_cast<std::size_t>(net.l2);
  const auto hp = static_cast<std::size_t>(net.hidden_padded);
  const auto l1p = static_cast<std::size_t>(net.l1_padded);
  const auto l2p = static_cast<std::size_t>(net.l2_padded);
  for (std::size_t o = 0; o < l1; ++o)
    for (std::size_t half = 0; half < 2; ++half)
      for (std::size_t i = 0; i < hidden; ++i)
        stack.l1_weight[o * 2 * hp + half * hp + i] = body.i16();
  for (std::size_t o = 0; o < l1; ++o) stack.l1_bias[o] = body.i32();
  stack.l1_weight_by_pair.assign(hp * l1p * 2, 0);
  for (std::size_t pair = 0; pair < hp; ++pair)
    for (std::size_t o = 0; o < l1p; ++o)
      for (std::size_t j = 0; j < 2; ++j)
        stack.l1_weight_by_pair[(pair * l1p + o) * 2 + j] =
            stack.l1_weight[o * 2 * hp + 2 * pair + j];
  for (std::size_t o = 0; o < l2; ++o)
    for (std::size_t i = 0; i < l1; ++i) stack.l2_weight[o * l1p + i] = body.i16();
  stack.l2_weight_by_pair.assign(l1p * l2p, 0);
  for (std::size_t pair = 0; pair < l1p / 2; ++pair)
    for (std::size_t o = 0; o < l2p; ++o)
      for (std::size_t j = 0; j < 2; ++j)
        stack.l2_weight_by_pair[(pair * l2p + o) * 2 + j] = stack.l2_weight[o * l1p + 2 * pair + j];
  for (std::size_t o = 0; o < l2; ++o) stack.l2_bias[o] = body.i32();
  for (std::size_t i = 0; i < l2; ++i) stack.out_weight[i] = body.i16();
  stack.out_bias = body.i32();
}

// The direct shape's output layer of one bucket, each half of its inputs
// padded; nothing when a weight times the activation quant leaves int16 (the
// kernels multiply the two in int16 lanes).
std::optional<std::string> read_direct_output(Reader& body, const Network& net,
                                              DenseStack& stack) {
  const auto hidden = static_cast<std::size_t>(net.hidden);
  const auto hp = static_cast<std::size_t>(net.hidden_padded);
  for (std::size_t half = 0; half < 2; ++half) {
    for (std::size_t i = 0; i < hidden; ++i) {
      const std::int16_t weight = body.i16();
      if (std::abs(int{weight}) * net.activation_quant > 32767) {
        return "output weight " + std::to_string(weight) + " times the activation quant " +
               std::to_string(net.activation_quant) + " leaves int16";
      }
      stack.out_weight[half * hp + i] = weight;
    }
  }
  stack.out_bias = body.i32();
  return std::nullopt;
}

}  // namespace

std::size_t network_file_size(std::size_t hidden, std::size_t l1, std::size_t l2,
                              std::size_t buckets) {
  if (l1 == 0) {  // the direct shape
    return kBucketsHeaderSize + 2 * hidden + 2 * kFeatures * hidden + buckets * (2 * 2 * hidden + 4);
  }
  const std::size_t stack = 2 * (2 * hidden * l1) + 4 * l1 + 2 * l1 * l2 + 4 * l2 + 2 * l2 + 4;
  return (buckets == 1 ? kHeaderSize : kBucketsHeaderSize) + 2 * hidden + 2 * kFeatures * hidden +
         buckets * stack;
}

std::string network_shape(const Network& network) {
  std::string shape = network.direct ? std::to_string(network.hidden) + "x2-1 SCReLU"
                                     : std::to_string(network.hidden) + "x2-" +
                                           std::to_string(network.l1) + "-" +
                                           std::to_string(network.l2) + "-1";
  if (network.buckets > 1) shape += " in " + std::to_string(network.buckets) + " output buckets";
  return shape;
}

std::optional<Network> parse_network(std::span<const std::uint8_t> bytes, std::string_view name,
                                     std::string& error) {
  const auto refuse = [&](const std::string& fault) {
    error = std::string(name) + ": " + fault;
    return std::nullopt;
  };
  const auto header = read_header(bytes);
  if (const auto* fault = std::get_if<std::string>(&header)) return refuse(*fault);
  const Header& fields = std::get<Header>(header);
  if (const auto fault = header_fault(fields, bytes.size())) return refuse(*fault);

  Network net = shaped_network(fields, name);
  Reader body(bytes);
  body.skip(fields.size);
  read_transformer(body, net);
  for (DenseStack& stack : net.stacks) {
    if (!net.direct) {
      read_dense_stack(body, net, stack);
    } else if (const auto fault = read_direct_output(body, net, stack)) {
      return refuse(*fault);
    }
  }
  if (body.position() != bytes.size())
    return refuse("internal: the reader stopped short of the file's end");
  return net;
}

std::optional<Network> read_network_file(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open it";
    return std::nullopt;
  }
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                        std::istreambuf_iterator<char>()};
  if (in.bad()) {
    error = path + ": read error";
    return std::nullopt;
  }
  return parse_network(bytes, path, error);
}

}  // namespace brudno::games::chess::nnue
