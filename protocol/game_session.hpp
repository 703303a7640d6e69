#pragma once
// The one place where a game is chosen at run time: a small type-erased
// session per game, one virtual call per command and never one per node.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search_clock.hpp"
#include "engine/search_limits.hpp"
#include "engine/search_memory.hpp"
#include "engine/search_settings.hpp"
#include "engine/transposition_table.hpp"
#include "protocol/line_sink.hpp"

namespace brudno::protocol {

class SessionMemory;

class GameSession {
 public:
  virtual ~GameSession() = default;

  // The session's books, where the game's own memory (the mate search's
  // tables, a puzzle search's states) is charged; none: nothing is counted.
  // Set once, before the first search; they outlive the game.
  void use_memory(SessionMemory* books) { books_ = books; }
  // Whether the game's searches use the session's transposition table (a
  // puzzle's do not: a session that only solves puzzles needs none).
  [[nodiscard]] virtual bool uses_table() const { return true; }
  // Lets go of what the game keeps between searches (the mate search's
  // table), giving its memory back: a Hash the client asks for comes first.
  virtual void drop_kept_tables() {}
  // Allocates what the game's searches keep from one `go` to the next (the
  // search threads' ordering memory) for `threads` threads, ahead of the
  // first search; changes nothing a search finds.
  virtual void ready_search_memory(int /*threads*/) {}
  [[nodiscard]] virtual bool search_memory_ready(int /*threads*/) const { return true; }

  [[nodiscard]] virtual std::string_view game_name() const = 0;
  // Sets the position from the game's text (or the start position when there is
  // none) and plays `moves`. On any error the position stays as it was and the
  // message says what was wrong.
  virtual std::optional<std::string> set_position(std::optional<std::string_view> text,
                                                  std::span<const std::string_view> moves) = 0;
  // The board, several lines, for `d`; no newline at the end (the sink adds it).
  [[nodiscard]] virtual std::string display() const = 0;
  // 0 for the side that moves first in the game, 1 for the other: whose clock counts.
  [[nodiscard]] virtual int side_to_move() const = 0;
  // A search of the current position, to run on any thread: it works on its own
  // copy, writes one info line per iteration and returns the bestmove line for
  // the caller to print once it has marked the search finished. `search_moves`
  // are move texts (`go searchmoves`): those that are not legal here are
  // reported on `out` and left out. A search that fails (out of memory, say)
  // reports it and still returns a bestmove.
  [[nodiscard]] virtual std::function<std::string()> make_search(
      const engine::SearchLimits& limits, const engine::SearchSettings& settings,
      std::span<const std::string_view> search_moves, const std::atomic<bool>& stop,
      engine::SearchClock& clock, LineSink& out) = 0;
  // The bestmove line without a search: the first legal move, or `(none)`.
  // What a `go` is answered with when its search cannot run at all.
  [[nodiscard]] virtual std::string bestmove_without_search() const = 0;
  // `go perft N`: the number of move sequences of N plies below each legal
  // move, then the total, as Stockfish prints them; a job like make_search.
  // `stop` does not end it; `abandoned` (the client gone, the server
  // stopping) does, within milliseconds, and it then prints nothing.
  [[nodiscard]] virtual std::function<std::string()> make_perft(
      int depth, LineSink& out, const std::atomic<bool>& abandoned) = 0;
  // `eval`: the static evaluation of the current position, with its terms
  // where the game has them (chess); several lines, no newline at the end.
  [[nodiscard]] virtual std::string evaluation() const = 0;
  // Proofs of the position of the last `go solve`, as a job like make_search
  // (it prints an info line per proof and a one-line `proof <json>` reply).
  // Nothing when no position was solved yet.
  [[nodiscard]] virtual std::function<std::string()> make_proof(const std::atomic<bool>& stop,
                                                                LineSink& out) = 0;
  // The `option name ...` lines of this game's own options, for `uci`.
  // ucinewgame and the like: forget what the game keeps beside the shared table.
  virtual void forget_game() {}
  [[nodiscard]] virtual std::vector<std::string> option_lines() const { return {}; }
  // An option of this game's own (a puzzle's Algorithm and Heuristic):
  // nothing if it has none of that name, else an empty string when it was
  // set or the message saying why not.
  virtual std::optional<std::string> set_game_option(std::string_view /*name*/,
                                                     std::string_view /*value*/) {
    return std::nullopt;
  }
  // Whether that option reaches beyond the session onto the machine (chess's
  // EvalFile reads a file there): a server does not take it from a client.
  [[nodiscard]] virtual bool is_host_option(std::string_view /*name*/) const { return false; }

 protected:
  SessionMemory* books_ = nullptr;
};

// The games a session can play, in the order `uci` lists them.
std::span<const std::string_view> game_names();
std::string_view default_game();
// Nothing for an unknown name.
// `table` and `memory` belong to the caller and outlive the session.
std::unique_ptr<GameSession> make_game_session(std::string_view name,
                                               engine::TranspositionTable& table,
                                               engine::SearchMemory& memory);

}  // namespace brudno::protocol
