#pragma once
// The table of the mate search's proof-number search: for a node, a
// (position, moves left, side to move) triple hashed into one key, its proof
// and disproof numbers as last computed and, once proved, the length of the
// mate found. Unsolved numbers are estimates, so an entry lost to
// replacement costs only search, never an answer.

#include <cstddef>
#include <cstdint>

#include "games/chess/mate/growing_buckets.hpp"

namespace brudno::games::chess {

// The numbers of one node. A proof number of 0 is a proof, a disproof number
// of 0 a disproof; kInfinite is the other number of a solved node.
struct ProofNumbers {
  static constexpr std::uint32_t kInfinite = 1'000'000'000;
  std::uint32_t proof = 1;
  std::uint32_t disproof = 1;
  // Proved: the attacker's moves of the mate found (at most the node's moves left).
  std::uint8_t length = 0;

  [[nodiscard]] bool proved() const { return proof == 0; }
  [[nodiscard]] bool disproved() const { return disproof == 0; }
  [[nodiscard]] bool solved() const { return proved() || disproved(); }
};

// 16 bytes, four to a cache line. A proved node's disproof number is
// infinite by definition: the field holds the mate's length instead.
struct ProofNumberEntry {
  std::uint64_t key = 0;
  std::uint32_t proof = 0;
  std::uint32_t disproof_or_length = 0;

  [[nodiscard]] ProofNumbers numbers() const;
  [[nodiscard]] bool empty() const { return key == 0; }
};

class ProofNumberTable {
 public:
  // At most `megabytes`, grown to it as entries are stored (growing_buckets.hpp).
  explicit ProofNumberTable(std::size_t megabytes) : buckets_(megabytes) {}
  [[nodiscard]] const ProofNumberEntry* probe(std::uint64_t key) const;
  // Starts loading the bucket of `key`, to be probed after other work.
  void prefetch(std::uint64_t key) const { buckets_.prefetch(key); }
  // Kept on a collision: the solved entries, then the larger numbers (the
  // more searched below).
  void store(std::uint64_t key, const ProofNumbers& numbers);

 private:
  static constexpr std::size_t kWays = 4;
  GrowingBuckets<ProofNumberEntry, kWays> buckets_;
};

}  // namespace brudno::games::chess
