#include "tools/bench_command.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>

#include "engine/search.hpp"
#include "engine/search_memory.hpp"
#include "games/chess/chess.hpp"
#include "games/chess/eval/nnue/active_network.hpp"
#include "games/chess/eval/nnue/simd.hpp"
#include "games/connect4/connect4.hpp"
#include "games/synthetic/synthetic.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "protocol/game_searches.hpp"
#include "protocol/info_format.hpp"
#include "protocol/tokens.hpp"
#include "tools/command.hpp"

namespace brudno::tools {
namespace {

struct BenchPosition {
  std::string_view text;
  int depth;
};

// The start, and four of the standard perft positions: castling, en
// passant, promotions, pins and a rook endgame.
constexpr BenchPosition kChess[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 10},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 10},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 10},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 10},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 10},
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

// Chess positions are evaluated by `chess_network` (by hand when null).
template <engine::Game G, std::size_t N>
void bench_game(const BenchPosition (&positions)[N], int threads, std::ostream& out,
                BenchTotals& totals, const games::chess::nnue::Network* chess_network = nullptr) {
  engine::TranspositionTable table(16);
  // Each position starts as a new game does (ucinewgame): the table and the
  // search's memory cleared, not made anew, as a session keeps both.
  engine::SearchMemory memory;
  const std::atomic<bool> stop{false};
  for (const auto& [text, depth] : positions) {
    table.clear(threads);
    memory.clear();
    auto position = G::parse(text);
    if constexpr (std::is_same_v<G, games::Chess>) position->set_network(chess_network);
    engine::SearchLimits limits;
    limits.depth = depth;
    engine::SearchSettings settings;
    settings.threads = threads;
    engine::Search<G> search(table, settings, &memory);
    const auto start = std::chrono::steady_clock::now();
    const auto result = search.run(*position, limits, stop);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    totals.nodes += result.nodes;
    totals.milliseconds += static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count());
    out << G::kName << " '" << text << "' depth " << depth << ": score "
        << protocol::format_score(result.score) << ", nodes " << result.nodes << ", "
        << std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count() << " ms\n";
  }
}

constexpr const char* kBenchHelp = R"(Usage: brudno bench [N] [--nnue FILE | --hce]
Searches a fixed set of positions at N threads (1 to the hardware threads,
default 1). The last two lines are the total nodes (at one thread: the bench
signature) and the nodes per second. Chess is evaluated as the engine
evaluates it by default, by the network built in; --nnue FILE evaluates it
by the network file FILE (EvalFile), --hce by the hand-written evaluation
(Use NNUE false).
)";

}  // namespace

int run_bench_command(const Arguments& args, std::ostream& out, std::ostream& err) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    out << kBenchHelp;
    return 0;
  }
  int threads = 1;
  Arguments rest = args;
  // Chess is evaluated as the engine evaluates it by default, by the
  // built-in network; --nnue FILE by another, --hce by hand.
  const games::chess::nnue::Network* network = &games::chess::nnue::embedded_network();
  if (const auto hce = std::find(rest.begin(), rest.end(), "--hce"); hce != rest.end()) {
    network = nullptr;
    rest.erase(hce);
  }
  const auto nnue = std::find(rest.begin(), rest.end(), "--nnue");
  if (nnue != rest.end()) {
    const auto file = nnue + 1;
    const bool has_file = file != rest.end() && !protocol::parse_integer<int>(*file);
    if (!network) {
      err << "brudno: bench: give --nnue or --hce, not both\n";
      return 2;
    }
    if (has_file) {
      const auto loaded = games::chess::nnue::load_network(std::string(*file));
      if (!loaded.network) {
        err << "brudno: bench: " << loaded.fault << '\n';
        return 2;
      }
      network = loaded.network;
    }
    rest.erase(nnue, has_file ? file + 1 : file);
  }
  if (!rest.empty()) {
    const auto parsed = protocol::parse_integer<int>(rest[0]);
    const int most = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (rest.size() > 1 || !parsed || *parsed < 1 || *parsed > most) {
      err << "brudno: bench takes the threads from 1 to " << most
          << ", and --nnue [FILE] or --hce\n";
      return 2;
    }
    threads = *parsed;
  }
  if (network) {
    out << "chess evaluated by network " << network->name << " ("
        << games::chess::nnue::network_shape(*network) << ", "
        << games::chess::nnue::simd_path_name(games::chess::nnue::engine_simd_path()) << ")\n";
  } else {
    out << "chess evaluated by hand\n";
  }
  run_bench(out, threads, network);
  return 0;
}

BenchTotals run_bench(std::ostream& out, int threads,
                      const games::chess::nnue::Network* chess_network) {
  BenchTotals totals;
  bench_game<games::Chess>(kChess, threads, out, totals, chess_network);
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

}  // namespace brudno::tools
