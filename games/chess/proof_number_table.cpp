#include "games/chess/proof_number_table.hpp"

#include <algorithm>
#include <type_traits>

namespace brudno::games::chess {

static_assert(sizeof(ProofNumberEntry) == 16 && std::is_trivially_copyable_v<ProofNumberEntry>);

ProofNumbers ProofNumberEntry::numbers() const {
  if (proof == 0)
    return ProofNumbers{0, ProofNumbers::kInfinite, static_cast<std::uint8_t>(disproof_or_length)};
  return ProofNumbers{proof, disproof_or_length, 0};
}

std::size_t ProofNumberTable::buckets_for(std::size_t megabytes) {
  std::size_t buckets = 1;
  const std::size_t wanted =
      std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / (sizeof(ProofNumberEntry) * kWays);
  while (buckets * 2 <= wanted) buckets *= 2;
  return buckets;
}

ProofNumberTable::ProofNumberTable(std::size_t megabytes)
    : bucket_mask_(buckets_for(megabytes) - 1),
      pages_((bucket_mask_ + 1) * kWays * sizeof(ProofNumberEntry)),
      entries_(static_cast<ProofNumberEntry*>(pages_.data())) {}

// A zero key marks an empty slot: a node whose key is 0 is never found, which
// costs a re-search at worst.
const ProofNumberEntry* ProofNumberTable::probe(std::uint64_t key) const {
  const std::size_t first = (key & bucket_mask_) * kWays;
  for (std::size_t i = first; i < first + kWays; ++i) {
    if (entries_[i].key == key && key != 0) return &entries_[i];
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
  const std::size_t first = (key & bucket_mask_) * kWays;
  ProofNumberEntry* slot = &entries_[first];
  for (std::size_t i = first; i < first + kWays; ++i) {
    ProofNumberEntry& entry = entries_[i];
    if (entry.key == key) {
      slot = &entry;
      break;
    }
    if (worth(entry) < worth(*slot)) slot = &entry;
  }
  slot->key = key;
  slot->proof = numbers.proof;
  slot->disproof_or_length = numbers.proved() ? numbers.length : numbers.disproof;
}

}  // namespace brudno::games::chess
