#pragma once
// The benchmark suites' positions solved one by one: what `brudno suite`
// runs in one process and `brudno-mpi suite` farms over ranks. Each line's
// report goes to the streams given for it, so that a farm can gather them.

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <iomanip>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/solver.hpp"
#include "protocol/game_list.hpp"
#include "protocol/game_searches.hpp"
#include "tools/command.hpp"

namespace brudno::tools {

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
  std::size_t limit = 0;     // 0: every line
  int rounds = 1;            // passes over the positions, with compare
  bool fresh_table = false;  // each position from an empty table
  std::size_t hash = 0;      // MB; 0: the default for the thread count
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

inline int sign(int value) {
  return (value > 0) - (value < 0);
}

struct BenchmarkLine {
  std::string moves;
  int score = 0;
};

// A benchmark line is `[1-7]+ -?[0-9]+`; anything else is reported and skipped.
inline std::optional<BenchmarkLine> split_benchmark_line(std::string_view line) {
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

inline long peak_memory_kb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// One line per comparison: the 1-thread and N-thread times, speedup and node overhead.
inline void print_comparison(std::ostream& out, std::string_view label, const Tally& tally,
                             int threads) {
  out << std::fixed << std::setprecision(3) << label << "1 thread: " << tally.single_seconds
      << " s, " << tally.single_nodes << " nodes; " << threads << " threads: " << tally.seconds
      << " s, " << tally.nodes << " nodes; speedup " << std::setprecision(2)
      << tally.single_seconds / std::max(tally.seconds, 1e-9) << "x, node overhead "
      << static_cast<double>(tally.nodes) /
             std::max<double>(1.0, static_cast<double>(tally.single_nodes))
      << '\n';
}

inline Tally& operator+=(Tally& total, const Tally& more) {
  total.positions += more.positions;
  total.correct += more.correct;
  total.skipped += more.skipped;
  total.nodes += more.nodes;
  total.seconds += more.seconds;
  total.single_nodes += more.single_nodes;
  total.single_seconds += more.single_seconds;
  return total;
}

inline Tally operator-(Tally later, const Tally& earlier) {
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
  explicit SuiteRun(const SuiteOptions& options)
      : options_(options),
        table_(options.hash),
        never_(stop_, std::nullopt),
        solver_(table_, never_, options.threads),
        single_(table_, never_, 1) {}

  // Reports to `out` (verbose and right) or `err` (wrong or skipped).
  void solve_line(std::size_t number, std::string_view line, std::ostream& out, std::ostream& err) {
    const auto fields = split_benchmark_line(line);
    if (!fields) {
      err << "line " << number << ": not '<moves> <score>': " << line << '\n';
      ++tally_.skipped;
      return;
    }
    const auto& [moves, expected] = *fields;
    const auto position = G::parse(moves);
    if (!position) {
      err << "line " << number
          << ": illegal move sequence (a full column, or play after a win): " << moves << '\n';
      ++tally_.skipped;
      return;
    }
    if (position->status() != engine::Status::kOngoing) {
      err << "line " << number << ": the game is already over: " << moves << '\n';
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
    // A fresh table alone leaves the solver's move-ordering histories from
    // the positions before: --fresh-table starts a new solver as well.
    std::optional<engine::Solver<G>> fresh;
    if (options_.fresh_table) fresh.emplace(table_, never_, options_.threads);
    const auto outcome = timed_solve(fresh ? *fresh : solver_, *position, seconds);
    const int got = options_.weak ? sign(outcome.score) : position->benchmark_score(outcome.score);
    const bool right = options_.weak ? got == sign(expected) : got == expected;
    ++tally_.positions;
    tally_.correct += right ? 1 : 0;
    tally_.nodes += outcome.nodes;
    tally_.seconds += seconds;
    if (options_.verbose || !right) {
      auto& stream = right ? out : err;
      stream << moves << ' ' << expected << ' ' << got << ' ' << outcome.nodes << ' ' << std::fixed
             << std::setprecision(1) << seconds * 1e6;
      if (options_.compare) stream << ' ' << single_nodes << ' ' << single_seconds * 1e6;
      stream << (right ? "" : "  WRONG") << '\n';
    }
  }

  [[nodiscard]] const Tally& tally() const { return tally_; }

 private:
  auto timed_solve(engine::Solver<G>& which, const G& position, double& seconds) {
    // Compared runs start from an empty table each, outside the timing; so
    // do the positions of --fresh-table, whose node counts then depend on
    // the position alone, not on the ones solved before it (at one thread).
    if (options_.compare || options_.fresh_table) table_.clear(options_.threads);
    table_.new_search();
    const auto start = std::chrono::steady_clock::now();
    auto outcome = which.solve(position, options_.weak, engine::Solver<G>::LineRequest::kNotWanted);
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return outcome;
  }

  const SuiteOptions& options_;
  engine::TranspositionTable table_;
  const std::atomic<bool> stop_{false};
  const engine::StopConditions never_;
  engine::Solver<G> solver_;
  engine::Solver<G> single_;
  Tally tally_;
};

// The closing lines of a suite: counts, times, speeds and memory.
inline void print_suite_summary(std::ostream& out, const Tally& tally,
                                const SuiteOptions& options) {
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
}

// Calls f.template operator()<G>() for the game named, if it has benchmark
// suites (an exact benchmark score and a bound on its length); false if not.
template <class F>
bool visit_suite_game(std::string_view game, F&& f) {
  bool suitable = false;
  protocol::AllGames::visit(game, [&]<engine::Game G>() {
    if constexpr (HasBenchmarkScore<G> && engine::HasPlyBound<G>) {
      suitable = true;
      f.template operator()<G>();
    }
  });
  return suitable;
}

bool is_suite_game(std::string_view game);

// Reads and checks the options of `brudno suite` (and `brudno-mpi suite`):
// an exit status when the command should end at once (help, bad options).
std::optional<int> read_suite_arguments(const Arguments& args, std::string_view command,
                                        SuiteOptions& options, std::string& game, std::ostream& out,
                                        std::ostream& err);

// The lines of a suite file, at most `limit` (0: all), without line ends.
std::vector<std::string> read_suite_lines(std::istream& in, std::size_t limit);

}  // namespace brudno::tools
