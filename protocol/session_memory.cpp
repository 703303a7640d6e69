#include "protocol/session_memory.hpp"

#include <limits>

namespace brudno::protocol {

SessionMemory::Refusal SessionMemory::change(std::size_t from, std::size_t to) {
  if (to <= from) {
    if (server_) (void)server_(from, to);
    used_.fetch_sub(from - to);
    return Refusal::kNone;
  }
  const std::size_t more = to - from;
  std::size_t used = used_.load();
  do {
    if (budget_ > 0 && used + more > budget_) return Refusal::kSession;
  } while (!used_.compare_exchange_weak(used, used + more));
  if (server_ && !server_(from, to)) {
    used_.fetch_sub(more);
    return Refusal::kServer;
  }
  return Refusal::kNone;
}

std::size_t SessionMemory::left() const {
  if (budget_ == 0) return std::numeric_limits<std::size_t>::max();
  const std::size_t used = used_.load();
  return used < budget_ ? budget_ - used : 0;
}

bool SearchMemoryGrant::grant(std::uint64_t bytes) {
  constexpr std::uint64_t kMegabyte = std::uint64_t{1} << 20;
  const auto wanted = static_cast<std::size_t>((bytes + kMegabyte - 1) / kMegabyte);
  if (wanted <= megabytes_) return true;
  refusal_ = books_.change(megabytes_, wanted);
  if (refusal_ != SessionMemory::Refusal::kNone) return false;
  megabytes_ = wanted;
  return true;
}

}  // namespace brudno::protocol
