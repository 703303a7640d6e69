#include "games/g2048/evaluation.hpp"

#include <algorithm>

namespace brudno::games::g2048 {

std::int32_t line_value(std::uint16_t line) {
  int ranks[4];
  for (int i = 0; i < 4; ++i) ranks[i] = (line >> (4 * i)) & 0xF;
  std::int64_t empty = 0;
  std::int64_t rank_sum = 0;
  for (const int rank : ranks) {
    if (rank == 0) ++empty;
    rank_sum += std::int64_t{rank} * rank * rank;
  }
  // Merges a slide would make: equal neighbours once the gaps close.
  std::int64_t merges = 0;
  int previous = 0;
  for (const int rank : ranks) {
    if (rank == 0) continue;
    if (rank == previous) {
      ++merges;
      previous = 0;  // a tile merges once
    } else {
      previous = rank;
    }
  }
  std::int64_t rise = 0;
  std::int64_t fall = 0;
  for (int i = 0; i + 1 < 4; ++i) {
    const std::int64_t here = std::int64_t{ranks[i]} * ranks[i] * ranks[i] * ranks[i];
    const std::int64_t next =
        std::int64_t{ranks[i + 1]} * ranks[i + 1] * ranks[i + 1] * ranks[i + 1];
    if (next > here) rise += next - here;
    if (next < here) fall += here - next;
  }
  const std::int64_t value = kLineShift + kEmptyWeight * empty + kMergeWeight * merges -
                             kMonotonicityWeight * std::min(rise, fall) - kRankSumWeight * rank_sum;
  return static_cast<std::int32_t>(value);
}

}  // namespace brudno::games::g2048
