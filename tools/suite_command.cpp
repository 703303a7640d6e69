// `brudno suite`: solves every position of a benchmark file with exact scores
// (the published Connect Four sets) and checks each score.

#include <sys/resource.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/game_list.hpp"
#include "protocol/game_searches.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;

template <class G>
concept HasBenchmarkScore = requires(const G& position, engine::Score value) {
  { position.benchmark_score(value) } -> std::convertible_to<int>;
};

struct SuiteOptions {
  std::string file;
  bool weak = false;
  bool verbose = false;
  bool compare = false;  // each position at 1 thread and at `threads`, interleaved
  int threads = 1;
  std::size_t limit = 0;  // 0: every line
  int rounds = 1;         // passes over the positions, with compare
  std::size_t hash = 0;   // MB; 0: the default for the thread count
};

// The table that solves the published sets fastest, by thread count
// (docs/benchmarks.md): one thread runs faster with 16 MB, whose probes miss
// the cache less; two or more gain from 64 MB, where their extra nodes find
// room.
constexpr std::size_t default_hash(int threads) {
  return threads > 1 ? 64 : 16;
}

struct Tally {
  std::size_t positions = 0;
  std::size_t correct = 0;
  std::size_t skipped = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  // With --compare: the same positions at one thread, each solved with a fresh table.
  std::uint64_t single_nodes = 0;
  double single_seconds = 0;
};

int sign(int value) {
  return (value > 0) - (value < 0);
}

struct BenchmarkLine {
  std::string moves;
  int score = 0;
};

// A benchmark line is `[1-7]+ -?[0-9]+`; anything else is reported and skipped.
std::optional<BenchmarkLine> split_benchmark_line(std::string_view line) {
  const auto space = line.find(' ');
  if (space == std::string_view::npos || space == 0) return std::nullopt;
  const std::string_view moves = line.substr(0, space);
  std::string_view score = line.substr(space + 1);
  if (moves.find_first_not_of("1234567") != std::string_view::npos) return std::nullopt;
  const bool negative = score.starts_with('-');
  if (negative) score.remove_prefix(1);
  if (score.empty() || score.size() > 3 ||
      score.find_first_not_of("0123456789") != std::string_view::npos) {
    return std::nullopt;
  }
  int value = 0;
  for (const char digit : score) value = value * 10 + (digit - '0');
  return BenchmarkLine{std::string(moves), negative ? -value : value};
}

long peak_memory_kb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// One line per comparison: the 1-thread and N-thread times, speedup and node overhead.
void print_comparison(std::ostream& out, std::string_view label, const Tally& tally, int threads) {
  out << std::fixed << std::setprecision(3) << label << "1 thread: " << tally.single_seconds
      << " s, " << tally.single_nodes << " nodes; " << threads << " threads: " << tally.seconds
      << " s, " << tally.nodes << " nodes; speedup " << std::setprecision(2)
      << tally.single_seconds / std::max(tally.seconds, 1e-9) << "x, node overhead "
      << static_cast<double>(tally.nodes) /
             std::max<double>(1.0, static_cast<double>(tally.single_nodes))
      << '\n';
}

Tally operator-(Tally later, const Tally& earlier) {
  later.positions -= earlier.positions;
  later.correct -= earlier.correct;
  later.skipped -= earlier.skipped;
  later.nodes -= earlier.nodes;
  later.seconds -= earlier.seconds;
  later.single_nodes -= earlier.single_nodes;
  later.single_seconds -= earlier.single_seconds;
  return later;
}

// Solves benchmark lines one by one, checks their scores and keeps the tally.
template <engine::Game G>
requires HasBenchmarkScore<G> && engine::HasPlyBound<G>
class SuiteRun {
 public:
  SuiteRun(const SuiteOptions& options, std::ostream& out, std::ostream& err)
      : options_(options),
        out_(out),
        err_(err),
        table_(options.hash),
        never_(stop_, std::nullopt),
        solver_(table_, never_, options.threads),
        single_(table_, never_, 1) {}

  void solve_line(std::size_t number, std::string_view line) {
    const auto fields = split_benchmark_line(line);
    if (!fields) {
      err_ << "line " << number << ": not '<moves> <score>': " << line << '\n';
      ++tally_.skipped;
      return;
    }
    const auto& [moves, expected] = *fields;
    const auto position = G::parse(moves);
    if (!position) {
      err_ << "line " << number
           << ": illegal move sequence (a full column, or play after a win): " << moves << '\n';
      ++tally_.skipped;
      return;
    }
    if (position->status() != engine::Status::kOngoing) {
      err_ << "line " << number << ": the game is already over: " << moves << '\n';
      ++tally_.skipped;
      return;
    }
    double single_seconds = 0;
    std::uint64_t single_nodes = 0;
    if (options_.compare) {
      const auto baseline = timed_solve(single_, *position, single_seconds);
      tally_.single_seconds += single_seconds;
      tally_.single_nodes += baseline.nodes;
      single_nodes = baseline.nodes;
    }
    double seconds = 0;
    const auto outcome = timed_solve(solver_, *position, seconds);
    const int got = options_.weak ? sign(outcome.score) : position->benchmark_score(outcome.score);
    const bool right = options_.weak ? got == sign(expected) : got == expected;
    ++tally_.positions;
    tally_.correct += right ? 1 : 0;
    tally_.nodes += outcome.nodes;
    tally_.seconds += seconds;
    if (options_.verbose || !right) {
      auto& stream = right ? out_ : err_;
      stream << moves << ' ' << expected << ' ' << got << ' ' << outcome.nodes << ' ' << std::fixed
             << std::setprecision(1) << seconds * 1e6;
      if (options_.compare) stream << ' ' << single_nodes << ' ' << single_seconds * 1e6;
      stream << (right ? "" : "  WRONG") << '\n';
    }
  }

