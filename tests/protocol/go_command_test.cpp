#include "protocol/go_command.hpp"

#include <gtest/gtest.h>

#include "engine/time_manager.hpp"
#include "protocol/client_text.hpp"
#include "protocol/tokens.hpp"

namespace brudno::protocol {
namespace {

using namespace std::chrono_literals;

std::variant<engine::SearchLimits, std::string> parse(std::string_view line) {
  return parse_go(split_words(line));
}

TEST(GoCommand, ReadsEveryLimit) {
  const auto parsed =
      parse("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 99 movetime 300");
  ASSERT_TRUE(std::holds_alternative<engine::SearchLimits>(parsed));
  const auto& limits = std::get<engine::SearchLimits>(parsed);
  EXPECT_EQ(limits.time[0], 1000ms);
  EXPECT_EQ(limits.time[1], 2000ms);
  EXPECT_EQ(limits.increment[0], 10ms);
  EXPECT_EQ(limits.increment[1], 20ms);
  EXPECT_EQ(limits.moves_to_go, 5);
  EXPECT_EQ(limits.depth, 7);
  EXPECT_EQ(limits.nodes, 99u);
  EXPECT_EQ(limits.movetime, 300ms);
  EXPECT_FALSE(limits.infinite);
  EXPECT_TRUE(limits.finite(0));
  EXPECT_TRUE(limits.finite(1));
}

TEST(GoCommand, InfiniteAndBareGoAreNotFinite) {
  EXPECT_TRUE(std::get<engine::SearchLimits>(parse("go infinite")).infinite);
  EXPECT_FALSE(std::get<engine::SearchLimits>(parse("go infinite")).finite(0));
  EXPECT_FALSE(std::get<engine::SearchLimits>(parse("go")).finite(0));
}

// The clock that limits a search is the mover's: the opponent's alone sets no
// deadline, so such a search is not finite for the one that moves.
TEST(GoCommand, OnlyTheMoversClockMakesASearchFinite) {
  const auto black_clock = std::get<engine::SearchLimits>(parse("go btime 100"));
  EXPECT_FALSE(black_clock.finite(0));
  EXPECT_TRUE(black_clock.finite(1));
  const auto white_clock = std::get<engine::SearchLimits>(parse("go wtime 100 binc 5"));
  EXPECT_TRUE(white_clock.finite(0));
  EXPECT_FALSE(white_clock.finite(1));
  // The same answer as the time manager: a deadline exactly when finite by the clock.
  for (const int side : {0, 1}) {
    EXPECT_EQ(black_clock.finite(side), engine::allocate_time(black_clock, side).has_value());
    EXPECT_EQ(white_clock.finite(side), engine::allocate_time(white_clock, side).has_value());
  }
}

TEST(GoCommand, NegativeClockMeansZero) {
  const auto parsed = parse("go wtime -15 btime 100");
  ASSERT_TRUE(std::holds_alternative<engine::SearchLimits>(parsed));
  EXPECT_EQ(std::get<engine::SearchLimits>(parsed).time[0], 0ms);
}

TEST(GoCommand, RejectsBadNumbersAndWords) {
  for (const auto* line : {"go depth", "go depth abc", "go depth -3", "go depth 0", "go nodes x",
                           "go movetime -1", "go movestogo 0", "go depth 3x",
                           "go depth 99999999999999999999", "go sideways", "go infinite depth"}) {
    const auto parsed = parse(line);
    ASSERT_TRUE(std::holds_alternative<std::string>(parsed)) << line;
    EXPECT_FALSE(std::get<std::string>(parsed).empty());
  }
  EXPECT_EQ(std::get<std::string>(parse("go depth abc")), "go depth: 'abc' is not an integer");
  EXPECT_EQ(std::get<std::string>(parse("go sideways")), "unknown go parameter 'sideways'");
}

TEST(GoCommand, HugeNumbersAreOutOfRangeNotMalformed) {
  EXPECT_EQ(std::get<std::string>(parse("go depth 99999999999999999999")),
            "go depth: '99999999999999999999' is out of range");
  EXPECT_EQ(std::get<std::string>(parse("go wtime -99999999999999999999")),
            "go wtime: '-99999999999999999999' is out of range");
  EXPECT_EQ(std::get<std::string>(parse("go nodes 1e5")), "go nodes: '1e5' is not an integer");
  EXPECT_EQ(std::get<std::string>(parse("go nodes -")), "go nodes: '-' is not an integer");
}

TEST(ClientText, ExcerptsAreShortAndPrintable) {
  EXPECT_EQ(quoted_excerpt("e2e4"), "'e2e4'");
  EXPECT_EQ(printable_excerpt(std::string("a\0b\xff\n", 5)), "a\\x00b\\xff\\x0a");
  const std::string sixty(60, 'x');
  EXPECT_EQ(printable_excerpt(sixty), sixty);  // exactly the limit: not cut
  EXPECT_EQ(printable_excerpt(sixty + "y"), sixty + "...");
  EXPECT_EQ(printable_excerpt(std::string(58, 'x') + '\x01'), std::string(58, 'x') + "...");
  EXPECT_EQ(quoted_excerpt(std::string(1 << 20, 'z')), "'" + std::string(60, 'z') + "...'");
}

TEST(Tokens, SplitsAndJoins) {
  const auto words = split_words("  position \t fen  X../... moves 1 ");
  ASSERT_EQ(words.size(), 5u);
  EXPECT_EQ(words[2], "X../...");
  EXPECT_EQ(join_words(words, 1, 3), "fen X../...");
  EXPECT_TRUE(equals_ignoring_case("Hash", "hASH"));
  EXPECT_FALSE(equals_ignoring_case("Hash", "Has"));
  EXPECT_EQ(parse_integer<int>("42"), 42);
  EXPECT_FALSE(parse_integer<int>("4 2"));
  EXPECT_FALSE(parse_integer<int>(""));
  EXPECT_TRUE(is_integer_text("-123456789012345678901234567890"));
  EXPECT_FALSE(is_integer_text("12a"));
  EXPECT_FALSE(is_integer_text(""));
}

}  // namespace
}  // namespace brudno::protocol
