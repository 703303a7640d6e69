#include "protocol/go_command.hpp"

#include <gtest/gtest.h>

#include "engine/score.hpp"
#include "engine/time_manager.hpp"
#include "protocol/client_text.hpp"
#include "protocol/tokens.hpp"

namespace brudno::protocol {
namespace {

using namespace std::chrono_literals;

GoCommand parse_command(std::string_view line) {
  return parse_go(split_words(line));
}

engine::SearchLimits parse(std::string_view line) {
  const auto command = parse_command(line);
  EXPECT_TRUE(command.problems.empty()) << line << ": " << command.problems.front();
  return command.limits;
}

TEST(GoCommand, ReadsEveryLimit) {
  const auto limits = parse(
      "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 99 movetime 300 mate 3");
  EXPECT_EQ(limits.time[0], 1000ms);
  EXPECT_EQ(limits.time[1], 2000ms);
  EXPECT_EQ(limits.increment[0], 10ms);
  EXPECT_EQ(limits.increment[1], 20ms);
  EXPECT_EQ(limits.moves_to_go, 5);
  EXPECT_EQ(limits.depth, 7);
  EXPECT_EQ(limits.nodes, 99u);
  EXPECT_EQ(limits.movetime, 300ms);
  EXPECT_EQ(limits.mate, 3);
  EXPECT_FALSE(limits.infinite);
  EXPECT_TRUE(limits.finite(0));
  EXPECT_TRUE(limits.finite(1));
}

TEST(GoCommand, InfiniteAndBareGoAreNotFinite) {
  EXPECT_TRUE((parse("go infinite")).infinite);
  EXPECT_FALSE((parse("go infinite")).finite(0));
  EXPECT_FALSE((parse("go")).finite(0));
}

// The clock that limits a search is the mover's: the opponent's alone sets no
// deadline, so such a search is not finite for the one that moves.
TEST(GoCommand, OnlyTheMoversClockMakesASearchFinite) {
  const auto black_clock = (parse("go btime 100"));
  EXPECT_FALSE(black_clock.finite(0));
  EXPECT_TRUE(black_clock.finite(1));
  const auto white_clock = (parse("go wtime 100 binc 5"));
  EXPECT_TRUE(white_clock.finite(0));
  EXPECT_FALSE(white_clock.finite(1));
  // The same answer as the time manager: a deadline exactly when finite by the clock.
  for (const int side : {0, 1}) {
    EXPECT_EQ(black_clock.finite(side), engine::allocate_time(black_clock, side).has_value());
    EXPECT_EQ(white_clock.finite(side), engine::allocate_time(white_clock, side).has_value());
  }
}

TEST(GoCommand, NegativeClockMeansZero) {
  EXPECT_EQ(parse("go wtime -15 btime 100").time[0], 0ms);
}

// Issue 13: `go wtime 9223372036854775807 movestogo 1` overflowed the time
// arithmetic. Clocks are clamped at the protocol's edge.
TEST(GoCommand, ClocksAreClampedToTheDocumentedRange) {
  const auto limits = parse(
      "go wtime 9223372036854775807 btime 99999999999999999999 winc -99999999999999999999 binc "
      "5000000000000");
  EXPECT_EQ(limits.time[0], engine::kMaxClock);
  EXPECT_EQ(limits.time[1], engine::kMaxClock);
  EXPECT_EQ(limits.increment[0], 0ms);
  EXPECT_EQ(limits.increment[1], engine::kMaxClock);
  EXPECT_EQ(parse("go movetime 99999999999").movetime, engine::kMaxClock);
  EXPECT_EQ(parse("go depth 100000").depth, engine::kMaxPly);
  EXPECT_EQ(parse("go mate 100000").mate, engine::kMaxPly / 2);
}

// Issue 13: an unknown token, searchmoves and mate got an error and no
// search, so a GUI waiting for bestmove hung. UCI: unknown tokens are ignored.
TEST(GoCommand, UnknownTokensAreReportedAndSkipped) {
  const auto command = parse_command("go sideways depth 3 wobble");
  EXPECT_EQ(command.limits.depth, 3);
  ASSERT_EQ(command.problems.size(), 2u);
  EXPECT_EQ(command.problems[0], "warning: unknown go parameter 'sideways'; ignored");
  EXPECT_EQ(command.problems[1], "warning: unknown go parameter 'wobble'; ignored");
}

TEST(GoCommand, SearchmovesTakesTheWordsUpToTheNextParameter) {
  const auto command = parse_command("go searchmoves e2e4 d2d4 x depth 5 searchmoves g1f3");
  EXPECT_TRUE(command.problems.empty());
  EXPECT_EQ(command.limits.depth, 5);
  const std::vector<std::string_view> expected = {"e2e4", "d2d4", "x", "g1f3"};
  EXPECT_EQ(command.search_moves, expected);
  EXPECT_TRUE(parse_command("go searchmoves").search_moves.empty());
}

TEST(GoCommand, BadValuesAreIgnoredWithAReason) {
  for (const auto* line :
       {"go depth", "go depth abc", "go depth -3", "go depth 0", "go nodes x", "go movetime -1",
        "go movestogo 0", "go depth 3x", "go mate 0", "go depth 99999999999999999999",
        "go infinite depth", "go nodes -", "go nodes 0"}) {
    const auto command = parse_command(line);
    ASSERT_FALSE(command.problems.empty()) << line;
    EXPECT_TRUE(command.problems.front().starts_with("error: go ")) << command.problems.front();
  }
  EXPECT_EQ(parse_command("go depth abc movetime 50").problems,
            std::vector<std::string>{"error: go depth: 'abc' is not an integer; ignored"});
  EXPECT_EQ(
      parse_command("go depth 99999999999999999999 nodes 5").problems,
      std::vector<std::string>{"error: go depth: '99999999999999999999' is out of range; ignored"});
  EXPECT_EQ(parse_command("go nodes 1e5 depth 2").problems,
            std::vector<std::string>{"error: go nodes: '1e5' is not an integer; ignored"});
}

// The mover's clock missing or unreadable while the client plays with
// clocks: read as 0 ms, not as no limit at all.
TEST(GoCommand, AMissingClockForTheMoverIsZero) {
  for (const char* line : {"go wtime 1000.5 btime 1000 winc 10 binc 10", "go wtime abc btime 1000",
                           "go btime 1000 binc 10", "go winc 10"}) {
    auto command = parse_command(line);
    EXPECT_FALSE(command.limits.finite(0)) << line;
    settle_missing_clock(command, 0);
    EXPECT_EQ(command.limits.time[0], engine::Milliseconds{0}) << line;
    EXPECT_EQ(command.problems.back(),
              "warning: no valid wtime for the side to move; searching as with 0 ms left");
  }
  // Nothing changes when the mover's clock is there, or another limit bounds
  // the search, or no clock was sent at all.
  for (const char* line :
       {"go wtime 1000", "go btime 1000 depth 5", "go btime 1000 movetime 50",
        "go btime 1000 nodes 100", "go btime 1000 infinite", "go infinite", "go depth 3", "go"}) {
    auto command = parse_command(line);
    const auto before = command.limits.time[0];
    const auto problems = command.problems.size();
    settle_missing_clock(command, 0);
    EXPECT_EQ(command.limits.time[0], before) << line;
    EXPECT_EQ(command.problems.size(), problems) << line;
  }
  auto black = parse_command("go wtime 1000");
  settle_missing_clock(black, 1);
  EXPECT_EQ(black.limits.time[1], engine::Milliseconds{0});
}

// A bounded search whose bound was malformed would wait for a stop that a
// client expecting it to end never sends: it searches to depth 1 instead.
TEST(GoCommand, ABoundLostToABadValueBecomesDepthOne) {
  const auto command = parse_command("go depth abc");
  EXPECT_EQ(command.limits.depth, 1);
  EXPECT_EQ(command.problems.back(), "warning: no valid limit left; searching to depth 1");
  EXPECT_FALSE(parse_command("go infinite depth x").limits.depth);
  EXPECT_FALSE(parse_command("go wobble").limits.finite(0)) << "nothing was bounded";
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
