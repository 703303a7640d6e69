#include "games/chess/proof_number_table.hpp"

#include <algorithm>
#include <new>
#include <type_traits>

namespace brudno::games::chess {

ProofNumberTable::ProofNumberTable(std::size_t megabytes) {
  std::size_t buckets = 1;
  const std::size_t wanted =
      std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / (sizeof(ProofNumberEntry) * kWays);
  while (buckets * 2 <= wanted) buckets *= 2;
  static_assert(std::is_trivially_copyable_v<ProofNumberEntry>);
  entries_.reset(
      static_cast<ProofNumberEntry*>(std::calloc(buckets * kWays, sizeof(ProofNumberEntry))));
  if (!entries_) throw std::bad_alloc();
  bucket_mask_ = buckets - 1;
}

// A zero key marks an empty slot: a node whose key is 0 is never found, which
// costs a re-search at worst.
const ProofNumberEntry* ProofNumberTable::probe(std::uint64_t key) const {
  const std::size_t first = (key & bucket_mask_) * kWays;
  for (std::size_t i = first; i < first + kWays; ++i) {
    if (entries_[i].key == key && key != 0) return &entries_[i];
  }
  return nullptr;
}

// The entry of `key`, else an empty one, else the one with the least work.
void ProofNumberTable::store(std::uint64_t key, const ProofNumbers& numbers, std::uint64_t work) {
  if (key == 0) return;
  const std::size_t first = (key & bucket_mask_) * kWays;
  ProofNumberEntry* slot = &entries_[first];
  for (std::size_t i = first; i < first + kWays; ++i) {
    ProofNumberEntry& entry = entries_[i];
    if (entry.key == key || entry.key == 0) {
      slot = &entry;
      break;
    }
    if (entry.work < slot->work) slot = &entry;
  }
  *slot = ProofNumberEntry{key, numbers,
                           static_cast<std::uint32_t>(std::min<std::uint64_t>(work, UINT32_MAX))};
}

}  // namespace brudno::games::chess
