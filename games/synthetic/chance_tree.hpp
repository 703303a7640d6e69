#pragma once
// A synthetic game tree with chance nodes, for testing and measuring
// expectiminimax and its pruning (engine/chance_worker.hpp). Everything comes
// from a seed: the kind of each node (a decision of side 0 or of side 1, or
// a chance event), its number of children, the integer weight of each chance
// outcome and the value of each leaf, within [kMinValue, kMaxValue] for side
// 0. Inner nodes evaluate to a seeded value in the same bounds, so that a
// search cut short by depth has something to work with.
//
// With `transpositions` above 0 a node is identified by its level and the
// sum of the moves to it modulo `transpositions`, not by its path: different
// paths reach the same node, which exercises the transposition table at
// chance nodes against the oracle. It is not offered over the protocol.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/game.hpp"

namespace brudno::games {

// How the kinds of node follow each other.
enum class ChanceLayout : std::uint8_t {
  kRandom,     // each node's kind drawn from its seed
  kTwoPlayer,  // side 0 moves, chance, side 1 moves, chance, ... (backgammon)
  kSolitaire,  // side 0 moves, chance, side 0 moves, chance, ... (2048)
};

struct ChanceTreeShape {
  int depth = 6;  // levels below the root; nodes at this level are leaves
  int min_branching = 1;
  int max_branching = 4;
  int min_outcomes = 1;
  int max_outcomes = 4;
  int max_weight = 9;  // outcome weights are drawn from 1..max_weight; 1: equal
  ChanceLayout layout = ChanceLayout::kRandom;
  int transpositions = 0;
};

class ChanceTree {
 public:
  using Move = std::uint8_t;  // child index 0..n-1, written 1..n
  static constexpr std::string_view kName = "chance-tree";
  static constexpr engine::GameTraits kTraits{};
  static constexpr engine::Score kMinValue = -300;
  static constexpr engine::Score kMaxValue = 1000;
  static constexpr int kMaxDepth = 40;
  static constexpr int kMaxChildren = 16;

  ChanceTree(const ChanceTreeShape& shape, std::uint64_t seed);

  static ChanceTree start_position() { return {ChanceTreeShape{}, 1}; }
  // `SEED [MOVES...]`: the default shape's tree of that seed.
  static std::optional<ChanceTree> parse(std::string_view text);
  [[nodiscard]] std::string to_text() const;
  [[nodiscard]] std::string to_display() const { return "chance tree " + to_text() + "\n"; }
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  static std::string move_text(Move move) { return std::to_string(move + 1); }

  void legal_moves(engine::MoveList<Move>& moves) const;
  void play(Move move);
  void undo(Move) { --level_; }
  [[nodiscard]] engine::Status status() const { return engine::Status::kOngoing; }
  [[nodiscard]] engine::Score evaluate() const;
  [[nodiscard]] std::uint64_t key() const { return nodes_[level_].hash; }
  [[nodiscard]] int side_to_move() const { return nodes_[level_].side; }
  [[nodiscard]] bool is_chance_node() const { return nodes_[level_].chance; }
  [[nodiscard]] std::uint32_t chance_weight(Move move) const;

 private:
  struct Node {
    std::uint64_t hash;
    int sum;  // of the moves to here, for transpositions
    std::uint8_t children;
    std::uint8_t side;
    bool chance;
    Move move;  // the move that led here
  };
  [[nodiscard]] Node make_node(int level, std::uint64_t hash, int sum, Move move) const;

  ChanceTreeShape shape_;
  std::uint64_t seed_;
  int level_ = 0;
  std::array<Node, kMaxDepth + 1> nodes_{};
};

static_assert(engine::HasChance<ChanceTree>);

}  // namespace brudno::games
