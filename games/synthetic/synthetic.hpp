#pragma once
// A synthetic game tree for search theory: uniform branching `b`, depth `d`,
// values derived from a seed. The tree is built top down from values, so the
// order of the children is known without searching it: best first, worst
// first, or a seeded random order. Leaves (depth d) carry exact values; an
// inner node's evaluate() is its true value blurred by seeded noise, so
// shallow searches have a heuristic to work with.
//
// Construction: a node of value v at level L (negamax, side to move) has
// children whose values, from the child's side, are -v + r * gap(L) for the
// child of rank r (rank 0 is the best). gap(L) = b^(d-L-1) exceeds the whole
// spread of values below level L+1, so every leaf of a subtree compares with
// the values of the subtree's siblings as the subtree's root does: the order
// holds at every depth, not just one level down, and "worst first" gives
// alpha-beta no cut-off at all. For trees too large for that, the gap stops
// growing at 2^24 and only the local order is exact.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/game.hpp"

namespace brudno::games {

enum class ChildOrder : std::uint8_t { kBestFirst, kWorstFirst, kRandom };

class SyntheticTree {
 public:
  using Move = std::uint8_t;  // child index 0..b-1, written 1..b
  static constexpr std::string_view kName = "synthetic";
  static constexpr engine::GameTraits kTraits{};
  static constexpr int kMaxBranching = 16;
  static constexpr int kMaxDepth = 40;

  SyntheticTree(int branching, int depth, std::uint64_t seed, ChildOrder order);

  // The start position is a random-order tree, b = 3, d = 8, seed 1.
  static SyntheticTree start_position() { return {3, 8, 1, ChildOrder::kRandom}; }
  // `B D SEED ORDER [MOVES...]`, e.g. `3 4 7 best` for a root, `3 4 7 best
  // 2 1` for the node two moves below it; ORDER is best, worst or random,
  // and the moves are child numbers 1..B, as move_text writes them.
  static std::optional<SyntheticTree> parse(std::string_view text);
  // The tree and the path from its root to the current node.
  [[nodiscard]] std::string to_text() const;
  [[nodiscard]] std::string to_display() const;
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  static std::string move_text(Move move) { return std::to_string(move + 1); }

  void legal_moves(engine::MoveList<Move>& moves) const;
  void play(Move move);
  void undo(Move move);
  [[nodiscard]] engine::Status status() const { return engine::Status::kOngoing; }
  [[nodiscard]] engine::Score evaluate() const;
  [[nodiscard]] std::uint64_t key() const { return nodes_[level_].hash; }
  [[nodiscard]] int side_to_move() const { return level_ & 1; }
  [[nodiscard]] int max_plies_left() const { return depth_ - level_; }

  // The exact minimax value of the current node, known by construction.
  [[nodiscard]] engine::Score true_value() const { return nodes_[level_].value; }
  [[nodiscard]] int branching() const { return branching_; }
  [[nodiscard]] int depth() const { return depth_; }

 private:
  struct Node {
    std::uint64_t hash;
    engine::Score value;
    Move move;  // the move that led here from the parent
  };
  [[nodiscard]] int rank_of(Move move) const;
  [[nodiscard]] engine::Score gap_below(int level) const;

  int branching_;
  int depth_;
  std::uint64_t seed_;
  ChildOrder order_;
  int max_gap_exponent_ = 0;  // gaps are b^min(d-L-1, this)
  int level_ = 0;
  std::array<Node, kMaxDepth + 1> nodes_{};
};

static_assert(engine::Game<SyntheticTree>);
static_assert(engine::HasPlyBound<SyntheticTree>);

}  // namespace brudno::games