  [[nodiscard]] const Tally& tally() const { return tally_; }

 private:
  auto timed_solve(engine::Solver<G>& which, const G& position, double& seconds) {
    // Compared runs start from an empty table each, outside the timing.
    if (options_.compare) table_.clear(options_.threads);
    table_.new_search();
    const auto start = std::chrono::steady_clock::now();
    auto outcome = which.solve(position, options_.weak, engine::Solver<G>::Line::kNotWanted);
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return outcome;
  }

  const SuiteOptions& options_;
  std::ostream& out_;
  std::ostream& err_;
  engine::TranspositionTable table_;
  const std::atomic<bool> stop_{false};
  const engine::AbortPolicy never_;
  engine::Solver<G> solver_;
  engine::Solver<G> single_;
  Tally tally_;
};

template <engine::Game G>
requires HasBenchmarkScore<G> && engine::HasPlyBound<G>
int run_suite(const SuiteOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
  std::vector<std::string> lines;
  for (std::string line;
       (options.limit == 0 || lines.size() < options.limit) && std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  if (lines.empty()) {
    err << "brudno: " << options.file << " has no positions\n";
    return 2;
  }
  SuiteRun<G> run(options, out, err);
  // Repeated passes even out a machine whose speed drifts while it runs (a
  // shared virtual machine): each pass alternates the thread counts anew.
  for (int round = 1; round <= options.rounds; ++round) {
    const Tally before = run.tally();
    for (std::size_t i = 0; i < lines.size(); ++i) run.solve_line(i + 1, lines[i]);
    if (options.rounds > 1) {
      print_comparison(out, "round " + std::to_string(round) + ": ", run.tally() - before,
                       options.threads);
    }
  }
  const Tally& tally = run.tally();
  const double count = std::max<double>(1.0, static_cast<double>(tally.positions));
  out << std::fixed;
  out << "positions " << tally.positions << ", correct " << tally.correct << ", wrong "
      << tally.positions - tally.correct << ", skipped " << tally.skipped << '\n';
  out << std::setprecision(1) << "mean " << tally.seconds * 1e6 / count << " us, mean nodes "
      << static_cast<double>(tally.nodes) / count << ", total " << std::setprecision(3)
      << tally.seconds << " s, " << std::setprecision(0) << count / std::max(tally.seconds, 1e-9)
      << " positions/s, " << static_cast<double>(tally.nodes) / std::max(tally.seconds, 1e-9)
      << " nodes/s\n";
  if (options.compare) print_comparison(out, "", tally, options.threads);
  out << "peak memory " << peak_memory_kb() / 1024 << " MB, hash " << options.hash
      << " MB, threads " << options.threads << ", " << (options.weak ? "weak" : "strong") << '\n';
  return tally.correct == tally.positions ? 0 : 1;
}

}  // namespace

int run_suite(const Arguments& args, std::ostream& out, std::ostream& err) {
  po::options_description description(
      "Usage: brudno suite FILE [--game connect4] [--weak] [--threads N] [--limit N] [--verbose]\n"
      "Solves each '<moves> <score>' line of a benchmark file and checks the score;\n"
      "exits 1 if any score is wrong. Malformed lines are reported and skipped");
  SuiteOptions options;
  std::string game;
  Count limit;
  description.add_options()("help,h", "show this help")(
      "game", po::value(&game)->default_value("connect4"), "the game of the positions")(
      "weak", po::bool_switch(&options.weak), "only win, draw or loss (the sign of the score)")(
      "threads", po::value(&options.threads)->default_value(1), "search threads per position")(
      "limit", po::value(&limit)->default_value(Count{0}), "solve only the first N lines (0: all)")(
      "compare", po::bool_switch(&options.compare),
      "solve each position at 1 thread and then at --threads, each from an empty table, and "
      "report the speedup")(
      "rounds", po::value(&options.rounds)->default_value(1),
      "with --compare: pass over the positions this many times, reporting each pass")(
      "hash", po::value<Count>(),
      "transposition table size in MB (default: 16 at one thread, 64 at more, the fastest "
      "measured)")(
      "verbose,v", po::bool_switch(&options.verbose),
      "one line per position: moves expected got nodes microseconds (with --compare, then the "
      "1-thread nodes and microseconds)");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "suite", description, vm, out, err,
                                             PositionalArgument{"file", &options.file})) {
    return *status;
  }
  if (options.file.empty()) {
    err << "brudno: suite needs a FILE\n" << description;
    return 2;
  }
  if (options.rounds < 1 || (options.rounds > 1 && !options.compare)) {
    err << "brudno: --rounds must be at least 1, and above 1 only with --compare\n";
    return 2;
  }
  options.limit = limit.value;
  options.hash = vm.count("hash") ? vm["hash"].as<Count>().value : default_hash(options.threads);
  if (!are_search_resources(options.threads, options.hash, err)) return 2;
  auto in = open_input_file(options.file, err);
  if (!in) return 2;
  int status = 2;
  bool suitable = false;
  const bool known = protocol::AllGames::visit(game, [&]<engine::Game G>() {
    if constexpr (HasBenchmarkScore<G> && engine::HasPlyBound<G>) {
      suitable = true;
      status = run_suite<G>(options, *in, out, err);
    }
  });
  if (!known || !suitable) {
    err << "brudno: no benchmark suites for game '" << game << "'\n";
    return 2;
  }
  return status;
}

}  // namespace brudno::tools
