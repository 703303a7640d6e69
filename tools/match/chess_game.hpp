#pragma once
// One chess game between two UCI engines, kept by an arbiter that holds the
// position with the project's chess rules: each side's clock measured from
// outside, the game ended by the rules (mate, stalemate, fifty moves,
// threefold repetition, insufficient material), by the agreed adjudication
// thresholds, or by a fault of an engine (time forfeit, illegal move, no
// move, disconnect), which loses it.

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "tools/match/adjudication.hpp"
#include "tools/match/time_control.hpp"
#include "tools/match/uci_engine.hpp"

namespace brudno::tools::match {

enum class Termination {
  kCheckmate,
  kStalemate,
  kFiftyMoves,
  kRepetition,
  kInsufficientMaterial,
  kAdjudication,
  kTimeForfeit,
  kIllegalMove,
  kNoMove,  // `bestmove` without a move, "(none)" or "0000" while moves exist
  kDisconnect,
  kInterrupted,  // the match stopped (a decided SPRT) before the game ended
};

// The PGN Termination tag's value.
const char* termination_tag(Termination termination);
// A fault of an engine rather than an end of the game.
bool is_engine_fault(Termination termination);

struct GameSettings {
  TimeControl time_control;
  // Chess960: the arbiter reads the opening and the engines' castling
  // (the king taking its rook) in Chess960 mode.
  bool chess960 = false;
  double time_margin_ms = 0;  // a clock may run this far below zero before it falls
  // Above 0: every move is searched by `go nodes N` rather than on the
  // clocks, so that a game depends on the engines alone, not on the
  // machine's load; the clocks still run and still fall, a guard against a
  // hung engine.
  long long nodes = 0;
  AdjudicationRules adjudication;
};

struct PlayedMove {
  std::string uci;
  std::string san;
  std::optional<EngineScore> score;
  int depth = 0;
  double elapsed_ms = 0;
};

struct GameRecord {
  std::string opening_fen;
  bool chess960 = false;
  std::vector<PlayedMove> moves;
  // 1-0, 0-1, 1/2-1/2, or * for an interrupted game.
  std::string result = "*";
  Termination termination = Termination::kInterrupted;
  std::string reason;    // "white mates", "black loses on time (12 ms over)"
  int faulty_side = -1;  // the side (0 white, 1 black) whose engine failed, if one did
  double lowest_clock_ms[2] = {1e18, 1e18};  // by side, after each of its moves
  double thinking_ms[2] = {0, 0};            // wall time from go to bestmove, by side
  double thinking_cpu_s[2] = {0, 0};         // the engine's CPU time over the same, by side
};

// Plays from `opening_fen` (a legal position where the game is not over)
// with `engines[0]` as white. `stop` is read between moves.
GameRecord play_chess_game(UciEngine* engines[2], const std::string& opening_fen,
                           const GameSettings& settings, const std::atomic<bool>& stop);

}  // namespace brudno::tools::match
