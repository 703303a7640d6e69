// brudno-match: plays games between two engine processes through pipes, as a
// tournament harness does, with a real clock for each side measured from
// outside (from sending `go` to reading `bestmove`). Chess between any two
// UCI engines (openings from an EPD file played with both colours, PGN,
// Elo with its pentanomial interval, SPRT), and the engine's Connect Four
// and tic-tac-toe. The arbiter knows the rules from the game library.

#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "tools/match/board_game_match.hpp"
#include "tools/match/chess_match.hpp"
#include "tools/match/engine_spec.hpp"

namespace {

namespace po = boost::program_options;
namespace match = brudno::tools::match;

constexpr int kMostGamesAtOnce = 2;

int fail(const std::string& message) {
  std::cerr << "brudno-match: " << message << '\n';
  return 2;
}

// "elo0=0 elo1=10 alpha=0.05 beta=0.05", each optional, into the settings.
std::optional<match::SprtSettings> parse_sprt(const std::vector<std::string>& words,
                                              std::string& error) {
  match::SprtSettings sprt;
  const std::map<std::string, double*> fields = {
      {"elo0", &sprt.elo0}, {"elo1", &sprt.elo1}, {"alpha", &sprt.alpha}, {"beta", &sprt.beta}};
  for (const auto& word : words) {
    const auto equals = word.find('=');
    const auto field = fields.find(word.substr(0, equals));
    std::size_t used = 0;
    try {
      if (equals == std::string::npos || field == fields.end()) throw std::invalid_argument(word);
      *field->second = std::stod(word.substr(equals + 1), &used);
      if (used != word.size() - equals - 1) throw std::invalid_argument(word);
    } catch (const std::exception&) {
      error = "--sprt: '" + word + "' is not elo0=, elo1=, alpha= or beta= with a number";
      return std::nullopt;
    }
  }
  if (!(sprt.elo0 < sprt.elo1)) {
    error = "--sprt: elo0 must be below elo1";
  } else if (!(sprt.alpha > 0 && sprt.beta > 0 && sprt.alpha + sprt.beta < 1)) {
    error = "--sprt: alpha and beta must be above 0, their sum below 1";
  }
  if (!error.empty()) return std::nullopt;
  return sprt;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> arguments(argv, argv + argc);
  const auto split = match::split_engine_arguments(arguments);
  const std::string beside =
      (std::filesystem::path(arguments[0]).parent_path() / "brudno").string();

  std::string game = "chess";
  std::string variant = "standard";
  int games = 100;
  std::string time_control;
  double base_ms = 1000;
  double increment_ms = 10;
  double margin_ms = 0;
  int concurrency = 1;
  std::string openings = BRUDNO_MATCH_DEFAULT_OPENINGS;
  std::string order = "random";
  std::size_t opening_start = 1;
  std::uint64_t seed = 1;
  std::string pgn;
  std::string event = "brudno-match";
  int max_moves = 0;
  long long nodes = 0;
  match::BoardGameSettings board;

  po::options_description options(
      "Usage: brudno-match [options]\n\n"
      "Plays games between two engines through pipes with a clock for each side, measured\n"
      "from outside (from `go` to `bestmove`), and reports the score, Elo with its 95%\n"
      "interval, and every game lost by a fault. Exit status 0; 1 if an engine lost a game\n"
      "on time, by an illegal move, by no move or by a disconnect; 2 for bad input.\n\n"
      "Engines (cutechess-cli's form; give --engine twice, or once to play itself):\n"
      "  --engine cmd=PROGRAM [arg=ARG]... [name=NAME] [option.NAME=VALUE]...\n"
      "      cmd= is split as a shell splits it: \"cmd=/usr/games/gnuchess --uci\";\n"
      "      an option the engine does not declare is an error\n"
      "  --each option.NAME=VALUE...   options for both engines, where declared\n"
      "  (default: the brudno beside this tool, against itself)\n\nOptions");
  options.add_options()("help,h", "show this help")("game", po::value(&game)->default_value(game),
                                                    "chess, connect4 or tictactoe")(
      "variant", po::value(&variant)->default_value(variant),
      "chess: standard or chess960 (Fischer random: UCI_Chess960 set on both engines, which "
      "must declare it; the openings are the 960 start positions unless --openings is given)")(
      "games", po::value(&games)->default_value(games),
      "games to play; chess: an even number, two an opening")(
      "tc", po::value(&time_control),
      "time control [moves/]seconds[+increment], e.g. 1+0.01 (default: --base and --increment)")(
      "base", po::value(&base_ms)->default_value(base_ms),
      "milliseconds on each clock at the start")(
      "increment", po::value(&increment_ms)->default_value(increment_ms),
      "milliseconds added after each move")(
      "nodes", po::value(&nodes)->default_value(nodes),
      "chess: every move searched by `go nodes N` instead of on the clocks, so that the games "
      "are the same on a loaded machine as on an idle one; the clocks still run, a guard "
      "against a hung engine, so give a --tc that N nodes a move fit in (0: the clocks)")(
      "time-margin", po::value(&margin_ms)->default_value(margin_ms),
      "chess: milliseconds a clock may fall below zero before the game is lost on time")(
      "concurrency", po::value(&concurrency)->default_value(concurrency),
      "chess: games at once, 1 or 2, each with its own engine processes")(
      "openings", po::value(&openings)->default_value(openings),
      "chess: EPD file of opening positions (chess960: default the 960 start positions)")(
      "opening-order", po::value(&order)->default_value(order),
      "chess: random (shuffled by --seed) or sequential")(
      "opening-start", po::value(&opening_start)->default_value(opening_start),
      "chess: the first opening taken, 1-based, in the (shuffled) order (chess960 start "
      "positions: sequential from start position N-1 in the standard numbering)")(
      "seed", po::value(&seed)->default_value(seed), "seed for the openings")(
      "pgn", po::value(&pgn), "chess: write every game to this PGN file (replaced)")(
      "event", po::value(&event)->default_value(event), "chess: the PGN Event tag")(
      "resign", po::value<std::vector<std::string>>()->multitoken(),
      "chess: movecount=N score=CP [twosided=true]: adjudicate a loss when an engine's own "
      "score is at or below -CP for N moves (off by default)")(
      "draw", po::value<std::vector<std::string>>()->multitoken(),
      "chess: movenumber=M movecount=N score=CP: adjudicate a draw from move M when both "
      "scores are within +-CP for N moves each (off by default)")(
      "maxmoves", po::value(&max_moves)->default_value(max_moves),
      "chess: adjudicate a draw after this many moves each (0: never)")(
      "sprt", po::value<std::vector<std::string>>()->multitoken(),
      "chess: elo0=0 elo1=10 alpha=0.05 beta=0.05: stop when the sequential test decides")(
      "threads", po::value(&board.threads)->default_value(board.threads),
      "connect4, tictactoe: the engines' Threads option (chess: --each option.Threads=N)")(
      "hash", po::value(&board.hash)->default_value(board.hash),
      "connect4, tictactoe: the engines' Hash option, MB")(
      "opening-plies", po::value(&board.opening_plies)->default_value(board.opening_plies),
      "connect4, tictactoe: random moves before the engines take over");

  po::variables_map vm;
  std::vector<match::EngineSpec> engines;
  std::vector<match::EngineOption> each;
  try {
    std::vector<const char*> rest;
    for (const auto& word : split.rest) rest.push_back(word.c_str());
    po::store(po::parse_command_line(static_cast<int>(rest.size()), rest.data(), options), vm);
    po::notify(vm);
    for (const auto& words : split.engines) engines.push_back(match::parse_engine_spec(words));
    each = match::parse_each(split.each);
  } catch (const po::error& e) {
    return fail(e.what());
  } catch (const match::SpecError& e) {
    return fail(e.what());
  }
  if (vm.count("help")) {
    std::cout << options << '\n';
    return 0;
  }
  if (engines.size() > 2) return fail("at most two --engine");
  if (engines.empty()) engines.push_back(match::parse_engine_spec({"cmd=" + beside}));
  if (engines.size() == 1) engines.push_back(engines[0]);
  try {
    for (const auto& engine : engines) match::resolve_program(engine.program);
  } catch (const match::SpecError& e) {
    return fail(e.what());
  }

  match::TimeControl control{0, base_ms, increment_ms};
  if (!time_control.empty()) {
    if (!vm["base"].defaulted() || !vm["increment"].defaulted()) {
      return fail("give --tc or --base and --increment, not both");
    }
    std::string error;
    const auto parsed = match::parse_time_control(time_control, error);
    if (!parsed) return fail(error);
    control = *parsed;
  }
  if (games < 1 || control.base_ms <= 0 || control.increment_ms < 0) {
    return fail("--games and --base must be positive, --increment at least 0");
  }

  if (game != "chess") {
    if (control.moves > 0) return fail("--tc with moves a period is for chess only");
    if (nodes != 0) return fail("--nodes is for chess only");
    if (board.threads < 1 || board.hash < 1 || board.opening_plies < 0) {
      return fail("--threads and --hash must be positive, --opening-plies at least 0");
    }
    board.engines[0] = engines[0];
    board.engines[1] = engines[1];
    board.game = game;
    board.games = games;
    board.base_ms = control.base_ms;
    board.increment_ms = control.increment_ms;
    board.seed = static_cast<unsigned>(seed);
    return match::run_board_game_match(board);
  }

  match::ChessMatchSettings settings;
  settings.engines[0] = engines[0];
  settings.engines[1] = engines[1];
  settings.each = each;
  settings.game.time_control = control;
  settings.game.time_margin_ms = margin_ms;
  if (nodes < 0) return fail("--nodes must be at least 0");
  settings.game.nodes = nodes;
  settings.games = games;
  settings.concurrency = concurrency;
  if (variant != "standard" && variant != "chess960") {
    return fail("--variant must be standard or chess960");
  }
  settings.chess960 = variant == "chess960";
  settings.game.chess960 = settings.chess960;
  // Chess960 without an openings file plays the start positions themselves.
  settings.openings_path = settings.chess960 && vm["openings"].defaulted() ? "" : openings;
  settings.seed = seed;
  settings.pgn_path = pgn;
  settings.event = event;
  if (games % 2 != 0) return fail("--games must be even for chess: each opening is played twice");
  if (margin_ms < 0) return fail("--time-margin must be at least 0");
  if (concurrency < 1 || concurrency > kMostGamesAtOnce) {
    return fail("--concurrency must be 1 or 2: more games at once than cores distort the clocks");
  }
  if (order != "random" && order != "sequential") {
    return fail("--opening-order must be random or sequential");
  }
  settings.opening_order =
      order == "random" ? match::OpeningOrder::kRandom : match::OpeningOrder::kSequential;
  if (opening_start < 1) return fail("--opening-start counts from 1");
  settings.opening_start = opening_start - 1;
  if (max_moves < 0) return fail("--maxmoves must be at least 0");
  settings.game.adjudication.max_moves = max_moves;
  std::string error;
  if (vm.count("resign")) {
    const auto rule = match::parse_resign_rule(vm["resign"].as<std::vector<std::string>>(), error);
    if (!rule) return fail(error);
    settings.game.adjudication.resign = *rule;
  }
  if (vm.count("draw")) {
    const auto rule = match::parse_draw_rule(vm["draw"].as<std::vector<std::string>>(), error);
    if (!rule) return fail(error);
    settings.game.adjudication.draw = *rule;
  }
  if (vm.count("sprt")) {
    settings.sprt = parse_sprt(vm["sprt"].as<std::vector<std::string>>(), error);
    if (!settings.sprt) return fail(error);
  }
  const int status = match::run_chess_match(settings, std::cout);
  return status;
}
