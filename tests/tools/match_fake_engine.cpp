// A tiny UCI chess engine for the match tool's smoke test: it mates in one
// when it can and otherwise plays a legal move picked by the position's key,
// at once. On request it misbehaves at its N-th `go`, so that each way an
// engine can lose a game is tested without a real engine:
//   --fault illegal|none|crash|slow|silent  --after N  (the N-th go, 1-based; 0: every go)
//   --score CP   reports `info depth 1 score cp CP` before each bestmove
//   --no-mate    never looks for a mate in one

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "games/chess/chess.hpp"

namespace {

using brudno::games::Chess;

struct Behaviour {
  std::string fault;
  int after = 1;
  bool report_score = false;
  int score = 0;
  bool mates = true;
};

std::optional<Chess> read_position(std::istringstream& words) {
  std::string word;
  words >> word;
  std::optional<Chess> position;
  if (word == "startpos") {
    position = Chess::start_position();
    words >> word;
  } else if (word == "fen") {
    std::string fen;
    while (words >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    position = Chess::parse(fen);
  }
  if (!position) return std::nullopt;
  while (words >> word) {
    const auto move = position->parse_move(word);
    if (!move) return std::nullopt;
    position->play(*move);
  }
  return position;
}

std::string choose(const Chess& position, bool mates) {
  Chess::MoveList moves;
  position.legal_moves(moves);
  if (moves.empty()) return "(none)";
  if (mates) {
    for (const auto move : moves) {
      Chess after = position;
      after.play(move);
      if (after.status() == brudno::engine::Status::kLost) return Chess::move_text(move);
    }
  }
  return Chess::move_text(moves[position.key() % moves.size()]);
}

// The clock of the side to move, from "go wtime W btime B ...".
long long own_clock(const std::string& go, int side) {
  std::istringstream words(go);
  std::string word;
  long long value = 0;
  while (words >> word) {
    if (word == (side == 0 ? "wtime" : "btime")) words >> value;
  }
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  Behaviour behaviour;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    const bool has_value = i + 1 < argc;
    if (flag == "--no-mate") {
      behaviour.mates = false;
    } else if (flag == "--fault" && has_value) {
      behaviour.fault = argv[++i];
    } else if (flag == "--after" && has_value) {
      behaviour.after = std::atoi(argv[++i]);
    } else if (flag == "--score" && has_value) {
      behaviour.report_score = true;
      behaviour.score = std::atoi(argv[++i]);
    } else {
      std::cerr << "match_fake_engine: unknown argument " << flag << '\n';
      return 2;
    }
  }
  std::optional<Chess> position = Chess::start_position();
  int searches = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command == "uci") {
      std::cout << "id name Fake\nid author the brudno tests\n"
                << "option name Hash type spin default 16 min 1 max 1024\n"
                << "option name Threads type spin default 1 min 1 max 8\n"
                << "option name OwnBook type check default false\n"
                << "uciok" << std::endl;
    } else if (command == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (command == "position") {
      position = read_position(words);
    } else if (command == "go") {
      ++searches;
      const bool misbehave = behaviour.after == 0 || searches == behaviour.after;
      if (misbehave && behaviour.fault == "crash") return 1;
      if (misbehave && behaviour.fault == "silent") continue;  // never answers
      if (misbehave && behaviour.fault == "slow" && position) {
        const long long clock = own_clock(line, position->side_to_move());
        std::this_thread::sleep_for(std::chrono::milliseconds(clock + 200));
      }
      if (behaviour.report_score) {
        std::cout << "info depth 1 score cp " << behaviour.score << " pv" << std::endl;
      }
      if (misbehave && behaviour.fault == "illegal") {
        std::cout << "bestmove a1a1" << std::endl;
      } else if (misbehave && behaviour.fault == "none") {
        std::cout << "bestmove (none)" << std::endl;
      } else {
        std::cout << "bestmove " << (position ? choose(*position, behaviour.mates) : "0000")
                  << std::endl;
      }
    } else if (command == "quit") {
      return 0;
    }
  }
  return 0;
}
