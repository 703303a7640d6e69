#include "tools/selfplay/selfplay_run.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <ostream>
#include <thread>
#include <vector>

#include "engine/search_memory.hpp"
#include "engine/transposition_table.hpp"
#include "tools/selfplay/checkpoint.hpp"
#include "tools/selfplay/selfplay_game.hpp"

namespace brudno::tools::selfplay {
namespace {

using Clock = std::chrono::steady_clock;

bool reached(const RunSettings& settings, const Checkpoint& state) {
  return (settings.games && state.games >= *settings.games) ||
         (settings.positions && state.positions >= *settings.positions);
}

void report_progress(const RunSettings& settings, const Checkpoint& state,
                     const RunSummary& summary, std::ostream& err) {
  const double seconds = std::max(summary.seconds, 1e-9);
  const double rate = static_cast<double>(summary.positions) / seconds;
  const double games_rate = static_cast<double>(summary.games) / seconds;
  err << "selfplay: " << state.positions << " positions, " << std::fixed << std::setprecision(1)
      << rate << " a second, " << state.games << " games";
  double left = -1;
  if (settings.positions && rate > 0) {
    left =
        static_cast<double>(*settings.positions - std::min(*settings.positions, state.positions)) /
        rate;
  }
  if (settings.games && games_rate > 0) {
    const double by_games =
        static_cast<double>(*settings.games - std::min(*settings.games, state.games)) / games_rate;
    left = left < 0 ? by_games : std::min(left, by_games);
  }
  if (left >= 0) err << ", " << std::setprecision(0) << left << " s left";
  err << std::defaultfloat << std::endl;
}

}  // namespace

void count_game(Checkpoint& state, RunSummary& summary, std::uint64_t positions,
                const GameFacts& facts) {
  state.games += 1;
  state.positions += positions;
  state.bytes += positions * games::chess::kTrainingRecordSize;
  summary.games += 1;
  summary.positions += positions;
  summary.plies += static_cast<std::uint64_t>(facts.plies);
  summary.nodes += facts.nodes;
  summary.redraws += static_cast<std::uint64_t>(facts.redraws);
  if (facts.start == GameFacts::Start::kDropped) {
    summary.dropped += 1;
    return;
  }
  if (facts.start == GameFacts::Start::kPlayed && engine::is_decisive(facts.start_score)) {
    summary.mated_starts += 1;
  } else if (facts.start == GameFacts::Start::kPlayed) {
    summary.start_score_sum += facts.start_score;
    summary.start_score_abs_sum += std::abs(facts.start_score);
    summary.starts += 1;
  }
  (facts.white_result > 0   ? summary.white_wins
   : facts.white_result < 0 ? summary.black_wins
                            : summary.draws) += 1;
}

std::optional<Checkpoint> resume_point(const RunSettings& settings, std::ostream& err) {
  std::error_code code;
  const std::uint64_t size = std::filesystem::exists(settings.out, code)
                                 ? std::filesystem::file_size(settings.out, code)
                                 : 0;
  if (code) {
    err << "brudno selfplay: cannot read the size of " << settings.out << ": " << code.message()
        << '\n';
    return std::nullopt;
  }
  Checkpoint start{settings.arguments, 0, 0, size};
  if (settings.checkpoint.empty()) return start;
  std::string error;
  const auto saved = read_checkpoint(settings.checkpoint, error);
  if (!error.empty()) {
    err << "brudno selfplay: " << error << '\n';
    return std::nullopt;
  }
  if (!saved) {
    // Written before any game, so that a run killed in its first game is
    // resumed from its output's size too.
    if (!write_checkpoint(settings.checkpoint, start, error)) {
      err << "brudno selfplay: " << error << '\n';
      return std::nullopt;
    }
    return start;
  }
  if (saved->arguments != settings.arguments) {
    err << "brudno selfplay: " << settings.checkpoint
        << " is the checkpoint of a run with other arguments:\n  " << saved->arguments
        << "\nthis run's:\n  " << settings.arguments << '\n';
    return std::nullopt;
  }
  if (size < saved->bytes) {
    err << "brudno selfplay: " << settings.out << " holds " << size << " bytes, fewer than the "
        << saved->bytes << " its checkpoint " << settings.checkpoint << " counts\n";
    return std::nullopt;
  }
  if (size > saved->bytes) {
    // The records of a game that was being written when the run was cut off.
    std::filesystem::resize_file(settings.out, saved->bytes, code);
    if (code) {
      err << "brudno selfplay: cannot truncate " << settings.out << ": " << code.message() << '\n';
      return std::nullopt;
    }
    err << "selfplay: dropped " << size - saved->bytes << " bytes of an unfinished game\n";
  }
  err << "selfplay: resuming after " << saved->games << " games, " << saved->positions
      << " positions\n";
  return saved;
}

std::optional<RunSummary> run_selfplay(const RunSettings& settings, const Checkpoint& start_state,
                                       std::ostream& err) {
  Checkpoint state = start_state;
  RunSummary summary;
  const auto start = Clock::now();
  const auto finish = [&] {
    summary.total_games = state.games;
    summary.total_positions = state.positions;
    summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return summary;
  };
  if (reached(settings, state)) return finish();

  std::ofstream out(settings.out, std::ios::binary | std::ios::app);
  if (!out) {
    err << "brudno selfplay: cannot write " << settings.out << '\n';
    return std::nullopt;
  }

  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> next{state.games};  // counted from the first game
  std::mutex mutex;
  std::condition_variable changed;
  std::map<std::uint64_t, PlayedGame> finished;  // played, not yet written
  int workers_done = 0;
  const auto worker = [&] {
    engine::TranspositionTable table(settings.game.hash_megabytes);
    engine::SearchMemory memory;
    for (;;) {
      const std::uint64_t index = next++;
      if ((settings.games && index >= *settings.games) || stop.load()) break;
      auto game = play_game(settings.game, settings.first_game + index, table, memory, stop);
      if (!game) break;
      const std::lock_guard lock(mutex);
      finished.emplace(index, std::move(*game));
      changed.notify_all();
    }
    const std::lock_guard lock(mutex);
    ++workers_done;
    changed.notify_all();
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < settings.threads; ++i) threads.emplace_back(worker);

  bool failed = false;
  auto last_report = start;
  std::unique_lock lock(mutex);
  while (!reached(settings, state) && !failed) {
    const std::uint64_t wanted = state.games;
    changed.wait_for(lock, std::chrono::milliseconds(250),
                     [&] { return finished.contains(wanted) || workers_done == settings.threads; });
    if (const auto found = finished.find(wanted); found != finished.end()) {
      const PlayedGame game = std::move(found->second);
      finished.erase(found);
      lock.unlock();
      for (const auto& record : game.records) {
        out.write(reinterpret_cast<const char*>(record.data()),
                  static_cast<std::streamsize>(record.size()));
      }
      out.flush();
      count_game(state, summary, game.records.size(), game.facts);
      std::string error;
      if (!out) {
        err << "brudno selfplay: writing " << settings.out << " failed\n";
        failed = true;
      } else if (!settings.checkpoint.empty() &&
                 !write_checkpoint(settings.checkpoint, state, error)) {
        err << "brudno selfplay: " << error << '\n';
        failed = true;
      }
      lock.lock();
    } else if (workers_done == settings.threads) {
      break;
    }
    const auto now = Clock::now();
    if (now - last_report >= std::chrono::seconds(1)) {
      last_report = now;
      summary.seconds = std::chrono::duration<double>(now - start).count();
      report_progress(settings, state, summary, err);
    }
  }
  lock.unlock();
  stop = true;  // the games still being played are past the end
  for (auto& thread : threads) thread.join();
  if (failed) return std::nullopt;
  return finish();
}

}  // namespace brudno::tools::selfplay
