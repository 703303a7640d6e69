#include "games/synthetic/chance_tree.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <vector>

#include "games/common/zobrist.hpp"

namespace brudno::games {
namespace {

// Distinct streams drawn from one node hash.
constexpr std::uint64_t kKindStream = 0x1111111111111111ULL;
constexpr std::uint64_t kCountStream = 0x2222222222222222ULL;
constexpr std::uint64_t kValueStream = 0x3333333333333333ULL;
constexpr std::uint64_t kWeightStream = 0x4444444444444444ULL;

int draw(std::uint64_t hash, std::uint64_t stream, int low, int high) {
  return low + static_cast<int>(mix64(hash ^ stream) % static_cast<std::uint64_t>(high - low + 1));
}

}  // namespace

ChanceTree::ChanceTree(const ChanceTreeShape& shape, std::uint64_t seed)
    : shape_(shape), seed_(seed) {
  shape_.depth = std::clamp(shape_.depth, 0, kMaxDepth);
  shape_.max_branching = std::clamp(shape_.max_branching, 1, kMaxChildren);
  shape_.min_branching = std::clamp(shape_.min_branching, 1, shape_.max_branching);
  shape_.max_outcomes = std::clamp(shape_.max_outcomes, 1, kMaxChildren);
  shape_.min_outcomes = std::clamp(shape_.min_outcomes, 1, shape_.max_outcomes);
  shape_.max_weight = std::clamp(shape_.max_weight, 1, 1 << 12);
  nodes_[0] = make_node(0, mix64(seed ^ 0x5eedULL), 0, 0);
}

ChanceTree::Node ChanceTree::make_node(int level, std::uint64_t hash, int sum, Move move) const {
  if (shape_.transpositions > 0) {
    // Identified by level and sum alone: every path with them meets here.
    hash = mix64(mix64(seed_ ^ 0x7a5e) ^ (std::uint64_t(level) << 32) ^ std::uint64_t(sum));
  }
  Node node{hash, sum, 0, 0, false, move};
  switch (shape_.layout) {
    case ChanceLayout::kRandom: {
      const int kind = draw(hash, kKindStream, 0, 2);
      node.chance = kind == 2;
      node.side = static_cast<std::uint8_t>(kind == 2 ? draw(hash, kKindStream + 1, 0, 1) : kind);
      break;
    }
    case ChanceLayout::kTwoPlayer:
      node.chance = level % 2 == 1;
      node.side = static_cast<std::uint8_t>((level / 2) % 2);
      break;
    case ChanceLayout::kSolitaire:
      node.chance = level % 2 == 1;
      node.side = 0;
      break;
  }
  if (level < shape_.depth) {
    node.children = static_cast<std::uint8_t>(
        node.chance ? draw(hash, kCountStream, shape_.min_outcomes, shape_.max_outcomes)
                    : draw(hash, kCountStream, shape_.min_branching, shape_.max_branching));
  }
  return node;
}

std::optional<ChanceTree> ChanceTree::parse(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string word;
  if (!(in >> word)) return std::nullopt;
  std::uint64_t seed = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), seed);
  if (error != std::errc{} || end != word.data() + word.size()) return std::nullopt;
  ChanceTree tree(ChanceTreeShape{}, seed);
  while (in >> word) {
    const auto move = tree.parse_move(word);
    if (!move) return std::nullopt;
    tree.play(*move);
  }
  return tree;
}

std::string ChanceTree::to_text() const {
  std::string text = std::to_string(seed_);
  for (int level = 1; level <= level_; ++level) text += ' ' + move_text(nodes_[level].move);
  return text;
}

std::optional<ChanceTree::Move> ChanceTree::parse_move(std::string_view text) const {
  int index = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), index);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  if (index < 1 || index > nodes_[level_].children) return std::nullopt;
  return static_cast<Move>(index - 1);
}

void ChanceTree::legal_moves(engine::MoveList<Move>& moves) const {
  for (int i = 0; i < nodes_[level_].children; ++i) moves.push_back(static_cast<Move>(i));
}

void ChanceTree::play(Move move) {
  const Node& parent = nodes_[level_];
  const std::uint64_t hash = mix64(parent.hash ^ (0x100000001b3ULL * (move + 1)));
  const int sum = shape_.transpositions > 0 ? (parent.sum + move + 1) % shape_.transpositions : 0;
  nodes_[level_ + 1] = make_node(level_ + 1, hash, sum, move);
  ++level_;
}

std::uint32_t ChanceTree::chance_weight(Move move) const {
  return static_cast<std::uint32_t>(
      draw(nodes_[level_].hash ^ (std::uint64_t(move) << 40), kWeightStream, 1, shape_.max_weight));
}

engine::Score ChanceTree::evaluate() const {
  const Node& node = nodes_[level_];
  const engine::Score value = draw(node.hash, kValueStream, kMinValue, kMaxValue);
  return node.side == 0 ? value : -value;
}

}  // namespace brudno::games
