#pragma once
// N queens for local search: one queen in each column, a move puts one
// queen on another row of its column, or (on a board started as a
// permutation, one queen a row) swaps the rows of two queens, which keeps
// every row taken once: the neighbourhood that solves a million queens. The value is minus the
// number of pairs of queens that attack each other (on a row or a diagonal), kept by counting the
// queens on every row and diagonal, so a move and its value cost O(1) and a million queens fit in a
// few tens of megabytes.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/move_list.hpp"
#include "engine/problem.hpp"
#include "engine/single_agent/random.hpp"

namespace brudno::games {

class Queens {
 public:
  static constexpr std::uint32_t kNoPartner = 0xffffffffu;
  struct Move {
    std::uint32_t column = 0;
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    std::uint32_t partner = kNoPartner;  // a swap of two columns' rows
    bool operator==(const Move&) const = default;
  };
  // Steepest ascent looks at all n(n-1) successors: the move list holds them up to here.
  static constexpr int kMaxSteepestSize = 16;
  static constexpr int kMaxSize = 10'000'000;

  // Every queen on the top row.
  explicit Queens(int size);

  void successors(engine::MoveList<Move>& moves) const;
  void play(Move move) {
    if (move.partner != kNoPartner) return swap_rows(move.column, move.partner);
    place(move.column, move.from, move.to);
  }
  void undo(Move move) {
    if (move.partner != kNoPartner) return swap_rows(move.column, move.partner);
    place(move.column, move.to, move.from);
  }
  [[nodiscard]] bool is_goal() const { return attacking_pairs_ == 0; }
  [[nodiscard]] std::int64_t value() const { return -attacking_pairs_; }

  // Each queen on a row drawn at random, independently.
  void randomize(engine::Random& random);
  // One queen a row: each queen in turn on a random free row whose
  // diagonals are free too, if one of a few tries finds one (Sosic and Gu's
  // start). From then on the moves are swaps.
  void randomize_permutation(engine::Random& random);
  // An attacked queen, drawn at random, goes to a random other row (or
  // swaps rows with a random other queen).
  Move random_move(engine::Random& random);
  // A column whose queen is attacked, at random; nothing when none is.
  std::optional<std::uint32_t> random_conflicted(engine::Random& random);
  // Its queen to the row with the fewest attackers (or the swap that leaves
  // the fewest attacking pairs), of a sample on large boards, ties at
  // random; possibly where it is.
  Move least_conflicting_move(std::uint32_t column, engine::Random& random);

  [[nodiscard]] int size() const { return size_; }
  [[nodiscard]] std::uint32_t row_of(std::uint32_t column) const { return rows_[column]; }
  [[nodiscard]] std::int64_t attacking_pairs() const { return attacking_pairs_; }
  // Queens that would attack a queen at (row, column), not counting the one in that column.
  [[nodiscard]] std::int64_t attackers(std::uint32_t column, std::uint32_t row) const;
  // The rows, one a column: "1 5 8 6 3 7 2 4" (1 is the top row).
  [[nodiscard]] std::string to_text() const;

 private:
  void place(std::uint32_t column, std::uint32_t from, std::uint32_t to);
  void swap_rows(std::uint32_t a, std::uint32_t b);
  Move least_conflicting_swap(std::uint32_t column, engine::Random& random);
  void add(std::uint32_t column, std::uint32_t row);
  void remove(std::uint32_t column, std::uint32_t row);
  void recount();

  int size_;
  std::vector<std::uint32_t> rows_;
  std::vector<std::uint32_t> on_row_;
  std::vector<std::uint32_t> on_rising_;   // row + column
  std::vector<std::uint32_t> on_falling_;  // row - column + size - 1
  std::int64_t attacking_pairs_ = 0;
  bool permutation_ = false;
  // Columns that were attacked when last looked at; refilled by a scan when empty.
  std::vector<std::uint32_t> suspects_;
};

}  // namespace brudno::games
