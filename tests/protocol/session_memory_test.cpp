// A session's memory in the books: its table, a puzzle search's states and
// the mate search's tables held within the session's budget and the
// server's total, and given back; a puzzle search that reaches either stops
// saying so, with its one bestmove.

#include "protocol/session_memory.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "protocol/mate_memory.hpp"
#include "protocol/uci_session.hpp"
#include "tests/protocol/capture_sink.hpp"

namespace brudno::protocol {
namespace {

using testing::CaptureSink;

// Korf's first instance: 57 moves, far beyond what a breadth-first search
// reaches in a few megabytes.
constexpr const char* kHardInstance = "position fen 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

// The server's total, as HashBudget keeps it, and the most it ever held.
struct ServerTotal {
  std::size_t cap;
  std::size_t used = 0;
  std::size_t most = 0;
  SessionMemory::ServerTotal books() {
    return [this](std::size_t from, std::size_t to) {
      if (to > from && used + (to - from) > cap) return false;
      used = used - from + to;
      most = std::max(most, used);
      return true;
    };
  }
};

SessionLimits limits_of(std::size_t budget, ServerTotal& total) {
  SessionLimits limits;
  limits.memory_budget_megabytes = budget;
  limits.reserve_hash = total.books();
  return limits;
}

void start_bfs(UciSession& session) {
  session.handle_line("setoption name Game value 15puzzle");
  session.handle_line("setoption name Algorithm value bfs");
  session.handle_line(kHardInstance);
  session.handle_line("go");
}

TEST(SessionMemory, ChargesTheSessionAndTheServerTogether) {
  ServerTotal total{10};
  SessionMemory books(6, total.books());
  EXPECT_EQ(books.reserve(4), SessionMemory::Refusal::kNone);
  EXPECT_EQ(books.change(4, 7), SessionMemory::Refusal::kSession);
  EXPECT_EQ(books.used(), 4u);
  EXPECT_EQ(total.used, 4u);
  SessionMemory other(8, total.books());
  EXPECT_EQ(other.reserve(7), SessionMemory::Refusal::kServer);  // 4 + 7 > 10
  EXPECT_EQ(other.used(), 0u);
  EXPECT_EQ(other.reserve(6), SessionMemory::Refusal::kNone);
  books.release(4);
  other.release(6);
  EXPECT_EQ(total.used, 0u);
  EXPECT_EQ(books.left(), 6u);
}

// The breadth-first search of a hard 15-puzzle grows until the session's
// budget (8 MB here) holds no more: it stops there by itself, says why,
// answers its one bestmove, and gives every megabyte back.
TEST(SessionMemory, ABreadthFirstPuzzleStopsAtTheSessionsBudget) {
  ServerTotal total{1024};
  CaptureSink out;
  UciSession session(out, limits_of(8, total));
  start_bfs(session);
  ASSERT_TRUE(out.wait_for("bestmove", 1, std::chrono::seconds(120)));
  session.wait_for_job();
  EXPECT_EQ(out.count_prefix("info string the search stopped at the session's memory limit: "),
            1u);
  EXPECT_EQ(out.count_prefix("info string stopped before a plan was found nodes "), 1u);
  EXPECT_EQ(out.count_prefix("bestmove"), 1u);
  EXPECT_EQ(out.lines().back(), "bestmove (none)");
  EXPECT_LE(total.most, 8u);
  EXPECT_GE(total.most, 4u);  // it used its budget, not a sliver of it
  EXPECT_EQ(total.used, 0u);
  // A puzzle takes no table: the session holds nothing between searches.
  EXPECT_EQ(session.hash_megabytes(), 0u);
  session.handle_line("isready");
  EXPECT_EQ(out.lines().back(), "readyok");
}

// The server's total is reached first: the search says that one.
TEST(SessionMemory, APuzzleSearchStopsAtTheServersTotal) {
  ServerTotal total{5};
  CaptureSink out;
  UciSession session(out, limits_of(256, total));
  start_bfs(session);
  ASSERT_TRUE(out.wait_for("bestmove", 1, std::chrono::seconds(120)));
  session.wait_for_job();
  EXPECT_EQ(out.count_prefix("info string the search stopped at the server's memory limit: "), 1u);
  EXPECT_EQ(out.lines().back(), "bestmove (none)");
  EXPECT_LE(total.most, 5u);
  EXPECT_EQ(total.used, 0u);
}

// Under a budget large enough that it runs a while, `stop` ends the search
// at once: one bestmove, no memory line, the books empty again.
TEST(SessionMemory, StopEndsABreadthFirstPuzzleUnderABudget) {
  ServerTotal total{1024};
  CaptureSink out;
  UciSession session(out, limits_of(256, total));
  start_bfs(session);
  session.handle_line("stop");
  ASSERT_TRUE(out.wait_for("bestmove", 1, std::chrono::seconds(60)));
  session.wait_for_job();
  EXPECT_EQ(out.count_prefix("bestmove"), 1u);
  EXPECT_EQ(out.lines().back(), "bestmove (none)");
  EXPECT_EQ(out.count_prefix("info string the search stopped at"), 0u);
  EXPECT_EQ(total.used, 0u);
}

// On standard input nothing is counted: no grant, no line, as before.
TEST(SessionMemory, WithoutABudgetNothingIsCounted) {
  SessionMemory books(0, nullptr);
  EXPECT_FALSE(books.bounded());
  EXPECT_EQ(books.reserve(1u << 20), SessionMemory::Refusal::kNone);
  const auto tables = reserve_mate_tables(nullptr, 2);
  EXPECT_EQ(tables.megabytes, kMateTableMegabytes);
  EXPECT_EQ(tables.held, nullptr);
}

// The mate search's tables take what the budget leaves, down to 1 MB, and
// give it back when let go.
TEST(SessionMemory, MateTablesShrinkToTheRoomLeft) {
  ServerTotal total{1024};
  SessionMemory books(100, total.books());
  ASSERT_EQ(books.reserve(60), SessionMemory::Refusal::kNone);
  {
    const auto tables = reserve_mate_tables(&books, 1);  // 64 MB would be charged 96
    EXPECT_EQ(tables.megabytes, 16u);                    // 32 would be 48: 40 are left
    EXPECT_EQ(books.used(), 60u + 24u);
  }
  EXPECT_EQ(books.used(), 60u);
  ASSERT_EQ(books.change(60, 100), SessionMemory::Refusal::kNone);
  EXPECT_EQ(reserve_mate_tables(&books, 1).megabytes, 0u);
}

// A chess session's `go mate` under a budget: its kept table is charged
// while kept, and a Hash the client asks for that does not fit beside it
// lets it go.
TEST(SessionMemory, AHashComesBeforeTheKeptMateTable) {
  ServerTotal total{1024};
  CaptureSink out;
  UciSession session(out, limits_of(128, total));
  session.handle_line("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  session.handle_line("go mate 1");
  ASSERT_TRUE(out.wait_for("bestmove"));
  session.wait_for_job();
  EXPECT_EQ(out.lines().back().rfind("bestmove d1d8", 0), 0u) << out.lines().back();
  // 16 MB of table and the kept mate table of 64 MB, charged 96; the
  // search's proof-number table (8 MB, the largest the 16 MB left held)
  // went back with the search.
  EXPECT_EQ(total.used, 16u + 96u);
  EXPECT_GE(total.most, 16u + 96u + 12u);
  EXPECT_LE(total.most, 128u);
  session.handle_line("setoption name Hash value 64");
  session.handle_line("isready");
  ASSERT_TRUE(out.wait_for("readyok"));
  EXPECT_EQ(out.count_prefix("info string error"), 0u);
  EXPECT_EQ(total.used, 64u);
}

}  // namespace
}  // namespace brudno::protocol
