#include "games/queens/queens.hpp"

#include <cassert>

namespace brudno::games {
namespace {

// Rows looked at for a queen's least-conflicting row on boards larger than
// this: every row below, a random sample above (a free row is common: about
// a third of the rows hold no queen).
constexpr int kScanAllRowsUpTo = 1000;
constexpr int kRowSample = 64;

}  // namespace

Queens::Queens(int size)
    : size_(size),
      rows_(static_cast<std::size_t>(size), 0),
      on_row_(static_cast<std::size_t>(size), 0),
      on_rising_(2 * static_cast<std::size_t>(size) - 1, 0),
      on_falling_(2 * static_cast<std::size_t>(size) - 1, 0) {
  recount();
}

void Queens::recount() {
  std::fill(on_row_.begin(), on_row_.end(), 0);
  std::fill(on_rising_.begin(), on_rising_.end(), 0);
  std::fill(on_falling_.begin(), on_falling_.end(), 0);
  attacking_pairs_ = 0;
  for (std::uint32_t column = 0; column < rows_.size(); ++column) add(column, rows_[column]);
  suspects_.clear();
}

std::int64_t Queens::attackers(std::uint32_t column, std::uint32_t row) const {
  const std::uint32_t rising = row + column;
  const std::uint32_t falling = row + static_cast<std::uint32_t>(size_) - 1 - column;
  std::int64_t count =
      std::int64_t{on_row_[row]} + std::int64_t{on_rising_[rising]} + on_falling_[falling];
  if (rows_[column] == row) count -= 3;  // the queen itself is on all three lines
  return count;
}

// A queen added to (or taken from) its three lines makes (or ends) a pair
// with each queen already on them.
void Queens::add(std::uint32_t column, std::uint32_t row) {
  auto& on_row = on_row_[row];
  auto& on_rising = on_rising_[row + column];
  auto& on_falling = on_falling_[row + static_cast<std::uint32_t>(size_) - 1 - column];
  attacking_pairs_ += std::int64_t{on_row} + on_rising + on_falling;
  ++on_row;
  ++on_rising;
  ++on_falling;
}

void Queens::remove(std::uint32_t column, std::uint32_t row) {
  auto& on_row = on_row_[row];
  auto& on_rising = on_rising_[row + column];
  auto& on_falling = on_falling_[row + static_cast<std::uint32_t>(size_) - 1 - column];
  --on_row;
  --on_rising;
  --on_falling;
  attacking_pairs_ -= std::int64_t{on_row} + on_rising + on_falling;
}

void Queens::place(std::uint32_t column, std::uint32_t from, std::uint32_t to) {
  assert(rows_[column] == from);
  if (from == to) return;
  remove(column, from);
  rows_[column] = to;
  add(column, to);
  if (attackers(column, to) > 0) suspects_.push_back(column);
}

void Queens::successors(engine::MoveList<Move>& moves) const {
  assert(size_ <= kMaxSteepestSize);
  for (std::uint32_t column = 0; column < rows_.size(); ++column) {
    for (std::uint32_t row = 0; row < rows_.size(); ++row) {
      if (row != rows_[column]) moves.push_back(Move{column, rows_[column], row});
    }
  }
}

void Queens::randomize(engine::Random& random) {
  for (auto& row : rows_) row = static_cast<std::uint32_t>(random.below(rows_.size()));
  permutation_ = false;
  recount();
}

void Queens::swap_rows(std::uint32_t a, std::uint32_t b) {
  const std::uint32_t row_a = rows_[a];
  const std::uint32_t row_b = rows_[b];
  remove(a, row_a);
  remove(b, row_b);
  rows_[a] = row_b;
  rows_[b] = row_a;
  add(a, row_b);
  add(b, row_a);
  if (attackers(a, row_b) > 0) suspects_.push_back(a);
  if (attackers(b, row_a) > 0) suspects_.push_back(b);
}

void Queens::randomize_permutation(engine::Random& random) {
  std::fill(on_row_.begin(), on_row_.end(), 0);
  std::fill(on_rising_.begin(), on_rising_.end(), 0);
  std::fill(on_falling_.begin(), on_falling_.end(), 0);
  attacking_pairs_ = 0;
  suspects_.clear();
  permutation_ = true;
  // Rows not yet taken are pool[column ..]; a few random picks look for one
  // whose diagonals are free, else the next row goes there anyway.
  std::vector<std::uint32_t> pool(rows_.size());
  for (std::uint32_t row = 0; row < pool.size(); ++row) pool[row] = row;
  const auto n = static_cast<std::uint32_t>(size_);
  for (std::uint32_t column = 0; column < n; ++column) {
    for (int attempt = 0; attempt < kRowSample; ++attempt) {
      const auto pick = column + static_cast<std::uint32_t>(random.below(n - column));
      const std::uint32_t row = pool[pick];
      if (on_rising_[row + column] == 0 && on_falling_[row + n - 1 - column] == 0) {
        std::swap(pool[column], pool[pick]);
        break;
      }
    }
    rows_[column] = pool[column];
    add(column, pool[column]);
  }
}

std::optional<std::uint32_t> Queens::random_conflicted(engine::Random& random) {
  if (attacking_pairs_ == 0) return std::nullopt;
  if (size_ <= kScanAllRowsUpTo) {
    // Small boards: every attacked queen, uniformly. The suspects list of
    // large boards misses a queen attacked only because another moved.
    std::uint32_t attacked = 0;
    std::uint32_t chosen = 0;
    for (std::uint32_t column = 0; column < rows_.size(); ++column) {
      if (attackers(column, rows_[column]) > 0 && random.below(++attacked) == 0) chosen = column;
    }
    return chosen;
  }
  while (true) {
    if (suspects_.empty()) {
      for (std::uint32_t column = 0; column < rows_.size(); ++column) {
        if (attackers(column, rows_[column]) > 0) suspects_.push_back(column);
      }
    }
    const auto index = static_cast<std::size_t>(random.below(suspects_.size()));
    const std::uint32_t column = suspects_[index];
    if (attackers(column, rows_[column]) > 0) return column;
    suspects_[index] = suspects_.back();
    suspects_.pop_back();
  }
}

Queens::Move Queens::random_move(engine::Random& random) {
  const auto column =
      random_conflicted(random).value_or(static_cast<std::uint32_t>(random.below(rows_.size())));
  if (permutation_) {
    auto partner = static_cast<std::uint32_t>(random.below(rows_.size() - 1));
    if (partner >= column) ++partner;  // any column but its own
    return Move{column, 0, 0, partner};
  }
  auto row = static_cast<std::uint32_t>(random.below(rows_.size() - 1));
  if (row >= rows_[column]) ++row;  // any row but its own
  return Move{column, rows_[column], row};
}

Queens::Move Queens::least_conflicting_move(std::uint32_t column, engine::Random& random) {
  if (permutation_) return least_conflicting_swap(column, random);
  std::int64_t best = attackers(column, rows_[column]);
  std::uint64_t ties = 1;
  std::uint32_t chosen = rows_[column];
  const bool all = size_ <= kScanAllRowsUpTo;
  const int looks = all ? size_ : kRowSample;
  for (int look = 0; look < looks; ++look) {
    const auto row = all ? static_cast<std::uint32_t>(look)
                         : static_cast<std::uint32_t>(random.below(rows_.size()));
    if (row == rows_[column]) continue;
    const std::int64_t count = attackers(column, row);
    if (count < best) {
      best = count;
      chosen = row;
      ties = 1;
    } else if (count == best && random.below(++ties) == 0) {
      chosen = row;
    }
  }
  return Move{column, rows_[column], chosen};
}

Queens::Move Queens::least_conflicting_swap(std::uint32_t column, engine::Random& random) {
  const std::int64_t before = attacking_pairs_;
  std::int64_t best = before;
  std::uint64_t ties = 1;
  Move chosen{column, rows_[column], rows_[column], kNoPartner};  // stay
  const bool all = size_ <= kScanAllRowsUpTo;
  const int looks = all ? size_ : kRowSample;
  for (int look = 0; look < looks; ++look) {
    const auto partner = all ? static_cast<std::uint32_t>(look)
                             : static_cast<std::uint32_t>(random.below(rows_.size()));
    if (partner == column) continue;
    // Tried on the board: a swap changes at most eight lines' counts.
    const std::size_t suspects = suspects_.size();
    swap_rows(column, partner);
    const std::int64_t pairs = attacking_pairs_;
    swap_rows(column, partner);
    suspects_.resize(suspects);
    if (pairs < best) {
      best = pairs;
      chosen = Move{column, 0, 0, partner};
      ties = 1;
    } else if (pairs == best && random.below(++ties) == 0) {
      chosen = Move{column, 0, 0, partner};
    }
  }
  return chosen;
}

std::string Queens::to_text() const {
  std::string text;
  for (const auto row : rows_) {
    if (!text.empty()) text += ' ';
    text += std::to_string(row + 1);
  }
  return text;
}

}  // namespace brudno::games
