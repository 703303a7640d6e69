#pragma once
// One session's memory in the books: its transposition table, the chess
// mate search's tables and a puzzle search's states, held within the
// session's budget (under `brudno serve`, --max-hash) and charged to the
// server's total as well (--max-total-hash, through HashBudget), so that no
// client grows the server past what its options allow. On standard input
// there is no budget and no total: every change is granted.
//
// Charged in whole megabytes, as the table's Hash option counts. Thread
// safe: the session's reader and its worker both charge it.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

#include "engine/memory_grant.hpp"

namespace brudno::protocol {

class SessionMemory {
 public:
  // Asked before the server's total changes from `from` to `to` megabytes;
  // false refuses the change.
  using ServerTotal = std::function<bool(std::size_t from, std::size_t to)>;

  // `budget_megabytes` 0: no budget of the session's own.
  SessionMemory(std::size_t budget_megabytes, ServerTotal server)
      : budget_(budget_megabytes), server_(std::move(server)) {}

  enum class Refusal { kNone, kSession, kServer };
  // Moves one holding from `from` to `to` megabytes; a refusal, and nothing
  // changed, when the session's budget or the server's total has no room.
  Refusal change(std::size_t from, std::size_t to);
  Refusal reserve(std::size_t megabytes) { return change(0, megabytes); }
  void release(std::size_t megabytes) { (void)change(megabytes, 0); }

  [[nodiscard]] std::size_t used() const { return used_.load(); }
  // Whether anything is counted: a budget, or a server's total to charge.
  [[nodiscard]] bool bounded() const { return budget_ > 0 || static_cast<bool>(server_); }
  // 0: none.
  [[nodiscard]] std::size_t budget() const { return budget_; }
  // What the budget has left (the server's total may have less); with no
  // budget, as good as unlimited.
  [[nodiscard]] std::size_t left() const;

 private:
  const std::size_t budget_;
  const ServerTotal server_;
  std::atomic<std::size_t> used_{0};
};

// Megabytes held in a session's books until release() or the end of its
// life, whichever comes first (a table that lives as long as a job).
class HeldMemory {
 public:
  HeldMemory(SessionMemory* books, std::size_t megabytes) : books_(books), megabytes_(megabytes) {}
  ~HeldMemory() { release(); }
  HeldMemory(const HeldMemory&) = delete;
  HeldMemory& operator=(const HeldMemory&) = delete;
  void release() {
    const std::size_t held = megabytes_.exchange(0);
    if (books_ != nullptr && held > 0) books_->release(held);
  }

 private:
  SessionMemory* books_;
  std::atomic<std::size_t> megabytes_;
};

// A puzzle search's memory grant (engine/memory_grant.hpp) drawn from a
// session's books a megabyte at a time as the search grows, and given back
// whole when the search ends.
class SearchMemoryGrant final : public engine::MemoryGrant {
 public:
  explicit SearchMemoryGrant(SessionMemory& books) : books_(books) {}
  ~SearchMemoryGrant() override { books_.release(megabytes_); }
  SearchMemoryGrant(const SearchMemoryGrant&) = delete;
  SearchMemoryGrant& operator=(const SearchMemoryGrant&) = delete;

  [[nodiscard]] bool grant(std::uint64_t bytes) override;

  // Why the last grant was refused (kNone while none was).
  [[nodiscard]] SessionMemory::Refusal refusal() const { return refusal_; }
  // The megabytes held when it was refused, or held now.
  [[nodiscard]] std::size_t megabytes() const { return megabytes_; }

 private:
  SessionMemory& books_;
  std::size_t megabytes_ = 0;
  SessionMemory::Refusal refusal_ = SessionMemory::Refusal::kNone;
};

}  // namespace brudno::protocol
