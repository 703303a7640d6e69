#include "tools/selfplay/selfplay_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "games/chess/eval/nnue/active_network.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"
#include "tools/epd_suite.hpp"

namespace brudno::tools::selfplay {
namespace {

namespace po = boost::program_options;

constexpr const char* kSelfplayUsage =
    R"(Usage: brudno selfplay --out FILE (--games N | --positions N) [options]
Plays chess games, the engine against itself, each move searched to a fixed
node count (or depth), and appends their positions to FILE as 32-byte
training records (docs/nnue.md): the position, the search's score and the
game's result, both for the side to move. Game g starts from the opening
g modulo the openings' count (or the start position) and plays --random-plies
uniformly random legal plies, drawn from a generator seeded with --seed and g
alone. Kept are the positions after the random and --skip-plies plies that
are not in check, whose best move is neither a capture nor a promotion, and
whose score is under --score-bound and not a mate. A game is adjudicated won
when --resign-plies scores in a row give one side --resign-score, drawn from
move --draw-move on when --draw-plies scores in a row stay under --draw-score,
and drawn at --max-plies. Games are written in order: with --nodes, a run
writes the same bytes on any number of threads, and the runs from
--first-game 0 --games N and --first-game N concatenate to the run from 0.
With --checkpoint, a rerun with the same arguments (--games, --positions and
--threads may change) resumes after the last finished game. With --nnue,
the moves are searched and the positions scored with the network (the one
built in, or FILE): the loop in which each net's data comes from the one
before it.

Options)";

// The arguments that decide what a run writes, as its checkpoint keeps them.
std::string output_arguments(const RunSettings& run, const std::string& openings,
                             const std::optional<std::string>& network) {
  const auto& game = run.game;
  std::ostringstream text;
  text << "out=" << std::quoted(run.out) << " first-game=" << run.first_game
       << " seed=" << game.seed;
  if (game.depth) {
    text << " depth=" << *game.depth;
  } else {
    text << " nodes=" << *game.nodes;
  }
  text << " hash=" << game.hash_megabytes << " openings=" << std::quoted(openings)
       << " random-plies=" << game.random_plies << " skip-plies=" << game.skip_plies
       << " score-bound=" << game.score_bound << " resign-score=" << game.resign_score
       << " resign-plies=" << game.resign_plies << " draw-move=" << game.draw_move
       << " draw-score=" << game.draw_score << " draw-plies=" << game.draw_plies
       << " max-plies=" << game.max_plies;
  // Named only when given, so the checkpoints of runs by the hand-written
  // evaluation, made before --nnue existed, still resume.
  if (network) text << " nnue=" << std::quoted(*network);
  // Likewise the opening filter, named only when on: without it a run writes
  // what runs made before it did.
  if (game.opening_bound != 0) {
    text << " opening-bound=" << game.opening_bound << " opening-tries=" << game.opening_tries;
  }
  return text.str();
}

// The openings of an EPD file: every line that is not blank or a comment.
bool read_openings(const std::string& path, std::vector<games::Chess>& openings,
                   std::ostream& err) {
  auto in = open_input_file(path, err);
  if (!in) return false;
  std::string line;
  int number = 0;
  while (std::getline(*in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
    std::string error;
    auto entry = parse_epd_position(line, number, error);
    if (!entry) {
      err << "brudno selfplay: " << path << ':' << number << ": " << error << '\n';
      return false;
    }
    openings.push_back(std::move(entry->position));
  }
  if (openings.empty()) {
    err << "brudno selfplay: " << path << " holds no opening\n";
    return false;
  }
  return true;
}

// An int option inside [low, high], or false after saying so.
bool in_range(const char* name, int value, int low, int high, std::ostream& err) {
  if (value >= low && value <= high) return true;
  err << "brudno selfplay: --" << name << " must be from " << low << " to " << high << ", not "
      << value << '\n';
  return false;
}

}  // namespace

std::optional<int> read_selfplay_options(const Arguments& args, RunSettings& run, std::ostream& out,
                                         std::ostream& err) {
  auto& game = run.game;
  Count games;
  Count positions;
  Count nodes{*game.nodes};
  int depth = 0;
  Count seed{game.seed};
  Count first_game;
  Count hash{game.hash_megabytes};
  std::string openings;
  std::string network;
  po::options_description description(kSelfplayUsage);
  description.add_options()("help,h", "show this help")(
      "out", po::value(&run.out), "the file the records are appended to (required)")(
      "games", po::value(&games), "stop after this many games")(
      "positions", po::value(&positions),
      "stop at the first game end with at least this many positions written")(
      "nodes", po::value(&nodes)->default_value(nodes), "nodes searched for each move")(
      "depth", po::value(&depth), "search each move to this depth instead")(
      "threads", po::value(&run.threads)->default_value(1),
      "games played at once, each by one search thread with its own table")(
      "hash", po::value(&hash)->default_value(hash),
      "transposition table megabytes for each game played at once")(
      "seed", po::value(&seed)->default_value(seed), "the run's seed")(
      "first-game", po::value(&first_game)->default_value(first_game),
      "the number of the run's first game (to split a long run into pieces)")(
      "openings", po::value(&openings),
      "an EPD file of opening positions (default: the start position)")(
      "random-plies", po::value(&game.random_plies)->default_value(game.random_plies),
      "random legal plies played after the opening")(
      "skip-plies", po::value(&game.skip_plies)->default_value(game.skip_plies),
      "plies after the random ones whose positions are not kept")(
      "opening-bound", po::value(&game.opening_bound)->default_value(game.opening_bound),
      "draw the random plies again while the first search's |score| (centipawns) reaches "
      "this (0: never)")(
      "opening-tries", po::value(&game.opening_tries)->default_value(game.opening_tries),
      "draws of the random plies in all before the game is dropped")(
      "score-bound", po::value(&game.score_bound)->default_value(game.score_bound),
      "leave out positions whose |score| (centipawns) reaches this")(
      "resign-score", po::value(&game.resign_score)->default_value(game.resign_score),
      "adjudicate a win when the scores give a side this many centipawns ...")(
      "resign-plies", po::value(&game.resign_plies)->default_value(game.resign_plies),
      "... this many plies in a row")(
      "draw-move", po::value(&game.draw_move)->default_value(game.draw_move),
      "adjudicate a draw from this full move on when |score| stays under ...")(
      "draw-score", po::value(&game.draw_score)->default_value(game.draw_score),
      "... this many centipawns ...")("draw-plies",
                                      po::value(&game.draw_plies)->default_value(game.draw_plies),
                                      "... this many plies in a row")(
      "max-plies", po::value(&game.max_plies)->default_value(game.max_plies),
      "a game not over after this many plies is drawn")(
      "nnue", po::value(&network)->implicit_value(games::chess::nnue::kEmbeddedNetworkName),
      "search and score with the network: the one built in, or the network file given")(
      "checkpoint", po::value(&run.checkpoint),
      "record the progress here after each game; a rerun with the same arguments resumes");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "selfplay", description, vm, out, err)) {
    return *status;
  }
  if (run.out.empty()) {
    err << "brudno selfplay: --out FILE is required\nTry 'brudno selfplay --help'.\n";
    return 2;
  }
  if (!vm.count("games") && !vm.count("positions")) {
    err << "brudno selfplay: give --games N or --positions N (or both)\n";
    return 2;
  }
  if ((vm.count("games") && games.value < 1) || (vm.count("positions") && positions.value < 1) ||
      nodes.value < 1) {
    err << "brudno selfplay: --games, --positions and --nodes must be at least 1\n";
    return 2;
  }
  if (vm.count("depth") && !vm["nodes"].defaulted()) {
    err << "brudno selfplay: give --nodes or --depth, not both\n";
    return 2;
  }
  if ((vm.count("depth") && !in_range("depth", depth, 1, 128, err)) ||
      !in_range("threads", run.threads, 1, 256, err) ||
      !in_range("random-plies", game.random_plies, 0, 200, err) ||
      !in_range("skip-plies", game.skip_plies, 0, 1000, err) ||
      !in_range("opening-bound", game.opening_bound, 0, 32767, err) ||
      !in_range("opening-tries", game.opening_tries, 1, 1000, err) ||
      !in_range("score-bound", game.score_bound, 1, 32767, err) ||
      !in_range("resign-score", game.resign_score, 1, 1'000'000, err) ||
      !in_range("resign-plies", game.resign_plies, 1, 1000, err) ||
      !in_range("draw-move", game.draw_move, 1, 10000, err) ||
      !in_range("draw-score", game.draw_score, 0, 1'000'000, err) ||
      !in_range("draw-plies", game.draw_plies, 1, 1000, err) ||
      !in_range("max-plies", game.max_plies, 1, 10000, err) ||
      !are_search_resources(run.threads, hash.value, err)) {
    return 2;
  }
  if (vm.count("checkpoint") && run.checkpoint.empty()) {
    err << "brudno selfplay: --checkpoint needs a file name\n";
    return 2;
  }
  if (vm.count("games")) run.games = games.value;
  if (vm.count("positions")) run.positions = positions.value;
  if (vm.count("depth")) {
    game.depth = depth;
    game.nodes.reset();
  } else {
    game.nodes = nodes.value;
  }
  game.seed = seed.value;
  game.hash_megabytes = hash.value;
  run.first_game = first_game.value;
  if (!openings.empty() && !read_openings(openings, game.openings, err)) return 2;
  std::optional<std::string> chosen_network;
  if (vm.count("nnue")) {
    const auto loaded = games::chess::nnue::load_network(network);
    if (!loaded.network) {
      err << "brudno selfplay: --nnue: " << loaded.fault << '\n';
      return 2;
    }
    game.network = loaded.network;
    chosen_network = network;
  }
  run.arguments = output_arguments(run, openings, chosen_network);

  return std::nullopt;
}

