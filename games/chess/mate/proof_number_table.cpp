#include "games/chess/mate/proof_number_table.hpp"

#include <algorithm>
#include <type_traits>

namespace brudno::games::chess {

static_assert(sizeof(ProofNumberEntry) == 16 && std::is_trivially_copyable_v<ProofNumberEntry>);

ProofNumbers ProofNumberEntry::numbers() const {
  if (proof == 0)
    return ProofNumbers{0, ProofNumbers::kInfinite, static_cast<std::uint8_t>(disproof_or_length)};
  return ProofNumbers{proof, disproof_or_length, 0};
}

// A zero key marks an empty slot: a node whose key is 0 is never found, which
// costs a re-search at worst.
const ProofNumberEntry* ProofNumberTable::probe(std::uint64_t key) const {
  const ProofNumberEntry* bucket = buckets_.bucket(key);
  for (std::size_t i = 0; i < kWays; ++i) {
    if (bucket[i].key == key && key != 0) return &bucket[i];
  }
  return nullptr;
}

void ProofNumberTable::store(std::uint64_t key, const ProofNumbers& numbers) {
  if (key == 0) return;
  const auto worth = [](const ProofNumberEntry& entry) -> std::uint64_t {
    if (entry.key == 0) return 0;
    if (entry.proof == 0 || entry.disproof_or_length == 0) return UINT64_MAX;
    return std::uint64_t{entry.proof} + entry.disproof_or_length;
  };
  ProofNumberEntry* bucket = buckets_.bucket(key);
  ProofNumberEntry* slot = &bucket[0];
  for (std::size_t i = 0; i < kWays; ++i) {
    ProofNumberEntry& entry = bucket[i];
    if (entry.key == key) {
      slot = &entry;
      break;
    }
    if (worth(entry) < worth(*slot)) slot = &entry;
  }
  const bool filled = slot->empty();
  slot->key = key;
  slot->proof = numbers.proof;
  slot->disproof_or_length = numbers.proved() ? numbers.length : numbers.disproof;
  if (filled) buckets_.filled_one();
}

}  // namespace brudno::games::chess
