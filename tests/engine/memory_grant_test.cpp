// Every single-agent strategy stops at its memory grant, below it, saying
// so; and a grant never reached changes nothing a search does.

#include "engine/memory_grant.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <variant>

#include "engine/single_agent/strategies.hpp"

namespace brudno::engine {
namespace {

// A walk along a line of integers from 0, a step either way within
// [-end, end]: the goal is a point of it. Each state has a key, each step an
// inverse, so every strategy runs on it.
class Line {
 public:
  enum class Step : std::uint8_t { kUp, kDown };
  using Move = Step;

  Line(std::int64_t goal, std::int64_t end) : goal_(goal), end_(end) {}
  void successors(MoveList<Move>& moves) const {
    if (at_ < end_) moves.push_back(Step::kUp);
    if (at_ > -end_) moves.push_back(Step::kDown);
  }
  void play(Move step) { at_ += step == Step::kUp ? 1 : -1; }
  void undo(Move step) { at_ -= step == Step::kUp ? 1 : -1; }
  [[nodiscard]] bool is_goal() const { return at_ == goal_; }
  [[nodiscard]] std::uint64_t key() const { return static_cast<std::uint64_t>(at_); }
  static Move inverse(Move step) { return step == Step::kUp ? Step::kDown : Step::kUp; }
  [[nodiscard]] std::int64_t distance() const { return at_ < goal_ ? goal_ - at_ : at_ - goal_; }

 private:
  std::int64_t goal_;
  std::int64_t end_;
  std::int64_t at_ = 0;
};

static_assert(HasKey<Line> && HasInverseMoves<Line>);

struct Distance {
  int operator()(const Line& line) const { return static_cast<int>(line.distance()); }
};

// A cap that remembers what it was asked.
class CountingGrant final : public MemoryGrant {
 public:
  explicit CountingGrant(std::uint64_t cap) : cap_(cap) {}
  [[nodiscard]] bool grant(std::uint64_t bytes) override {
    ++asked;
    if (refused > 0) ++asked_after_refusal;
    if (bytes > cap_) {
      ++refused;
      return false;
    }
    most_granted = std::max(most_granted, bytes);
    return true;
  }
  int asked = 0;
  int refused = 0;
  int asked_after_refusal = 0;
  std::uint64_t most_granted = 0;

 private:
  std::uint64_t cap_;
};

OutcomeOf<Line> run(Strategy strategy, const Line& line, MemoryGrant* memory) {
  SearchBudget budget;
  budget.memory = memory;
  auto result = run_strategy(strategy, line, Distance{}, 2.0, budget);
  EXPECT_TRUE(std::holds_alternative<OutcomeOf<Line>>(result));
  return std::get<OutcomeOf<Line>>(result);
}

// The goal lies beyond anything 64 kB can hold on the way: each strategy
// grows until its grant refuses, stops there with what it held within the
// grant, and asks no more.
TEST(MemoryGrant, EveryStrategyStopsAtItsGrant) {
  constexpr std::uint64_t kCap = 64 * 1024;
  // Far, and its distance still an int (the heuristic's type).
  constexpr std::int64_t kFar = std::int64_t{1} << 28;
  for (const auto& [name, strategy] : kStrategies) {
    SCOPED_TRACE(std::string(name));
    CountingGrant grant(kCap);
    const auto outcome = run(strategy, Line(kFar, kFar), &grant);
    EXPECT_FALSE(outcome.solved);
    EXPECT_TRUE(outcome.stopped);
    EXPECT_TRUE(outcome.out_of_memory);
    EXPECT_EQ(grant.refused, 1);
    EXPECT_EQ(grant.asked_after_refusal, 0);
    EXPECT_LE(grant.most_granted, kCap);
    EXPECT_LE(outcome.peak_bytes, kCap);
    // It used most of what it was given, not a sliver of it.
    EXPECT_GT(grant.most_granted, kCap / 4);
  }
}

// A stop flag or a node limit is not memory: such a stop says nothing of it.
TEST(MemoryGrant, ANodeLimitIsNoMemoryStop) {
  for (const auto& [name, strategy] : kStrategies) {
    SCOPED_TRACE(std::string(name));
    CountingGrant grant(std::uint64_t{1} << 30);
    SearchBudget budget;
    budget.max_generated = 500;
    budget.memory = &grant;
    const std::int64_t far = std::int64_t{1} << 28;
    auto result = run_strategy(strategy, Line(far, far), Distance{}, 2.0, budget);
    const auto& outcome = std::get<OutcomeOf<Line>>(result);
    EXPECT_TRUE(outcome.stopped);
    EXPECT_FALSE(outcome.out_of_memory);
    EXPECT_EQ(grant.refused, 0);
  }
}

// A grant the search never reaches leaves every count and the plan as they
// are without one.
TEST(MemoryGrant, AGrantNotReachedChangesNothing) {
  const Line line(-37, 50);
  for (const auto& [name, strategy] : kStrategies) {
    SCOPED_TRACE(std::string(name));
    const auto free = run(strategy, line, nullptr);
    CountingGrant grant(std::uint64_t{1} << 30);
    const auto held = run(strategy, line, &grant);
    ASSERT_TRUE(free.solved);
    EXPECT_TRUE(held.solved);
    EXPECT_FALSE(held.out_of_memory);
    EXPECT_GT(grant.asked, 0);
    EXPECT_EQ(held.path, free.path);
    EXPECT_EQ(held.generated, free.generated);
    EXPECT_EQ(held.expanded, free.expanded);
    EXPECT_EQ(held.peak_states, free.peak_states);
    EXPECT_EQ(held.iterations, free.iterations);
  }
}

}  // namespace
}  // namespace brudno::engine
