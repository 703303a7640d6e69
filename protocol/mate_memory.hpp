#pragma once
// The chess mate search's tables in a session's books (session_memory.hpp):
// the table kept between `go mate` searches, the proof-number table of each
// search, and `proof`'s own pair. Each grows by doubling up to its size and
// holds its old half while it doubles (games/chess/mate/growing_buckets.hpp),
// so a table of M megabytes is charged M + M / 2. A table is 64 MB, the
// size the search is tuned with, or the largest power of two below it that
// the session's budget and the server's total still hold.

#include <cstddef>
#include <memory>

#include "protocol/session_memory.hpp"

namespace brudno::protocol {

inline constexpr std::size_t kMateTableMegabytes = 64;

// Tables of one size, and their charge (none without books to charge).
struct MateTables {
  std::size_t megabytes = 0;  // each; 0: no room for even 1 MB
  std::shared_ptr<HeldMemory> held;
};

inline std::size_t mate_table_charge(std::size_t megabytes) {
  return megabytes + megabytes / 2;
}

// Room for `count` tables of the largest size that fits, charged now.
inline MateTables reserve_mate_tables(SessionMemory* books, std::size_t count) {
  if (books == nullptr || !books->bounded()) return {kMateTableMegabytes, nullptr};
  for (std::size_t megabytes = kMateTableMegabytes; megabytes >= 1; megabytes /= 2) {
    const std::size_t charge = count * mate_table_charge(megabytes);
    if (books->reserve(charge) == SessionMemory::Refusal::kNone)
      return {megabytes, std::make_shared<HeldMemory>(books, charge)};
  }
  return {};
}

// What a client is told when not even the smallest tables fit.
inline constexpr const char* kNoRoomForMateTables =
    "info string error: no memory left for the mate search's tables (this session's budget, "
    "brudno serve --max-hash, or the server's total, --max-total-hash, is in use); searching "
    "normally";

}  // namespace brudno::protocol
