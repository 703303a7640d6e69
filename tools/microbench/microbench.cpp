// Micro-benchmarks of the hot paths: move generation and play/undo, the
// transposition table, and whole searches small enough to repeat. Run with
// build/release/brudno-microbench; docs/benchmarks.md records the figures.

#include <benchmark/benchmark.h>

#include <atomic>
#include <optional>
#include <random>

#include "engine/alphabeta.hpp"
#include "engine/perft.hpp"
#include "engine/solver.hpp"
#include "engine/transposition_table.hpp"
#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace {

using brudno::engine::MoveList;
using brudno::games::ConnectFour;

// Connect Four perft to depth 6: legal_moves, play, undo and status.
void ConnectFourPerft6(benchmark::State& state) {
  auto position = ConnectFour::start_position();
  std::uint64_t leaves = 0;
  for (auto _ : state) benchmark::DoNotOptimize(leaves = brudno::engine::perft(position, 6));
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(leaves),
                                                 benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(ConnectFourPerft6)->Unit(benchmark::kMillisecond);

void TableStoreThenProbe(benchmark::State& state) {
  brudno::engine::TranspositionTable table(64);
  std::mt19937_64 random(1);
  std::vector<std::uint64_t> keys(1 << 16);
  for (auto& key : keys) key = random();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto key = keys[i++ & (keys.size() - 1)];
    table.store(key, {7, 3, brudno::engine::Bound::kExact, std::uint16_t{2}});
    benchmark::DoNotOptimize(table.probe(key ^ 0x9e3779b97f4a7c15ULL));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(TableStoreThenProbe);

void TicTacToeFullAlphaBeta(benchmark::State& state) {
  for (auto _ : state) {
    auto position = brudno::games::TicTacToe::start_position();
    benchmark::DoNotOptimize(
        brudno::engine::alphabeta(position, 9, -brudno::engine::kWin, brudno::engine::kWin));
  }
}
BENCHMARK(TicTacToeFullAlphaBeta)->Unit(benchmark::kMicrosecond);

// A strong solve of a published L2_R2 position (the first line of Test_L2_R2) from an empty table.
void ConnectFourSolveMidgame(benchmark::State& state) {
  const auto position = ConnectFour::parse("274552224131661");
  brudno::engine::TranspositionTable table(16);
  const std::atomic<bool> stop{false};
  const brudno::engine::AbortPolicy never(stop, std::nullopt);
  brudno::engine::Solver<ConnectFour> solver(table, never, 1);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    table.clear();
    state.ResumeTiming();
    nodes =
        solver.solve(*position, false, brudno::engine::Solver<ConnectFour>::Line::kNotWanted).nodes;
  }
  state.counters["nodes"] = static_cast<double>(nodes);
}
BENCHMARK(ConnectFourSolveMidgame)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
