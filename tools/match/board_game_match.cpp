// Connect Four and tic-tac-toe matches between two engine processes through
// pipes, as a tournament harness plays them, with a real clock for each side
// measured from outside (from sending `go` to reading `bestmove`): the
// results and every loss on time. The arbiter knows the rules from the game
// library, so an illegal or missing move is caught too.

#include "tools/match/board_game_match.hpp"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "tools/pipe/pipe_engine.hpp"

namespace brudno::tools::match {

namespace {

using Settings = BoardGameSettings;
using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::duration<double, std::milli>;
using brudno::engine::Status;

struct Tally {
  int wins[2] = {0, 0};  // by engine, not by colour
  int draws = 0;
  int time_losses[2] = {0, 0};
  int illegal[2] = {0, 0};
  double least_left_ms[2] = {1e18, 1e18};  // the lowest clock after a move, by engine
  int moves = 0;
};

std::unique_ptr<brudno::tools::PipeEngine> start_engine(const Settings& settings, int index) {
  const auto& spec = settings.engines[index];
  auto engine =
      std::make_unique<brudno::tools::PipeEngine>(resolve_program(spec.program), spec.args);
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

int run_board_game_match(const BoardGameSettings& settings) {
  Tally tally;
  try {
    if (settings.game == "connect4") {
      tally = play_match<brudno::games::ConnectFour>(settings);
    } else if (settings.game == "tictactoe") {
      tally = play_match<brudno::games::TicTacToe>(settings);
    } else {
      std::cerr << "brudno-match: --game must be chess, connect4 or tictactoe\n";
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

}  // namespace brudno::tools::match
