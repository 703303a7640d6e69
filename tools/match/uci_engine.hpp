#pragma once
// A UCI engine process as the match drives it: the handshake with its
// options checked against those it declares, a new game, one timed search
// (from sending `go` to reading `bestmove`, measured here, outside the
// engine), and recovery after a time forfeit or a crash.

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/match/adjudication.hpp"
#include "tools/match/engine_spec.hpp"
#include "tools/pipe/pipe_engine.hpp"

namespace brudno::tools::match {

// An engine that cannot be started or set up; the message names it and the fault.
class EngineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct DeclaredOption {
  std::string name;
  std::string type;  // check, spin, combo, string, button
  std::string default_value;
  std::optional<long long> min;
  std::optional<long long> max;
};

// Parses "option name NAME type TYPE [default D] [min A] [max B] [var V]...";
// nothing for any other line.
std::optional<DeclaredOption> parse_option_line(const std::string& line);

struct SearchReply {
  enum class Kind { kBestmove, kTimeout, kDisconnected };
  Kind kind = Kind::kTimeout;
  std::string move;  // the word after `bestmove`; empty when there is none
  double elapsed_ms = 0;
  std::optional<EngineScore> score;  // from the last `info ... score` before it
  int depth = 0;
};

// Reads "info depth 12 ... score cp 35 ..." into `score` and `depth`;
// multipv lines other than the first and bound-only scores are skipped.
void read_info_line(const std::string& line, std::optional<EngineScore>& score, int& depth);

class UciEngine {
 public:
  // `each` options go to the engine only if it declares them; `spec`'s own
  // options must be declared, or start() fails.
  UciEngine(EngineSpec spec, std::vector<EngineOption> each);
  ~UciEngine();
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;

  // Starts the process, `uci` to `uciok`, the options, `isready` to `readyok`.
  void start();
  // The name given with name=, else the engine's `id name`.
  [[nodiscard]] const std::string& name() const { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }
  [[nodiscard]] const std::string& id_name() const { return id_name_; }
  [[nodiscard]] const EngineSpec& spec() const { return spec_; }
  [[nodiscard]] const std::vector<DeclaredOption>& declared() const { return declared_; }
  // The options sent, with the engine's spelling of their names.
  [[nodiscard]] const std::vector<EngineOption>& applied() const { return applied_; }
  // `--each` options the engine does not declare, which were left out.
  [[nodiscard]] const std::vector<std::string>& skipped() const { return skipped_; }
  // The value an option has now (set, or its declared default), if declared.
  [[nodiscard]] std::optional<std::string> value_of(const std::string& name) const;
  // The threads it searches with: its Threads (or "Number of Threads") option, else 1.
  [[nodiscard]] int threads() const;

  // Before each game: restarts the engine if it crashed or hung, then
  // `ucinewgame` and `isready`. False if it does not answer.
  bool new_game();
  // Sends the position and `go`, and waits up to `limit_ms` for `bestmove`.
  SearchReply search(const std::string& position, const std::string& go, double limit_ms);
  // After a search that ran out of time: `stop`, then up to a second for its
  // `bestmove` (the milliseconds it took); with none the engine is restarted
  // before the next game.
  std::optional<double> stop_overdue_search();
  // The engine must be restarted before its next game (it crashed or hung).
  void mark_broken() { broken_ = true; }
  // User and system CPU seconds the engine process has used, all its threads.
  [[nodiscard]] double cpu_seconds() const;
  void quit();

 private:
  void launch();

  EngineSpec spec_;
  std::vector<EngineOption> each_;
  std::string name_;
  std::string id_name_;
  std::vector<DeclaredOption> declared_;
  std::vector<EngineOption> applied_;
  std::vector<std::string> skipped_;
  std::unique_ptr<PipeEngine> process_;
  bool broken_ = false;
};

}  // namespace brudno::tools::match
