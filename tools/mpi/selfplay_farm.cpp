#include "tools/mpi/selfplay_farm.hpp"

#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tools/command_line.hpp"
#include "tools/count_option.hpp"
#include "tools/match/chess_game.hpp"
#include "tools/match/openings.hpp"
#include "tools/match/pgn.hpp"
#include "tools/match/uci_engine.hpp"
#include "tools/mpi/rank_io.hpp"
#include "tools/mpi/selfplay_records_farm.hpp"

namespace brudno::tools::mpi {
namespace {

namespace po = boost::program_options;
using namespace tools::match;

struct SelfPlayOptions {
  std::size_t games = 0;
  std::string time_control = "10+0.1";
  std::string openings;
  std::string out;
  std::string engine;  // empty: the brudno beside brudno-mpi
  std::uint64_t seed = 1;
  std::size_t hash = 16;
  std::size_t nodes = 0;  // 0: moves on the clocks
};

constexpr const char* kUsage =
    "Usage: mpirun -np N brudno-mpi selfplay --games N --openings FILE.epd --out GAMES.pgn\n"
    "          [--tc 10+0.1 | --nodes N] [--seed S] [--hash MB] [--engine PATH]\n"
    "Plays brudno against itself: each game from an opening of FILE (taken in an\n"
    "order shuffled by --seed, wrapping round when there are fewer), between two\n"
    "brudno processes with real clocks (or N nodes a move: games that do not\n"
    "depend on the machine's load), ended by the rules or adjudicated (resign\n"
    "at 1000 cp for 3 moves of both sides, draw from move 40 at 10 cp for 8 moves,\n"
    "a draw at move 200). Rank 0 writes the games in order to GAMES.pgn, which\n"
    "`brudno tune` reads. A rank plays one game at a time: give it a core.\n"
    "With --records first (`brudno-mpi selfplay --records --help`): brudno selfplay's\n"
    "training records, its options and bytes, the games shared out over the ranks";

// The brudno beside this executable.
std::string default_engine() {
  std::error_code error;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string("brudno") : (self.parent_path() / "brudno").string();
}

std::optional<int> read_arguments(const Arguments& args, SelfPlayOptions& options,
                                  std::ostream& out, std::ostream& err) {
  po::options_description description(kUsage);
  Count games;
  Count hash{options.hash};
  Count nodes{options.nodes};
  description.add_options()("help,h", "show this help")("games", po::value(&games),
                                                        "games to play")(
      "tc", po::value(&options.time_control)->default_value(options.time_control),
      "time control, [moves/]seconds[+increment]")(
      "nodes", po::value(&nodes),
      "search N nodes a move (`go nodes N`) instead of on the clocks, which then only "
      "guard against a hung engine")("openings", po::value(&options.openings),
                                     "opening positions, one EPD line each")(
      "out", po::value(&options.out), "the PGN file to write")(
      "seed", po::value(&options.seed)->default_value(1), "the order of the openings")(
      "hash", po::value(&hash), "each engine's table in MB (default 16)")(
      "engine", po::value(&options.engine), "the engine (default: brudno beside brudno-mpi)");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "selfplay", description, vm, out, err)) {
    return *status;
  }
  options.games = games.value;
  options.hash = hash.value;
  options.nodes = nodes.value;
  if (options.games < 1 || options.openings.empty() || options.out.empty()) {
    err << "brudno-mpi: selfplay needs --games N (1 or more), --openings FILE and --out FILE\n";
    return 2;
  }
  if (!are_search_resources(1, options.hash, err)) return 2;
  if (options.engine.empty()) options.engine = default_engine();
  return std::nullopt;
}

GameSettings game_settings(const TimeControl& time_control, std::size_t nodes) {
  GameSettings settings;
  settings.time_control = time_control;
  settings.nodes = static_cast<long long>(nodes);
  settings.adjudication.resign = {3, 1000, true};
  settings.adjudication.draw = {40, 8, 10};
  settings.adjudication.max_moves = 200;
  return settings;
}

// The two engines a rank plays with, started at its first game and again
// after an engine fails.
class EnginePair {
 public:
  explicit EnginePair(const SelfPlayOptions& options) : options_(options) {}

