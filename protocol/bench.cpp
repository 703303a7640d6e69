#include "protocol/bench.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ostream>
#include <string_view>

#include "engine/search.hpp"
#include "games/connect4/connect4.hpp"
#include "games/synthetic/synthetic.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "protocol/info_format.hpp"

namespace brudno::protocol {
namespace {

struct BenchPosition {
  std::string_view text;
  int depth;
};

constexpr BenchPosition kTicTacToe[] = {
    {".../.../...", 9},
    {"O../.X./...", 9},
    {"OX./.../...", 8},
    {"O.X/.../...", 8},
};

// The start, an opening, and the first positions of the L1_R2 and L2_R2 sets.
constexpr BenchPosition kConnectFour[] = {
    {"", 14},
    {"4453", 16},
    {"32751571231557", 16},
    {"274552224131661", 18},
};

constexpr BenchPosition kSynthetic[] = {
    {"4 14 3 random", 14}, {"6 11 5 random", 11}, {"3 20 11 random", 20},
    {"8 9 2 random", 9},   {"12 8 4 random", 8},
};

template <engine::Game G, std::size_t N>
void bench_game(const BenchPosition (&positions)[N], int threads, std::ostream& out,
                BenchTotals& totals) {
  engine::TranspositionTable table(16);
  const std::atomic<bool> stop{false};
  for (const auto& [text, depth] : positions) {
    table.clear(threads);
    const auto position = G::parse(text);
    engine::SearchLimits limits;
    limits.depth = depth;
    engine::SearchSettings settings;
    settings.threads = threads;
    engine::Search<G> search(table, settings);
    const auto start = std::chrono::steady_clock::now();
    const auto result = search.run(*position, limits, stop);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    totals.nodes += result.nodes;
    totals.milliseconds += static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count());
    out << G::kName << " '" << text << "' depth " << depth << ": score "
        << format_score(result.score) << ", nodes " << result.nodes << ", "
        << std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count() << " ms\n";
  }
}

}  // namespace

BenchTotals run_bench(std::ostream& out, int threads) {
  BenchTotals totals;
  bench_game<games::TicTacToe>(kTicTacToe, threads, out, totals);
  bench_game<games::ConnectFour>(kConnectFour, threads, out, totals);
  bench_game<games::SyntheticTree>(kSynthetic, threads, out, totals);
  out << "Threads         : " << threads << '\n';
  out << "Total time (ms) : " << totals.milliseconds << '\n';
  out << "Nodes searched  : " << totals.nodes << '\n';
  out << "Nodes/second    : "
      << totals.nodes * 1000 / std::max<std::uint64_t>(totals.milliseconds, 1) << '\n';
  return totals;
}

}  // namespace brudno::protocol
