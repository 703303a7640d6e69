// Micro-benchmarks of the hot paths: move generation and play/undo, the
// transposition table, and whole searches small enough to repeat. Run with
// build/release/brudno-microbench; docs/benchmarks.md records the figures.

#include <benchmark/benchmark.h>

#include <atomic>
#include <optional>
#include <random>
#include <vector>

#include "engine/alphabeta.hpp"
#include "engine/perft.hpp"
#include "engine/transposition_table.hpp"
#include "games/chess/chess.hpp"
#include "games/connect4/connect4_search.hpp"
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
  const brudno::engine::StopConditions never(stop, std::nullopt);
  brudno::engine::Solver<ConnectFour> solver(table, never, 1);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    table.clear();
    state.ResumeTiming();
    nodes =
        solver.solve(*position, false, brudno::engine::Solver<ConnectFour>::LineRequest::kNotWanted)
            .nodes;
  }
  state.counters["nodes"] = static_cast<double>(nodes);
}
BENCHMARK(ConnectFourSolveMidgame)->Unit(benchmark::kMillisecond);

// Chess positions from seeded random playouts of the standard perft
// positions: what the evaluation and move-generation benchmarks walk through.
std::vector<brudno::games::Chess> chess_sample() {
  std::mt19937 random(1);
  std::vector<brudno::games::Chess> positions;
  for (const char* fen :
       {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"}) {
    auto game = *brudno::games::Chess::parse(fen);
    for (int ply = 0; ply < 40; ++ply) {
      positions.push_back(game);
      MoveList<brudno::games::Chess::Move> moves;
      game.legal_moves(moves);
      if (moves.empty()) break;
      game.play(moves[random() % moves.size()]);
    }
  }
  return positions;
}

// Chess perft of "Kiwipete" to depth 4 (4,085,603 leaves, the last ply counted in bulk).
void ChessPerftKiwipete4(benchmark::State& state) {
  auto position = *brudno::games::Chess::parse(
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  std::uint64_t leaves = 0;
  for (auto _ : state) benchmark::DoNotOptimize(leaves = brudno::games::perft(position, 4));
  state.counters["leaves/s"] = benchmark::Counter(static_cast<double>(leaves),
                                                  benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(ChessPerftKiwipete4)->Unit(benchmark::kMillisecond);

// One chess evaluation (the whole hand-written evaluation, at sampled positions).
void ChessEvaluate(benchmark::State& state) {
  const auto positions = chess_sample();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(positions[i].evaluate());
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(ChessEvaluate);

// One chess legal move list, at the same positions.
void ChessLegalMoves(benchmark::State& state) {
  const auto positions = chess_sample();
  std::size_t i = 0;
  for (auto _ : state) {
    MoveList<brudno::games::Chess::Move> moves;
    positions[i].legal_moves(moves);
    benchmark::DoNotOptimize(moves.size());
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(ChessLegalMoves);

}  // namespace

BENCHMARK_MAIN();
