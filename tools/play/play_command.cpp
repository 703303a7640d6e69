// `brudno play 2048`: seeded self-play, and what share of the games reached
// each of the big tiles.

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>

#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"
#include "tools/play/self_play_2048.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;

constexpr const char* kPlayUsage = R"(Usage: brudno play 2048 [options]
Plays seeded games of 2048, the engine choosing every slide by expectimax
search with Star1 pruning and a seeded generator placing every tile (a 2 nine
times in ten, else a 4, on a uniformly chosen empty cell). Prints the share of
games that reached 2048, 4096, 8192, 16384 and 32768, the mean score (the sum
of the tiles merges made) and the slides played a second over all threads;
a line per finished game goes to standard error. With --depth every search
goes that many slides deep, and a run is the same on any number of threads;
with --movetime each search has that many milliseconds instead.

Options)";

}  // namespace

int run_play(const Arguments& args, std::ostream& out, std::ostream& err) {
  SelfPlaySettings settings;
  Count games{10};
  Count seed{1};
  Count threads{1};
  Count hash{settings.hash_megabytes};
  int depth = 0;
  int movetime = 0;
  std::string game;
  po::options_description description(kPlayUsage);
  description.add_options()("help,h", "show this help")(
      "games", po::value(&games)->default_value(games), "games to play")(
      "seed", po::value(&seed)->default_value(seed),
      "the run's seed: game g draws its tiles from a generator seeded with it and g")(
      "depth", po::value(&depth), "slides searched ahead each move (default 3)")(
      "movetime", po::value(&movetime), "milliseconds per move instead of a depth")(
      "threads", po::value(&threads)->default_value(threads),
      "games played at once, each by one search thread")(
      "cutoff", po::value(&settings.chance_cutoff)->default_value(0.0001),
      "value a line by the evaluation once its probability falls below this (0: exact "
      "expectimax)")("hash", po::value(&hash)->default_value(hash),
                     "transposition table megabytes per game played at once");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "play", description, vm, out, err,
                                             PositionalArgument{"game", &game})) {
    return *status;
  }
  if (game != "2048") {
    err << "brudno play: " << (game.empty() ? "no game given" : "unknown game '" + game + "'")
        << "; only 2048 is played\nTry 'brudno play --help'.\n";
    return 2;
  }
  if (vm.count("depth") && vm.count("movetime")) {
    err << "brudno play: give --depth or --movetime, not both\n";
    return 2;
  }
  if ((vm.count("depth") && (depth < 1 || depth > 60)) || (vm.count("movetime") && movetime < 1) ||
      games.value < 1 || threads.value < 1 || threads.value > 256 || hash.value < 1 ||
      settings.chance_cutoff < 0 || settings.chance_cutoff >= 1) {
    err << "brudno play: --depth is 1-60, --movetime, --games, --threads (up to 256) and "
           "--hash at least 1, --cutoff in [0, 1)\n";
    return 2;
  }
  settings.games = static_cast<int>(games.value);
  settings.seed = seed.value;
  settings.threads = static_cast<int>(threads.value);
  settings.hash_megabytes = hash.value;
  if (vm.count("movetime")) {
    settings.movetime = movetime;
  } else {
    settings.depth = vm.count("depth") ? depth : 3;
  }

  const auto start = std::chrono::steady_clock::now();
  int finished = 0;
  const std::atomic<bool> stop{false};
  const auto records = play_2048(
      settings,
      [&](const GameRecord& record) {
        err << "play: game " << ++finished << "/" << settings.games << " (#" << record.game + 1
            << "): max tile " << record.max_tile << ", score " << record.score << ", "
            << record.moves << " moves" << std::endl;
      },
      stop);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::uint64_t moves = 0;
  std::uint64_t nodes = 0;
  double score = 0;
  for (const auto& record : records) {
    moves += record.moves;
    nodes += record.nodes;
    score += static_cast<double>(record.score);
  }
  char line[160];
  out << "games " << records.size() << ", seed " << settings.seed << ", "
      << (settings.depth ? "depth " + std::to_string(*settings.depth)
                         : "movetime " + std::to_string(*settings.movetime) + " ms")
      << ", cutoff " << settings.chance_cutoff << ", threads " << settings.threads << '\n';
  for (int tile = 2048; tile <= 32768; tile *= 2) {
    int reached = 0;
    for (const auto& record : records) reached += record.max_tile >= tile ? 1 : 0;
    std::snprintf(line, sizeof line, "reached %5d: %5.1f%% (%d)\n", tile,
                  100.0 * reached / static_cast<double>(records.size()), reached);
    out << line;
  }
  std::snprintf(line, sizeof line,
                "mean score: %.0f\nmoves: %llu, %.1f a second\nnodes: %llu, %.0f a second\n",
                score / static_cast<double>(records.size()), static_cast<unsigned long long>(moves),
                static_cast<double>(moves) / seconds, static_cast<unsigned long long>(nodes),
                static_cast<double>(nodes) / seconds);
  out << line;
  return 0;
}

}  // namespace brudno::tools
