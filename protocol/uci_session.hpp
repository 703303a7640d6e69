#pragma once
// One client's conversation: its game, position, options and search. The same
// class serves stdin and every TCP connection. Whatever takes long runs on
// the session's own worker thread: searches, proofs, and the table's
// resizing and clearing, so that a transport serving many clients (TCP, on
// one I/O thread) never waits for one of them.

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

#include "engine/search_clock.hpp"
#include "engine/search_memory.hpp"
#include "engine/transposition_table.hpp"
#include "protocol/game_session.hpp"
#include "protocol/line_sink.hpp"
#include "protocol/search_thread.hpp"
#include "protocol/session_memory.hpp"
#include "protocol/thread_budget.hpp"

namespace brudno::protocol {

// What a session may ask of the process. On stdin: everything the machine has.
// A server hands each connection a share of a budget.
struct SessionLimits {
  std::size_t initial_hash_megabytes = engine::TranspositionTable::kDefaultMegabytes;
  std::size_t max_hash_megabytes = engine::TranspositionTable::kMaxMegabytes;
  int max_threads = 0;  // 0: one per hardware thread
  // Asked before the server's total of session memory changes from `from` to
  // `to` megabytes (a table resized, a search's states grown); false refuses
  // the change. Unset: always granted.
  std::function<bool(std::size_t from, std::size_t to)> reserve_hash;
  // What the session may hold in all, in megabytes: its table, the mate
  // search's tables, a puzzle search's states (see SessionMemory). 0: no
  // bound (standard input, where the session has the machine).
  std::size_t memory_budget_megabytes = 0;
  // The server's search threads, shared by its sessions (see ThreadBudget);
  // none on stdin, where a session has the machine to itself.
  ThreadBudget* thread_budget = nullptr;
  // Where the process is one rank of a cluster searching the same position
  // (brudno-mpi uci): the exchange the session's table shares its deep
  // entries through (tools/mpi/table_exchange.hpp). None otherwise.
  engine::TableObserver* table_observer = nullptr;
  // And which rank it is: the ranks beyond 0 search as helpers
  // (SearchSettings::helper).
  int cluster_rank = 0;
  // Whether the client may set options that reach beyond its session onto
  // the machine (chess's EvalFile reads a file there): false under brudno
  // serve, whose clients must not probe or load the server's files.
  bool sets_host_options = true;
};

class UciSession {
 public:
  explicit UciSession(LineSink& out, SessionLimits limits = {});
  ~UciSession();
  UciSession(const UciSession&) = delete;
  UciSession& operator=(const UciSession&) = delete;

  // Handles one line. It waits for a stopped or finite search to end, or
  // for a table change still running; a line that must wait for an infinite
  // or pondering search (which only the client can end) is refused with an
  // error. Transports hold such lines instead (see takes_now()).
  void handle_line(std::string_view line);
  // False while the session changes its table (Hash, Clear Hash, ucinewgame,
  // Game) or counts perft: the next line would have to wait for it. A transport that must
  // not wait holds its lines until the job-end callback.
  [[nodiscard]] bool takes_input_now() const;
  // Does `line` run now, or wait for the running job? Lines run in the
  // order they came, except the few that act on the running search at once
  // (stop, ponderhit, isready, quit, proof): a `position` or `go` sent
  // during a search waits for its bestmove, as in Stockfish. `others_wait`:
  // earlier lines are still held, so this one waits behind them unless it
  // acts at once on a running search. During a table change every line waits.
  [[nodiscard]] bool takes_now(std::string_view line, bool others_wait) const;
  // Is the running job a search only the client can end (infinite, or
  // pondering before ponderhit, and not yet told to stop)? Held lines then
  // wait for a `stop` the transport must go on reading; otherwise the job
  // ends by itself.
  [[nodiscard]] bool waits_for_client() const {
    return searching() && search_is_infinite_ && !stop_.load();
  }
  // Waits until no job runs (the last one has printed its reply).
  void wait_for_job();
  // Called on the worker thread whenever a job (a search, a proof, a table
  // change) has ended and written its reply. Set it before the first line.
  void on_job_end(std::function<void()> callback) { job_end_ = std::move(callback); }

  // The client has gone: an infinite search is stopped, a finite one runs to
  // its end and prints its bestmove. Returns when no search is running.
  void end_of_input();
  // The same without waiting: stops an infinite search and says whether a
  // job still runs, whose end the job-end callback announces.
  [[nodiscard]] bool end_of_input_pending();
  // The client has gone for good, or the server is stopping: any search is
  // stopped (its bestmove still written), a `go perft` count given up (its
  // counts unwritten). Returns when no job is running, so nothing more is
  // written to the sink.
  void abandon();
  // The same for a caller that must not wait (the server's I/O thread):
  // the search told to stop, a count, a table change or a `go perft` given
  // up. True while the running job has still to call the job-end callback,
  // which it then does once, soon; false when no job will call it again
  // (the session may then be destroyed at once).
  [[nodiscard]] bool give_up();
  [[nodiscard]] bool quit_requested() const { return quit_; }
  [[nodiscard]] bool searching() const { return searching_.load(std::memory_order_acquire); }
  // The table memory this session holds or has reserved; 0 until its first
  // search or Hash change, since a session allocates its table only then.
  [[nodiscard]] std::size_t hash_megabytes() const {
    return hash_megabytes_.load(std::memory_order_relaxed);
  }

