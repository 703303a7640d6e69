#include "games/synthetic/synthetic.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>
#include <sstream>
#include <vector>

#include "games/common/zobrist.hpp"

namespace brudno::games {
namespace {

constexpr std::string_view kOrderNames[] = {"best", "worst", "random"};

std::optional<long long> parse_integer(std::string_view text) {
  long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

SyntheticTree::SyntheticTree(int branching, int depth, std::uint64_t seed, ChildOrder order)
    : branching_(branching), depth_(depth), seed_(seed), order_(order) {
  for (long long gap = branching; branching > 1 && gap * branching <= (1LL << 24);
       gap *= branching) {
    ++max_gap_exponent_;
  }
  const std::uint64_t root =
      mix64(mix64(seed) ^ (std::uint64_t(branching) << 8 | std::uint64_t(depth)) ^
            (std::uint64_t(order) << 16));
  nodes_[0] = {root, static_cast<engine::Score>(root % 2001) - 1000, 0};
}

std::optional<SyntheticTree> SyntheticTree::parse(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string b, d, seed, order;
  if (!(in >> b >> d >> seed >> order)) return std::nullopt;
  std::vector<std::string> path;
  for (std::string move; in >> move;) path.push_back(move);
  const auto branching = parse_integer(b);
  const auto depth = parse_integer(d);
  const auto seed_value = parse_integer(seed);
  if (!branching || !depth || !seed_value || *branching < 1 || *branching > kMaxBranching ||
      *depth < 0 || *depth > kMaxDepth || *seed_value < 0) {
    return std::nullopt;
  }
  const auto named = std::find(std::begin(kOrderNames), std::end(kOrderNames), order);
  if (named == std::end(kOrderNames)) return std::nullopt;
  SyntheticTree tree(static_cast<int>(*branching), static_cast<int>(*depth),
                     static_cast<std::uint64_t>(*seed_value),
                     static_cast<ChildOrder>(named - std::begin(kOrderNames)));
  for (const auto& word : path) {
    const auto move = tree.parse_move(word);
    if (!move) return std::nullopt;
    tree.play(*move);
  }
  return tree;
}

std::string SyntheticTree::to_text() const {
  std::string text = std::to_string(branching_) + ' ' + std::to_string(depth_) + ' ' +
                     std::to_string(seed_) + ' ' +
                     std::string(kOrderNames[static_cast<int>(order_)]);
  for (int level = 1; level <= level_; ++level) text += ' ' + move_text(nodes_[level].move);
  return text;
}

std::string SyntheticTree::to_display() const {
  return "synthetic tree " + to_text() + ", node at level " + std::to_string(level_) +
         ", true value " + std::to_string(true_value()) + "\n";
}

std::optional<SyntheticTree::Move> SyntheticTree::parse_move(std::string_view text) const {
  const auto index = parse_integer(text);
  if (!index || *index < 1 || *index > branching_ || level_ >= depth_) return std::nullopt;
  return static_cast<Move>(*index - 1);
}

void SyntheticTree::legal_moves(engine::MoveList<Move>& moves) const {
  if (level_ >= depth_) return;
  for (int i = 0; i < branching_; ++i) moves.push_back(static_cast<Move>(i));
}

int SyntheticTree::rank_of(Move move) const {
  switch (order_) {
    case ChildOrder::kBestFirst:
      return move;
    case ChildOrder::kWorstFirst:
      return branching_ - 1 - move;
    case ChildOrder::kRandom:
      break;
  }
  // A seeded Fisher-Yates shuffle of the ranks, fixed per node.
  std::array<std::uint8_t, kMaxBranching> ranks{};
  std::iota(ranks.begin(), ranks.begin() + branching_, 0);
  std::uint64_t state = nodes_[level_].hash;
  for (int i = branching_ - 1; i > 0; --i) {
    state = mix64(state);
    std::swap(ranks[i], ranks[state % static_cast<std::uint64_t>(i + 1)]);
  }
  return ranks[move];
}

void SyntheticTree::play(Move move) {
  const Node& parent = nodes_[level_];
  const int rank = rank_of(move);
  const std::uint64_t hash = mix64(parent.hash ^ (0x100000001b3ULL * (move + 1)));
  const engine::Score offset = rank * gap_below(level_);
  nodes_[++level_] = {hash, -parent.value + offset, move};
}

void SyntheticTree::undo(Move) {
  --level_;
}

engine::Score SyntheticTree::gap_below(int level) const {
  engine::Score gap = 1;
  for (int i = std::min(depth_ - level - 1, max_gap_exponent_); i > 0; --i) gap *= branching_;
  return gap;
}

engine::Score SyntheticTree::evaluate() const {
  const Node& node = nodes_[level_];
  if (level_ >= depth_) return node.value;
  return node.value + static_cast<engine::Score>(mix64(node.hash) % 41) - 20;
}

}  // namespace brudno::games
