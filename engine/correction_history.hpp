#pragma once
// Correction history: how far the static value has been from what the
// searches found, by a key of what its errors follow (HasCorrectionKey;
// chess: the pawns) and the side to move. Each node of the selective search
// whose result says which way its static value was wrong moves its entry
// towards that error, the more the deeper it searched; the static value
// every later node sees is the game's value plus its entry's correction.
// A weighted average, bounded so that no structure moves a value by more
// than kMaxCorrection.

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/score.hpp"

namespace brudno::engine {

class CorrectionHistory {
 public:
  static constexpr std::size_t kEntries = 16384;  // a side
  static constexpr Score kMaxCorrection = 64;
  // Entries keep the correction in 256ths, so that small errors add up.
  static constexpr int kGrain = 256;

  // `used` false: a game without a correction key; no memory, never asked.
  explicit CorrectionHistory(bool used) : table_(used ? 2 * kEntries : 0) {}

  // The static value `raw` of a position with `key`, `side` to move, corrected.
  [[nodiscard]] Score corrected(Score raw, int side, std::uint64_t key) const {
    const Score value = raw + table_[index(side, key)] / kGrain;
    return std::clamp(value, -kMaxHeuristic + 1, kMaxHeuristic - 1);
  }

  // A search `depth` plies deep found `found` where the static value was `raw`.
  void update(int side, std::uint64_t key, Score raw, Score found, int depth) {
    assert(depth > 0 && !is_decisive(found) && !is_decisive(raw));
    int& entry = table_[index(side, key)];
    const int error = std::clamp(found - raw, -kMaxCorrection, kMaxCorrection) * kGrain;
    const int weight = std::min(depth + 1, 16);
    entry = (entry * (kGrain - weight) + error * weight) / kGrain;
    assert(std::abs(entry) <= kMaxCorrection * kGrain);
  }

  void age() {
    for (int& entry : table_) entry /= 2;
  }
  void clear() { std::fill(table_.begin(), table_.end(), 0); }
  [[nodiscard]] bool used() const { return !table_.empty(); }

 private:
  [[nodiscard]] std::size_t index(int side, std::uint64_t key) const {
    assert(used() && (side == 0 || side == 1));
    return static_cast<std::size_t>(side) * kEntries + static_cast<std::size_t>(key % kEntries);
  }
  std::vector<int> table_;  // side 0's entries, then side 1's
};

}  // namespace brudno::engine