 private:
  using Words = std::vector<std::string_view>;
  using Job = std::function<std::string()>;

  void dispatch(const Words& words);
  void on_uci();
  void on_isready();
  void on_setoption(const Words& words);
  void on_position(const Words& words);
  void on_go(const Words& words);
  void on_perft(const Words& words);
  void on_proof();
  void on_ponderhit();
  void on_ucinewgame();
  void on_quit();
  void set_hash(std::string_view value);
  void set_game(std::string_view value);
  // Before a search: reserves the table in the server's budget if the
  // session has none yet (false: no room). The search's job allocates it.
  [[nodiscard]] bool reserve_table();
  // On the worker: allocates the reserved table if it is not yet (true when
  // it did); gives the reservation back and throws if the memory cannot be had.
  bool allocate_reserved_table();
  // Moves the table from `from` to `to` megabytes in the books; where the
  // session's budget has no room, the tables a game keeps between searches
  // (the mate search's) are let go first, as the client's Hash comes first.
  SessionMemory::Refusal charge_table(std::size_t from, std::size_t to);
  // A new game for the session, its memory in the session's books.
  std::unique_ptr<GameSession> new_game(std::string_view name);

  // Runs a job on the worker thread. Its returned line (a bestmove, a proof)
  // is printed once the session is marked idle again; `fallback` is printed
  // instead if the job throws, so that a `go` still gets its one bestmove.
  // `blocks_input`: a table change, which the next line waits for. False
  // when no thread could be made (the fallback is printed then).
  bool start_job(Job job, std::string fallback, bool blocks_input = false);
  // Runs `change` on the worker thread as a job that blocks input.
  void change_table(std::function<void()> change);

  void error(std::string_view message);
  [[nodiscard]] int max_threads() const;
  [[nodiscard]] std::size_t max_hash_megabytes() const;
  void stop_search();
  // The reply to a `go` that cannot search: the error, then `bestmove (none)`.
  void refuse_go(std::string_view message);
  // Empties the table and the searches' memory (ucinewgame, Clear Hash, a
  // new game): on the worker, like every change to them.
  void forget_the_game();
  // Is a search running that has not been told to stop? One that has been
  // told (by stop) answers within milliseconds: this waits for it to finish,
  // so that a command needing it over (GUIs send stop, position and go back
  // to back) is not refused. A search that has not been told goes on, and
  // the command is refused.
  [[nodiscard]] bool search_in_the_way();

  LineSink& out_;
  SessionLimits limits_;
  // Before the game and the table, whose holdings it books: they give them
  // back as they go.
  SessionMemory books_;
  // Touched only by the worker thread while a job runs, and by the reader
  // thread while none does. Empty (0 MB) until the first search or Hash
  // change: a client that connects and never searches costs no table memory.
  engine::TranspositionTable table_;
  // The Hash option's value: the size the table gets when first allocated.
  std::size_t wanted_hash_megabytes_;
  // What the searches learn about move ordering, kept from one `go` to the
  // next until the game is forgotten.
  engine::SearchMemory memory_;
  std::atomic<std::size_t> hash_megabytes_{0};  // reserved or held; see hash_megabytes()
  engine::SearchSettings settings_;
  engine::SearchClock clock_;
  std::unique_ptr<GameSession> game_;
  SearchThread worker_;
  std::function<void()> job_end_;
  std::atomic<bool> stop_{false};
  // Set by abandon() and give_up(): a count (`go perft`), which `stop`
  // leaves alone, ends too, and so does a table's resize or clear.
  std::atomic<bool> abandoned_{false};
  // From a job's start until just before it calls the job-end callback.
  std::atomic<bool> job_end_pending_{false};
  // Set by the reader when a search (or proof) starts, cleared by the worker
  // just before it prints bestmove.
  std::atomic<bool> searching_{false};
  // Set while a job runs that the next line waits for: a table change, perft.
  std::atomic<bool> holding_input_{false};
  // A `proof` asked for while its `go solve` still runs: the worker starts
  // it when the search is done.
  std::mutex chained_mutex_;
  Job chained_proof_;
  bool search_is_infinite_ = false;
  // Whether the running search has a limit of its own (a clock, a depth, a
  // node count, a mate, a solve) that ends it once it is no longer pondering:
  // a `go ponder` without one still runs until `stop` after `ponderhit`.
  bool search_has_limit_ = false;
  // False after a `position` command failed: the session has no position the
  // client sent, and searches nothing until the next good one.
  bool position_valid_ = true;
  bool quit_ = false;
};

}  // namespace brudno::protocol