void write_summary(const RunSettings& run, const RunSummary& summary, std::ostream& out) {
  const double seconds = std::max(summary.seconds, 1e-9);
  const double starts = static_cast<double>(std::max<std::uint64_t>(summary.starts, 1));
  out << "games " << summary.games << " (+" << summary.white_wins << " =" << summary.draws << " -"
      << summary.black_wins << " for white), positions " << summary.positions << ", plies "
      << summary.plies << ", nodes " << summary.nodes << '\n'
      << "starts drawn again " << summary.redraws << ", games dropped for want of a level start "
      << summary.dropped << '\n'
      << std::fixed << std::setprecision(1) << "the first search of the starts played, for white: "
      << "mean " << static_cast<double>(summary.start_score_sum) / starts << " cp, mean absolute "
      << static_cast<double>(summary.start_score_abs_sum) / starts << " cp (" << summary.starts
      << " starts; " << summary.mated_starts << " more scored as a mate)\n"
      << "in all from game " << run.first_game << ": games " << summary.total_games
      << ", positions " << summary.total_positions << '\n'
      << "seconds " << summary.seconds << ", positions a second "
      << static_cast<double>(summary.positions) / seconds << ", positions an hour "
      << std::setprecision(0) << static_cast<double>(summary.positions) / seconds * 3600 << '\n';
}

}  // namespace brudno::tools::selfplay
