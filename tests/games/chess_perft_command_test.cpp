// `brudno perft`: Stockfish's divided output, and clear refusals of bad arguments.

#include <gtest/gtest.h>

#include <sstream>

#include "tools/command.hpp"

namespace brudno::tools {
namespace {

struct PerftRun {
  int status;
  std::string out;
  std::string err;
};

PerftRun perft(const Arguments& args) {
  std::ostringstream out;
  std::ostringstream err;
  const int status = run_perft(args, out, err);
  return {status, out.str(), err.str()};
}

TEST(PerftCommand, PrintsEachMoveThenTheTotal) {
  const PerftRun run = perft({"--depth", "3"});
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("e2e4: 600\n"), std::string::npos);
  EXPECT_NE(run.out.find("g1f3: 440\n"), std::string::npos);
  EXPECT_EQ(run.out.substr(run.out.size() - 22), "\nNodes searched: 8902\n");
  const PerftRun kiwipete =
      perft({"--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "--depth", "2"});
  EXPECT_EQ(kiwipete.status, 0);
  EXPECT_NE(kiwipete.out.find("e1g1: 43\n"), std::string::npos);
  EXPECT_NE(kiwipete.out.find("\nNodes searched: 2039\n"), std::string::npos);
}

TEST(PerftCommand, RefusesBadArguments) {
  for (const Arguments& args : std::vector<Arguments>{{},
                                                      {"--depth", "0"},
                                                      {"--depth", "16"},
                                                      {"--depth", "two"},
                                                      {"--depth", "2", "--fen", "8/8 w - - 0 1"},
                                                      {"--depth", "2", "--colour", "white"}}) {
    const PerftRun run = perft(args);
    EXPECT_EQ(run.status, 2) << (args.empty() ? "" : args[0]);
    EXPECT_TRUE(run.out.empty());
    EXPECT_NE(run.err.find("brudno: "), std::string::npos);
  }
  const PerftRun bad_fen = perft({"--depth", "1", "--fen", "4k3/8/8/8/8/8/8/4K1K1 w - - 0 1"});
  EXPECT_NE(bad_fen.err.find("white has 2 kings"), std::string::npos);
  const PerftRun help = perft({"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("Usage: brudno perft"), std::string::npos);
}

}  // namespace
}  // namespace brudno::tools
