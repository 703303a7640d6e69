// brudno-match: plays games between two engine processes through pipes, as a
// tournament harness does, with a real clock for each side measured from
// outside (from sending `go` to reading `bestmove`), and reports the results
// and every loss on time. The arbiter knows the rules from the game library,
// so an illegal or missing move is caught too.

#include <boost/program_options.hpp>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "tools/pipe/pipe_engine.hpp"

namespace {

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::duration<double, std::milli>;
using brudno::engine::Status;

struct Settings {
  std::string engines[2];
  std::string game = "connect4";
  int games = 100;
  double base_ms = 1000;
  double increment_ms = 10;
  int threads = 1;
  int hash = 16;
  int opening_plies = 2;
  unsigned seed = 1;
};

struct Tally {
  int wins[2] = {0, 0};  // by engine, not by colour
  int draws = 0;
  int time_losses[2] = {0, 0};
  int illegal[2] = {0, 0};
  double least_left_ms[2] = {1e18, 1e18};  // the lowest clock after a move, by engine
  int moves = 0;
};

std::unique_ptr<brudno::tools::PipeEngine> start_engine(const Settings& settings, int index) {
  auto engine = std::make_unique<brudno::tools::PipeEngine>(settings.engines[index],
                                                            std::vector<std::string>{});
  engine->send("uci");
  engine->read_until("uciok");
  engine->send("setoption name Game value " + settings.game);
  engine->send("setoption name Threads value " + std::to_string(settings.threads));
  engine->send("setoption name Hash value " + std::to_string(settings.hash));
  engine->send("isready");
  if (engine->read_until("readyok").empty()) throw std::runtime_error("engine did not start");
  return engine;
}

// A random opening of `plies` moves that does not end the game.
template <brudno::engine::Game G>
std::vector<std::string> random_opening(int plies, std::mt19937& random) {
  G position = G::start_position();
  std::vector<std::string> moves;
  for (int i = 0; i < plies && position.status() == Status::kOngoing; ++i) {
    brudno::engine::MoveList<typename G::Move> legal;
    position.legal_moves(legal);
    if (legal.empty()) break;
    const auto move =
        legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
    position.play(move);
    moves.push_back(G::move_text(move));
  }
  return moves;
}

// One game; `first` is the engine that moves first. Returns the winner's
// index, -1 for a draw.
template <brudno::engine::Game G>
int play_game(const Settings& settings, std::unique_ptr<brudno::tools::PipeEngine> (&engines)[2],
              int first, const std::vector<std::string>& opening, Tally& tally) {
  G position = G::start_position();
  std::vector<std::string> moves;
  for (const auto& text : opening) {
    position.play(*position.parse_move(text));
    moves.push_back(text);
  }
  double clock_ms[2] = {settings.base_ms, settings.base_ms};  // by side: first mover, second
  for (auto& engine : engines) {
    engine->send("ucinewgame");
    engine->send("isready");
    engine->read_until("readyok");
  }
  while (position.status() == Status::kOngoing) {
    const int side = position.side_to_move();
    const int engine_index = side == 0 ? first : 1 - first;
    auto& engine = *engines[engine_index];
    std::ostringstream position_line;
    position_line << "position startpos";
    if (!moves.empty()) position_line << " moves";
    for (const auto& move : moves) position_line << ' ' << move;
    engine.send(position_line.str());
    std::ostringstream go;
    go << std::fixed << std::setprecision(0) << "go wtime " << clock_ms[0] << " btime "
       << clock_ms[1] << " winc " << settings.increment_ms << " binc " << settings.increment_ms;
    const auto start = Clock::now();
    engine.send(go.str());
    // Wait past the clock, so a late answer is measured, not abandoned.
    const auto reply = engine.read_until(
        "bestmove", std::chrono::milliseconds(static_cast<long long>(clock_ms[side]) + 5000));
    const double spent = Milliseconds(Clock::now() - start).count();
    clock_ms[side] -= spent;
    ++tally.moves;
    if (reply.empty() || !reply.back().starts_with("bestmove") || clock_ms[side] < 0) {
      ++tally.time_losses[engine_index];
      return 1 - engine_index;
    }
    tally.least_left_ms[engine_index] = std::min(tally.least_left_ms[engine_index], clock_ms[side]);
    clock_ms[side] += settings.increment_ms;
    std::istringstream words(reply.back());
    std::string keyword, text;
    words >> keyword >> text;
    const auto move = position.parse_move(text);
    if (!move) {
      ++tally.illegal[engine_index];
      return 1 - engine_index;
    }
    position.play(*move);
    moves.push_back(text);
  }
  // The side to move has lost, or it is a draw.
  if (position.status() == Status::kDrawn) return -1;
  const int loser_side = position.side_to_move();
  const int loser = loser_side == 0 ? first : 1 - first;
  return position.status() == Status::kLost ? 1 - loser : loser;
}

template <brudno::engine::Game G>
Tally play_match(const Settings& settings) {
  std::unique_ptr<brudno::tools::PipeEngine> engines[2] = {start_engine(settings, 0),
                                                           start_engine(settings, 1)};
  std::mt19937 random(settings.seed);
  Tally tally;
  std::vector<std::string> opening;
  for (int game = 0; game < settings.games; ++game) {
    // Each opening is played twice, each engine moving first once.
    if (game % 2 == 0) opening = random_opening<G>(settings.opening_plies, random);
    const int first = game % 2;
    const int winner = play_game<G>(settings, engines, first, opening, tally);
    if (winner < 0) {
      ++tally.draws;
    } else {
      ++tally.wins[winner];
    }
  }
  for (auto& engine : engines) engine->send("quit");
  return tally;
}

}  // namespace