  GameRecord play(const std::string& opening_fen, const GameSettings& settings) {
    if (!engines_[0]) start();
    UciEngine* engines[2] = {engines_[0].get(), engines_[1].get()};
    const std::atomic<bool> stop{false};
    GameRecord record = play_chess_game(engines, opening_fen, settings, stop);
    if (is_engine_fault(record.termination)) engines_[0].reset();  // fresh ones next game
    return record;
  }

 private:
  void start() {
    EngineSpec spec;
    spec.name = "brudno";
    spec.program = options_.engine;
    spec.options = {{"Hash", std::to_string(options_.hash)}, {"Threads", "1"}};
    for (auto& engine : engines_) {
      engine = std::make_unique<UciEngine>(spec, std::vector<EngineOption>{});
      engine->start();
    }
  }

  const SelfPlayOptions& options_;
  std::unique_ptr<UciEngine> engines_[2];
};

}  // namespace

int run_selfplay_farm(const boost::mpi::communicator& world, const Arguments& args,
                      FarmOptions farm_options) {
  if (!args.empty() && args.front() == "--records") {
    return run_selfplay_records_farm(world, Arguments(args.begin() + 1, args.end()),
                                     farm_options);
  }
  RankStreams streams(world);
  const bool printer = streams.printer();
  std::ostream& out = streams.out();
  std::ostream& err = streams.err();
  SelfPlayOptions options;
  if (const auto status = read_arguments(args, options, out, err)) return printer ? *status : 0;
  std::string fault;
  const auto time_control = parse_time_control(options.time_control, fault);
  if (!time_control) {
    err << "brudno-mpi: --tc " << options.time_control << ": " << fault << '\n';
    return printer ? 2 : 0;
  }
  // Rank 0 reads the openings; every rank checks the same text alike.
  const auto text = read_on_rank_zero(world, options.openings, err);
  if (!text) return printer ? 2 : 0;
  std::vector<Opening> openings;
  std::istringstream lines(*text);
  int line_number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    const std::string fen = epd_to_fen(line, fault);
    if (fen.empty()) {
      err << "brudno-mpi: " << options.openings << ':' << line_number << ": " << fault << '\n';
      return printer ? 2 : 0;
    }
    openings.push_back({line_number, fen});
  }
  if (openings.empty()) {
    err << "brudno-mpi: " << options.openings << " holds no opening\n";
    return printer ? 2 : 0;
  }

  std::ofstream pgn;
  if (!open_output_on_rank_zero(world, options.out, pgn, err)) return printer ? 2 : 0;

  std::optional<Checkpoint> checkpoint;
  if (!open_farm_checkpoint(world, farm_options, checkpoint, options.games, err)) {
    return printer ? 2 : 0;
  }
  // One opening a game: between two copies of one engine, a pair of games
  // with colours reversed would be the same game twice.
  const auto chosen =
      choose_openings(openings.size(), options.games, OpeningOrder::kRandom, options.seed, 0);
  const GameSettings settings = game_settings(*time_control, options.nodes);
  const std::string date = pgn_date_today();
  EnginePair engines(options);
  std::size_t failures = 0;
  try {
    farm(
        world, options.games,
        [&](std::size_t game) {
          const Opening& opening = openings[chosen[game]];
          const GameRecord record = engines.play(opening.fen, settings);
          PgnTags tags;
          tags.event = "brudno selfplay";
          tags.date = date;
          tags.round = std::to_string(game + 1);
          tags.white = "brudno";
          tags.black = "brudno";
          // PGN's "-": no time control; the clocks were only a guard.
          tags.time_control = options.nodes > 0 ? "-" : time_control->text();
          return std::string(is_engine_fault(record.termination) ? "F" : "-") +
                 pgn_text(tags, record);
        },
        [&](std::size_t, const std::string& game) {
          failures += game.front() == 'F' ? 1 : 0;
          pgn << game.substr(1) << std::flush;
        },
        farm_options);
  } catch (const std::exception& error) {
    // An engine that cannot be started on some rank: the job cannot go on.
    std::cerr << "brudno-mpi: rank " << world.rank() << ": " << error.what() << '\n';
    world.abort(2);
  }
  if (printer) {
    out << "games " << options.games << " written to " << options.out;
    if (failures > 0) out << "; " << failures << " ended by an engine's fault";
    out << "\nranks " << world.size() << '\n';
    if (!pgn) {
      err << "brudno-mpi: writing " << options.out << " failed\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace brudno::tools::mpi
