// What a session keeps from one `go` to the next: its search thread and its
// threads' arena, made once, and what its searches learnt about move
// ordering, kept until ucinewgame or Clear Hash.

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>

#include "engine/search_memory.hpp"
#include "protocol/search_thread.hpp"
#include "protocol/uci_session.hpp"
#include "tests/protocol/capture_sink.hpp"

namespace brudno::protocol {
namespace {

using testing::CaptureSink;

constexpr const char* kKiwipete =
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// The threads of this process, as the system counts them.
long os_threads() {
  long count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/task"))
    ++count;
  return count;
}

// Searches `position` to `depth` and returns the nodes of the last
// iteration's report.
std::uint64_t search_nodes(UciSession& session, CaptureSink& out, const std::string& position,
                           int depth) {
  out.clear();
  session.handle_line(position);
  session.handle_line("go depth " + std::to_string(depth));
  EXPECT_TRUE(out.wait_for("bestmove ")) << position;
  std::uint64_t nodes = 0;
  for (const auto& line : out.lines()) {
    std::istringstream words(line);
    std::string word;
    while (words >> word) {
      if (word == "nodes") words >> nodes;
    }
  }
  EXPECT_GT(nodes, 0u) << position;
  return nodes;
}

TEST(SearchState, AGoMakesNoThreadOrArenaOnceThePoolExists) {
  if (std::thread::hardware_concurrency() < 2)
    GTEST_SKIP() << "a session offers one thread a core, and this machine has one";
  CaptureSink out;
  UciSession session(out);
  session.handle_line("setoption name Threads value 2");
  search_nodes(session, out, "position startpos", 6);
  const long threads = SearchThread::threads_made();
  const long arenas = engine::SearchMemory::arenas_made();
  const long running = os_threads();
  for (const char* position : {"position startpos moves e2e4", kKiwipete,
                               "position startpos moves d2d4 d7d5", "position startpos"}) {
    search_nodes(session, out, position, 6);
  }
  EXPECT_EQ(SearchThread::threads_made(), threads);
  EXPECT_EQ(engine::SearchMemory::arenas_made(), arenas);
  EXPECT_EQ(os_threads(), running);
  // One thread needs no arena, and the one there is stays for the next
  // search on two.
  session.handle_line("setoption name Threads value 1");
  search_nodes(session, out, kKiwipete, 5);
  session.handle_line("setoption name Threads value 2");
  search_nodes(session, out, kKiwipete, 5);
  EXPECT_EQ(SearchThread::threads_made(), threads);
  EXPECT_EQ(engine::SearchMemory::arenas_made(), arenas);
}

TEST(SearchState, HistoriesCarryOverToTheNextMoveUntilANewGame) {
  CaptureSink out;
  UciSession session(out);
  const std::uint64_t fresh = search_nodes(session, out, kKiwipete, 7);
  search_nodes(session, out, "position startpos moves e2e4 e7e5 g1f3", 7);
  // A new table (another size, then back): only the searches' memory remains.
  session.handle_line("setoption name Hash value 1");
  session.handle_line("setoption name Hash value 16");
  EXPECT_NE(search_nodes(session, out, kKiwipete, 7), fresh)
      << "the second search of the same position orders by what the others learnt";
  session.handle_line("ucinewgame");
  EXPECT_EQ(search_nodes(session, out, kKiwipete, 7), fresh) << "ucinewgame forgets it";
  search_nodes(session, out, "position startpos moves e2e4 e7e5 g1f3", 7);
  session.handle_line("setoption name Clear Hash");
  EXPECT_EQ(search_nodes(session, out, kKiwipete, 7), fresh) << "Clear Hash forgets it";
}

}  // namespace
}  // namespace brudno::protocol