int main(int argc, char** argv) {
  Settings settings;
  const std::string beside = (std::filesystem::path(argv[0]).parent_path() / "brudno").string();
  po::options_description options(
      "Usage: brudno-match [options]\n\n"
      "Plays games between two engines through pipes with a clock for each side,\n"
      "measured from outside, and reports the score and every loss on time or\n"
      "illegal move. Exits 1 if any game was lost on time or by an illegal move.\n\nOptions");
  options.add_options()("help,h", "show this help")(
      "engine", po::value<std::vector<std::string>>(),
      "an engine binary; give it twice for two different engines (default: brudno beside "
      "this tool, against itself)")("game", po::value(&settings.game)->default_value("connect4"),
                                    "connect4 or tictactoe")(
      "games", po::value(&settings.games)->default_value(settings.games), "games to play")(
      "base", po::value(&settings.base_ms)->default_value(settings.base_ms),
      "milliseconds on each clock at the start")(
      "increment", po::value(&settings.increment_ms)->default_value(settings.increment_ms),
      "milliseconds added after each move")(
      "threads", po::value(&settings.threads)->default_value(settings.threads),
      "the engines' Threads option")("hash",
                                     po::value(&settings.hash)->default_value(settings.hash),
                                     "the engines' Hash option, MB")(
      "opening-plies", po::value(&settings.opening_plies)->default_value(settings.opening_plies),
      "random moves before the engines take over (each opening is played with both colours)")(
      "seed", po::value(&settings.seed)->default_value(settings.seed), "seed for the openings");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, options), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "brudno-match: " << e.what() << '\n';
    return 2;
  }
  if (vm.count("help")) {
    std::cout << options << '\n';
    return 0;
  }
  const auto given =
      vm.count("engine") ? vm["engine"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (given.size() > 2) {
    std::cerr << "brudno-match: at most two --engine\n";
    return 2;
  }
  settings.engines[0] = given.empty() ? beside : given[0];
  settings.engines[1] = given.size() == 2 ? given[1] : settings.engines[0];
  if (settings.games < 1 || settings.base_ms <= 0 || settings.increment_ms < 0 ||
      settings.threads < 1 || settings.hash < 1 || settings.opening_plies < 0) {
    std::cerr << "brudno-match: --games, --base, --threads and --hash must be positive\n";
    return 2;
  }

  Tally tally;
  try {
    if (settings.game == "connect4") {
      tally = play_match<brudno::games::ConnectFour>(settings);
    } else if (settings.game == "tictactoe") {
      tally = play_match<brudno::games::TicTacToe>(settings);
    } else {
      std::cerr << "brudno-match: --game must be connect4 or tictactoe\n";
      return 2;
    }
  } catch (const std::exception& e) {
    std::cerr << "brudno-match: " << e.what() << '\n';
    return 1;
  }
  std::cout << "games " << settings.games << " of " << settings.game << " at "
            << settings.base_ms / 1000 << "+" << settings.increment_ms / 1000 << " s, threads "
            << settings.threads << ", " << tally.moves << " moves\n";
  std::cout << "engine 1 wins " << tally.wins[0] << ", engine 2 wins " << tally.wins[1]
            << ", draws " << tally.draws << '\n';
  std::cout << "lost on time: engine 1 " << tally.time_losses[0] << ", engine 2 "
            << tally.time_losses[1] << "; illegal moves: engine 1 " << tally.illegal[0]
            << ", engine 2 " << tally.illegal[1] << '\n';
  std::cout << std::fixed << std::setprecision(1) << "lowest clock after a move: engine 1 "
            << tally.least_left_ms[0] << " ms, engine 2 " << tally.least_left_ms[1] << " ms\n";
  const bool clean =
      tally.time_losses[0] + tally.time_losses[1] + tally.illegal[0] + tally.illegal[1] == 0;
  return clean ? 0 : 1;
}
