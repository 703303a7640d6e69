#pragma once
// The table of the mate search's proof-number search: for a node, a
// (position, moves left, side to move) triple hashed into one key, its proof
// and disproof numbers as last computed and, once proved, the length of the
// mate found. Unsolved numbers are estimates, so an entry lost to
// replacement costs only search, never an answer.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

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

struct ProofNumberEntry {
  std::uint64_t key = 0;
  ProofNumbers numbers;
  // Nodes searched below it: the dearer entry is kept when two collide.
  std::uint32_t work = 0;
};

class ProofNumberTable {
 public:
  explicit ProofNumberTable(std::size_t megabytes);
  [[nodiscard]] const ProofNumberEntry* probe(std::uint64_t key) const;
  void store(std::uint64_t key, const ProofNumbers& numbers, std::uint64_t work);

 private:
  static constexpr std::size_t kWays = 4;
  // Zeroed by the system as first touched (calloc), as MateTable.
  struct Free {
    void operator()(ProofNumberEntry* entries) const { std::free(entries); }
  };
  std::unique_ptr<ProofNumberEntry[], Free> entries_;
  std::size_t bucket_mask_ = 0;
};

}  // namespace brudno::games::chess
