#pragma once
// One client's conversation: its game, position, options and search. The same
// class serves stdin and every TCP connection. handle_line() never blocks on a
// search: searches run on their own thread.

#include <atomic>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/transposition_table.hpp"
#include "protocol/game_session.hpp"
#include "protocol/line_sink.hpp"
#include "protocol/search_thread.hpp"

namespace brudno::protocol {

// What a session may ask of the process. On stdin: everything the machine has.
// A server hands each connection a share of a budget.
struct SessionLimits {
  std::size_t initial_hash_megabytes = engine::TranspositionTable::kDefaultMegabytes;
  std::size_t max_hash_megabytes = engine::TranspositionTable::kMaxMegabytes;
  int max_threads = 0;  // 0: one per hardware thread
  // Asked before the table changes from `from` to `to` megabytes; false refuses
  // the change. Unset: always granted.
  std::function<bool(std::size_t from, std::size_t to)> reserve_hash;
};

class UciSession {
 public:
  explicit UciSession(LineSink& out, SessionLimits limits = {});
  ~UciSession();
  UciSession(const UciSession&) = delete;
  UciSession& operator=(const UciSession&) = delete;

  void handle_line(std::string_view line);
  // The client has gone: an infinite search is stopped, a finite one runs to
  // its end and prints its bestmove. Returns when no search is running.
  void end_of_input();
  // The client has gone for good: any search is stopped. Returns when no
  // search is running, so nothing more is written to the sink.
  void abandon();
  [[nodiscard]] bool quit_requested() const { return quit_; }
  [[nodiscard]] bool searching() const { return searching_.load(std::memory_order_acquire); }
  [[nodiscard]] std::size_t hash_megabytes() const { return table_.megabytes(); }

 private:
  using Words = std::vector<std::string_view>;

  void on_uci();
  void on_setoption(const Words& words);
  void on_position(const Words& words);
  void on_go(const Words& words);
  void on_proof();
  void on_ponderhit();
  // Runs a job on the search thread; prints its returned line, if any, once
  // the session is marked idle again.
  void start_job(std::function<std::string()> job);
  void on_ucinewgame();
  void on_quit();

  void error(std::string_view message);
  [[nodiscard]] int max_threads() const;
  [[nodiscard]] std::size_t max_hash_megabytes() const;
  void stop_search();
  void wait_for_search();
  // Is a search running that has not been told to stop? One that has been
  // told (by stop) answers within milliseconds: this waits for it to finish,
  // so that a command needing it over (GUIs send stop, position and go back
  // to back) is not refused. A search that has not been told goes on, and
  // the command is refused.
  [[nodiscard]] bool search_in_the_way();

  LineSink& out_;
  SessionLimits limits_;
  engine::TranspositionTable table_;
  engine::SearchSettings settings_;
  engine::SearchClock clock_;
  std::unique_ptr<GameSession> game_;
  SearchThread search_thread_;
  std::atomic<bool> stop_{false};
  // Set by the reader when a search starts, cleared by the search thread just
  // before it prints bestmove.
  std::atomic<bool> searching_{false};
  bool search_is_infinite_ = false;
  bool quit_ = false;
};

}  // namespace brudno::protocol
