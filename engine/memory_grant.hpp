#pragma once
// The memory a single-agent search may hold. A graph search keeps every
// state it reaches (breadth-first, uniform-cost, A*, depth-first with its
// explored set), so an unbounded one grows until the machine has no more:
// the strategies ask a grant before they grow, and a search refused stops
// as a stopped search does, saying that memory stopped it. A grant may be a
// fixed cap (a test, a command line) or a budget charged as it is used (a
// session under `brudno serve`, protocol/session_memory.hpp).
//
// The bytes asked for are the strategy's own estimate of what it holds
// once it has grown (memory_use.hpp in engine/single_agent/): its
// containers with the allocator's overhead, a growing vector's new buffer
// counted before it is made.

#include <cstdint>

namespace brudno::engine {

class MemoryGrant {
 public:
  virtual ~MemoryGrant() = default;
  // May the search hold `bytes` in all? Asked from the search's thread as
  // it grows (the bytes only rise between two answers of false); false
  // stops the search.
  [[nodiscard]] virtual bool grant(std::uint64_t bytes) = 0;
};

// A cap that nothing else shares.
class FixedMemoryGrant final : public MemoryGrant {
 public:
  explicit FixedMemoryGrant(std::uint64_t bytes) : cap_(bytes) {}
  [[nodiscard]] bool grant(std::uint64_t bytes) override { return bytes <= cap_; }

 private:
  std::uint64_t cap_;
};

}  // namespace brudno::engine
