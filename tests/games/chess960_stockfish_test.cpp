// Perft of Chess960 start positions against Stockfish's `go perft` in its
// Chess960 mode: a sample of 53 of the 960 (every 19th from 0, and 518 and
// 959) at depth 5. Skips when there is no Stockfish (tools/setup.sh
// installs it; STOCKFISH names another binary).

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "games/chess/rules/chess960.hpp"
#include "tests/sanitized_build.hpp"

namespace brudno::games {
namespace {

// The sanitizer builds run several times slower.
constexpr int kDepth = brudno::test_build::kSanitized ? 4 : 5;

std::string stockfish_path() {
  const char* chosen = std::getenv("STOCKFISH");
  return chosen != nullptr ? chosen : "/usr/games/stockfish";
}

std::vector<int> sample() {
  std::vector<int> numbers;
  for (int number = 0; number < chess::kChess960Positions; number += 19) numbers.push_back(number);
  numbers.push_back(chess::kStandardChess960Number);
  numbers.push_back(chess::kChess960Positions - 1);
  return numbers;
}

// Stockfish's "Nodes searched" for each FEN, in order; empty when it could not be run.
std::vector<std::uint64_t> stockfish_perft(const std::vector<std::string>& fens, int depth) {
  char script[] = "/tmp/brudno_chess960_XXXXXX";
  const int descriptor = mkstemp(script);
  if (descriptor < 0) return {};
  close(descriptor);
  {
    std::ofstream commands(script);
    commands << "uci\nsetoption name UCI_Chess960 value true\n";
    for (const auto& fen : fens)
      commands << "position fen " << fen << "\ngo perft " << depth << '\n';
    commands << "quit\n";
  }
  const std::string command = stockfish_path() + " < " + script + " 2>/dev/null";
  std::vector<std::uint64_t> counts;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char line[512];
    const std::string marker = "Nodes searched: ";
    while (std::fgets(line, sizeof line, pipe) != nullptr) {
      const std::string text(line);
      if (text.rfind(marker, 0) == 0) counts.push_back(std::stoull(text.substr(marker.size())));
    }
    pclose(pipe);
  }
  std::remove(script);
  return counts;
}

TEST(Chess960Stockfish, StartPositionPerftAgrees) {
  if (access(stockfish_path().c_str(), X_OK) != 0)
    GTEST_SKIP() << "no Stockfish at " << stockfish_path()
                 << " (apt-get install stockfish, or set STOCKFISH)";
  const std::vector<int> numbers = sample();
  ASSERT_GE(numbers.size(), 50u);
  std::vector<std::string> fens;
  for (const int number : numbers) fens.push_back(chess::chess960_start_fen(number));
  const auto expected = stockfish_perft(fens, kDepth);
  ASSERT_EQ(expected.size(), fens.size()) << "Stockfish did not count every position";
  for (std::size_t i = 0; i < fens.size(); ++i) {
    std::string error;
    auto position = Chess::parse(fens[i], error, true);
    ASSERT_TRUE(position) << fens[i] << ": " << error;
    EXPECT_EQ(perft(*position, kDepth), expected[i])
        << "start position " << numbers[i] << ": " << fens[i];
  }
}

}  // namespace
}  // namespace brudno::games
