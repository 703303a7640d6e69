#include "tools/mpi/selfplay_records_farm.hpp"

#include <boost/mpi/collectives.hpp>
#include <chrono>
#include <cstring>
#include <fstream>
#include <string>
#include <type_traits>

#include "engine/search_memory.hpp"
#include "engine/transposition_table.hpp"
#include "tools/mpi/rank_io.hpp"
#include "tools/selfplay/checkpoint.hpp"
#include "tools/selfplay/selfplay_game.hpp"
#include "tools/selfplay/selfplay_options.hpp"

namespace brudno::tools::mpi {
namespace {

using selfplay::PlayedGame;

// A played game as the farm carries it: its facts' bytes, then the
// records' bytes (the ranks are one build, so one layout).
std::string encode(const PlayedGame& game) {
  static_assert(std::is_trivially_copyable_v<selfplay::GameFacts>);
  std::string text(sizeof game.facts, '\0');
  std::memcpy(text.data(), &game.facts, sizeof game.facts);
  for (const auto& record : game.records) {
    text.append(reinterpret_cast<const char*>(record.data()), record.size());
  }
  return text;
}

// The run's options, checked alike on every rank; rank 0 names a fault.
std::optional<int> read_options(const Arguments& args, const FarmOptions& farm_options,
                                selfplay::RunSettings& run, std::ostream& out, std::ostream& err) {
  if (const auto status = selfplay::read_selfplay_options(args, run, out, err)) return status;
  if (!run.games) {
    err << "brudno-mpi: selfplay --records needs --games N: the ranks share out a known number "
           "of games (--positions is brudno selfplay's)\n";
    return 2;
  }
  if (run.positions) {
    err << "brudno-mpi: selfplay --records takes --games, not --positions\n";
    return 2;
  }
  if (run.threads != 1) {
    err << "brudno-mpi: selfplay --records plays one game at a time on each rank: run one rank "
           "a core instead of --threads\n";
    return 2;
  }
  // brudno-mpi takes --checkpoint FILE off every command line; here it is
  // brudno selfplay's checkpoint (games done and the output's size), not the
  // farm's file of finished items.
  run.checkpoint = farm_options.checkpoint_path;
  return std::nullopt;
}

}  // namespace

int run_selfplay_records_farm(const boost::mpi::communicator& world, const Arguments& args,
                              const FarmOptions& farm_options) {
  RankStreams streams(world);
  const bool printer = streams.printer();
  std::ostream& out = streams.out();
  std::ostream& err = streams.err();
  selfplay::RunSettings run;
  if (const auto status = read_options(args, farm_options, run, out, err)) {
    return printer ? *status : 0;
  }

  // Rank 0 finds where the run starts (its checkpoint, the output cut back to
  // it) and every rank learns how many games are done.
  std::optional<selfplay::Checkpoint> start;
  long long done = -1;
  if (printer) {
    start = selfplay::resume_point(run, err);
    if (start) done = static_cast<long long>(start->games);
  }
  boost::mpi::broadcast(world, done, 0);
  if (done < 0) return printer ? 2 : 0;

  std::ofstream output;
  if (printer) output.open(run.out, std::ios::binary | std::ios::app);
  bool opened = !printer || static_cast<bool>(output);
  boost::mpi::broadcast(world, opened, 0);
  if (!opened) {
    err << "brudno-mpi: cannot write " << run.out << '\n';
    return printer ? 1 : 0;
  }

  const std::uint64_t first = run.first_game + static_cast<std::uint64_t>(done);
  const std::size_t count = *run.games > static_cast<std::uint64_t>(done)
                                ? static_cast<std::size_t>(*run.games - done)
                                : 0;
  selfplay::Checkpoint state = start.value_or(selfplay::Checkpoint{});
  selfplay::RunSummary summary;
  bool failed = false;
  const auto began = std::chrono::steady_clock::now();
  // Each rank plays with its own table and memory, cleared by every game.
  engine::TranspositionTable table(run.game.hash_megabytes);
  engine::SearchMemory memory;
  const std::atomic<bool> never{false};
  FarmOptions options = farm_options;
  options.checkpoint = nullptr;
  farm(
      world, count,
      [&](std::size_t item) {
        auto game = selfplay::play_game(run.game, first + item, table, memory, never);
        return encode(*game);  // never stopped, so always played
      },
      [&](std::size_t, const std::string& text) {
        if (failed) return;
        selfplay::GameFacts facts;
        std::memcpy(&facts, text.data(), sizeof facts);
        const std::size_t bytes = text.size() - sizeof facts;
        output.write(text.data() + sizeof facts, static_cast<std::streamsize>(bytes));
        output.flush();
        selfplay::count_game(state, summary, bytes / games::chess::kTrainingRecordSize, facts);
        std::string error;
        if (!output) {
          err << "brudno-mpi: writing " << run.out << " failed\n";
          failed = true;
        } else if (!run.checkpoint.empty() &&
                   !selfplay::write_checkpoint(run.checkpoint, state, error)) {
          err << "brudno-mpi: " << error << '\n';
          failed = true;
        }
      },
      options);
  if (!printer) return 0;
  if (failed) return 1;
  summary.total_games = state.games;
  summary.total_positions = state.positions;
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  selfplay::write_summary(run, summary, out);
  out << "ranks " << world.size() << '\n';
  return 0;
}

}  // namespace brudno::tools::mpi
