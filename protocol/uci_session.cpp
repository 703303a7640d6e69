#include "protocol/uci_session.hpp"

#include <algorithm>
#include <cctype>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>

#include "protocol/client_text.hpp"
#include "protocol/go_command.hpp"
#include "protocol/logging.hpp"
#include "protocol/tokens.hpp"

namespace brudno::protocol {
namespace {

constexpr std::string_view kEngineName = "brudno 0.1.0";
constexpr std::string_view kAuthors = "the brudno authors";
constexpr int kMaxMoveOverhead = 5000;
constexpr std::size_t kMaxErrorCharacters = 400;
// Chess perft 9 from the start position takes minutes (docs/benchmarks.md,
// "Chess perft", has the speeds): deeper is not a command anyone means.
constexpr int kMaxPerftDepth = 9;
// As many lines as a chess position has moves at most.
constexpr int kMaxMultiPv = 256;
// Chance Cutoff, in millionths: up to a probability of 1 (every chance node
// at once valued by the evaluation).
constexpr int kMaxChanceCutoff = 1'000'000;
constexpr std::string_view kNoValidPosition =
    "no valid position: the last position command failed; send a position first";

// One search thread per hardware thread at most, as UCI engines offer.
int hardware_threads() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::string lowercase(std::string_view text) {
  std::string result(text);
  std::transform(result.begin(), result.end(), result.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return result;
}

// The commands that act on a running search at once; every other line waits
// for it to end.
bool acts_at_once(std::string_view command) {
  return command == "stop" || command == "ponderhit" || command == "isready" || command == "quit" ||
         command == "proof";
}

}  // namespace

UciSession::UciSession(LineSink& out, SessionLimits limits)
    : out_(out),
      limits_(std::move(limits)),
      books_(limits_.memory_budget_megabytes, limits_.reserve_hash),
      table_(0),
      wanted_hash_megabytes_(limits_.initial_hash_megabytes),
      game_(new_game(default_game())) {
  table_.observe_deep_stores(limits_.table_observer);
}

std::unique_ptr<GameSession> UciSession::new_game(std::string_view name) {
  auto game = make_game_session(name, table_, memory_);
  if (game) game->use_memory(&books_);
  return game;
}

UciSession::~UciSession() {
  stop_search();
  wait_for_job();
  // The table's share of the books; the game's holdings go with the game.
  books_.release(hash_megabytes_.exchange(0));
}

int UciSession::max_threads() const {
  const int most =
      limits_.thread_budget != nullptr ? limits_.thread_budget->total() : hardware_threads();
  return limits_.max_threads > 0 ? std::min(limits_.max_threads, most) : most;
}

std::size_t UciSession::max_hash_megabytes() const {
  return std::min(limits_.max_hash_megabytes, engine::TranspositionTable::kMaxMegabytes);
}

void UciSession::error(std::string_view message) {
  // Client text in the message is quoted short already; this bounds any that
  // is not, so that no reply can carry raw bytes or grow with the input.
  out_.write_line("info string error: " + printable_excerpt(message, kMaxErrorCharacters));
}

bool UciSession::takes_input_now() const {
  return !holding_input_.load(std::memory_order_acquire);
}

bool UciSession::takes_now(std::string_view line, bool others_wait) const {
  if (!takes_input_now()) return false;
  const Words words = split_words(line);
  // Behind held lines, only a line for the running search goes ahead: with
  // none running, the held lines can run and go first.
  if (!words.empty() && acts_at_once(words[0])) return !others_wait || searching();
  return !others_wait && !searching();
}

void UciSession::handle_line(std::string_view line) {
  const Words words = split_words(line);
  if (words.empty()) return;
  // A table change must be over before anything else: `isready` waits for
  // it, as UCI asks, and so does everything that uses the table or the game.
  if (!takes_input_now()) wait_for_job();
  // A search that ends by itself is waited for (see takes_now()).
  if (!acts_at_once(words[0]) && searching() && !search_is_infinite_) wait_for_job();
  try {
    dispatch(words);
  } catch (const std::exception& failure) {
    // The boundary for one line: the session, and every other, goes on.
    log_error('\'', printable_excerpt(words[0]), "' failed: ", failure.what());
    error("'" + printable_excerpt(words[0]) + "' failed: " + failure.what());
  }
}

void UciSession::dispatch(const Words& words) {
  const std::string_view command = words[0];
  if (command == "uci") {
    on_uci();
  } else if (command == "isready") {
    on_isready();
  } else if (command == "setoption") {
    on_setoption(words);
  } else if (command == "ucinewgame") {
    on_ucinewgame();
  } else if (command == "position") {
    on_position(words);
  } else if (command == "go") {
    on_go(words);
  } else if (command == "stop") {
    // A stop with no search running is a harmless race with bestmove: ignore it.
    stop_search();
  } else if (command == "quit") {
    on_quit();
  } else if (command == "ponderhit") {
    on_ponderhit();
  } else if (command == "proof") {
    on_proof();
  } else if (command == "d") {
    if (!position_valid_) return error(kNoValidPosition);
    out_.write_line(game_->display());
  } else if (command == "eval") {
    if (!position_valid_) return error(kNoValidPosition);
    out_.write_line(game_->evaluation());
  } else if (command == "debug" || command == "register") {
    // Accepted for UCI compatibility; brudno has nothing to switch.
  } else {
    error("unknown command " + quoted_excerpt(command));
  }
}

void UciSession::on_uci() {
  out_.write_line("id name " + std::string(kEngineName));
  out_.write_line("id author " + std::string(kAuthors));
  std::string games = "option name Game type combo default " + std::string(default_game());
  for (const auto name : game_names()) games += " var " + std::string(name);
  out_.write_line(games);
  // The default is what a session starts with, whatever it was set to since.
  out_.write_line("option name Hash type spin default " +
                  std::to_string(limits_.initial_hash_megabytes) + " min 1 max " +
                  std::to_string(max_hash_megabytes()));
  out_.write_line("option name Clear Hash type button");
  out_.write_line("option name Threads type spin default 1 min 1 max " +
                  std::to_string(max_threads()));
  out_.write_line("option name MultiPV type spin default 1 min 1 max " +
                  std::to_string(kMaxMultiPv));
  out_.write_line("option name Move Overhead type spin default " +
                  std::to_string(engine::kDefaultMoveOverhead.count()) + " min 0 max " +
                  std::to_string(kMaxMoveOverhead));
  // Millionths: UCI has no fractional options.
  out_.write_line("option name Chance Cutoff type spin default 0 min 0 max " +
                  std::to_string(kMaxChanceCutoff));
  // GUIs look for it before they send `go ponder`, which works whatever its value.
  out_.write_line("option name Ponder type check default false");
  for (const auto& line : game_->option_lines()) out_.write_line(line);
  out_.write_line("uciok");
}

void UciSession::on_setoption(const Words& words) {
  // setoption name <name words> [value <value words>]
  if (words.size() < 3 || words[1] != "name") {
    return error("setoption needs 'name <option> [value <value>]'");
  }
  const auto value_at = std::find(words.begin() + 2, words.end(), "value");
  const std::string name = join_words(words, 2, static_cast<std::size_t>(value_at - words.begin()));
  const std::string value =
      value_at == words.end()
          ? std::string{}
          : join_words(words, static_cast<std::size_t>(value_at - words.begin()) + 1, words.size());
  if (name.empty()) return error("setoption needs an option name");

  if (equals_ignoring_case(name, "Game")) {
    if (search_in_the_way()) return error("cannot change Game while a search is running");
    set_game(value);
  } else if (equals_ignoring_case(name, "Hash")) {
    if (search_in_the_way()) return error("cannot change Hash while a search is running");
    set_hash(value);
  } else if (equals_ignoring_case(name, "Clear Hash")) {
    if (search_in_the_way()) return error("cannot clear Hash while a search is running");
    change_table([this] { forget_the_game(); });
  } else if (equals_ignoring_case(name, "Threads")) {
    if (search_in_the_way()) return error("cannot change Threads while a search is running");
    const auto threads = parse_integer<int>(value);
    if (!threads || *threads < 1 || *threads > max_threads()) {
      return error("Threads must be an integer from 1 to " + std::to_string(max_threads()) +
                   ", got " + quoted_excerpt(value));
    }
    settings_.threads = *threads;
  } else if (equals_ignoring_case(name, "MultiPV")) {
    if (search_in_the_way()) return error("cannot change MultiPV while a search is running");
    const auto lines = parse_integer<int>(value);
    if (!lines || *lines < 1 || *lines > kMaxMultiPv) {
      return error("MultiPV must be an integer from 1 to " + std::to_string(kMaxMultiPv) +
                   ", got " + quoted_excerpt(value));
    }
    settings_.multipv = *lines;
  } else if (equals_ignoring_case(name, "Chance Cutoff")) {
    if (search_in_the_way()) return error("cannot change Chance Cutoff while a search is running");
    const auto millionths = parse_integer<int>(value);
    if (!millionths || *millionths < 0 || *millionths > kMaxChanceCutoff) {
      return error("Chance Cutoff must be an integer from 0 to " +
                   std::to_string(kMaxChanceCutoff) + " (millionths), got " +
                   quoted_excerpt(value));
    }
    settings_.chance_cutoff = *millionths / 1e6;
  } else if (equals_ignoring_case(name, "Move Overhead")) {
    const auto overhead = parse_integer<int>(value);
    if (!overhead || *overhead < 0 || *overhead > kMaxMoveOverhead) {
      return error("Move Overhead must be an integer from 0 to " +
                   std::to_string(kMaxMoveOverhead) + " (milliseconds), got " +
                   quoted_excerpt(value));
    }
    if (search_in_the_way()) return error("cannot change Move Overhead while a search is running");
    settings_.move_overhead = engine::Milliseconds{*overhead};
  } else if (equals_ignoring_case(name, "Ponder")) {
    // The GUI says whether it will ask for pondering; the search is the same either way.
    if (!read_check_value(value))
      return error("Ponder must be true or false, got " + quoted_excerpt(value));
  } else if (!limits_.sets_host_options && game_->is_host_option(name)) {
    error(std::string(name) +
          " reaches beyond the session onto the server's machine (it reads a file there): a "
          "client of the server cannot set it");
  } else if (auto reply = game_->set_game_option(name, value)) {
    // A running search keeps the options it started with.
    if (!reply->empty()) error(*reply);
  } else {
    error("unknown option " + quoted_excerpt(name));
  }
}

void UciSession::set_game(std::string_view value) {
  auto game = new_game(lowercase(value));
  if (!game) return error("unknown game " + quoted_excerpt(value));
  game_ = std::move(game);
  position_valid_ = true;  // the new game's start position
  change_table([this] { forget_the_game(); });
}

void UciSession::set_hash(std::string_view value) {
  const auto megabytes = parse_integer<long long>(value);
  const std::size_t most = max_hash_megabytes();
  if (!megabytes || *megabytes < 1 || *megabytes > static_cast<long long>(most)) {
    return error("Hash must be an integer from 1 to " + std::to_string(most) + ", got " +
                 quoted_excerpt(value));
  }
  const auto wanted = static_cast<std::size_t>(*megabytes);
  const std::size_t before = hash_megabytes_.load(std::memory_order_relaxed);
  const std::string kept =
      before == 0 ? "no table is allocated yet" : "keeping " + std::to_string(before) + " MB";
  const auto refusal = charge_table(before, wanted);
  if (refusal == SessionMemory::Refusal::kServer) {
    return error("Hash " + std::to_string(wanted) +
                 " MB would exceed the server's total table memory; " + kept);
  }
  if (refusal == SessionMemory::Refusal::kSession) {
    return error("Hash " + std::to_string(wanted) + " MB would exceed this session's memory of " +
                 std::to_string(books_.budget()) + " MB; " + kept);
  }
  wanted_hash_megabytes_ = wanted;
  hash_megabytes_.store(wanted, std::memory_order_relaxed);
  // A large table takes a while to allocate and clear: on the worker.
  change_table([this, wanted, before, kept] {
    try {
      // Given up (the client has gone): the table stays as it was.
      if (!table_.resize(wanted, &abandoned_)) {
        (void)books_.change(wanted, before);
        hash_megabytes_.store(before, std::memory_order_relaxed);
      }
    } catch (const std::bad_alloc&) {
      (void)books_.change(wanted, before);  // back as it was
      hash_megabytes_.store(before, std::memory_order_relaxed);
      error("cannot allocate " + std::to_string(wanted) + " MB for the hash table; " + kept);
    }
  });
}

bool UciSession::reserve_table() {
  if (hash_megabytes_.load(std::memory_order_relaxed) > 0) return true;
  if (charge_table(0, wanted_hash_megabytes_) != SessionMemory::Refusal::kNone) return false;
  hash_megabytes_.store(wanted_hash_megabytes_, std::memory_order_relaxed);
  return true;
}

SessionMemory::Refusal UciSession::charge_table(std::size_t from, std::size_t to) {
  auto refusal = books_.change(from, to);
  if (refusal == SessionMemory::Refusal::kSession) {
    game_->drop_kept_tables();
    refusal = books_.change(from, to);
  }
  return refusal;
}

bool UciSession::allocate_reserved_table() {
  const std::size_t reserved = hash_megabytes_.load(std::memory_order_relaxed);
  if (table_.megabytes() == reserved) return false;
  bool allocated = false;
  try {
    allocated = table_.resize(reserved, &abandoned_);
  } catch (const std::bad_alloc&) {
    // Only a table that was never allocated is allocated here: nothing to keep.
    books_.release(reserved);
    hash_megabytes_.store(0, std::memory_order_relaxed);
    throw std::runtime_error("cannot allocate " + std::to_string(reserved) +
                             " MB for the hash table");
  }
  if (!allocated) {
    // Given up: the client has gone, and nothing is searched for it.
    books_.release(reserved);
    hash_megabytes_.store(0, std::memory_order_relaxed);
    throw std::runtime_error("the session was given up");
  }
  return true;
}

// UCI's `isready` is where an engine finishes what takes time before it
// searches, and a GUI waits for its readyok before the first `go`: the
// session's table and its search threads' ordering memory are allocated
// here, on the session's thread, rather than at the first `go`, which would
// otherwise answer late by the time it takes (the kernel zeroes every page
// of the table as it makes it resident, tens of milliseconds for chess's
// 16 MB, and many sessions starting together share the cores; the
// histories' pages are left to come as a search touches them). Answered at once
// during a search, for a game without a table, with the table already
// there, or with no room for it (the `go` then says so).
void UciSession::on_isready() {
  if (searching() || !game_->uses_table() || !reserve_table() ||
      (table_.megabytes() == hash_megabytes_.load(std::memory_order_relaxed) &&
       game_->search_memory_ready(settings_.threads))) {
    return out_.write_line("readyok");
  }
  start_job(
      [this, threads = settings_.threads] {
        allocate_reserved_table();
        game_->ready_search_memory(threads);
        return std::string("readyok");
      },
      "readyok", /*blocks_input=*/true);
}

void UciSession::on_ucinewgame() {
  if (search_in_the_way()) return error("cannot start a new game while a search is running");
  change_table([this] { forget_the_game(); });
}

void UciSession::on_position(const Words& words) {
  // position startpos|fen <text> [moves <move>...]
  if (words.size() < 2) return error("position needs 'startpos' or 'fen <text>'");
  const auto moves_at = std::find(words.begin() + 1, words.end(), "moves");
  const auto moves_index = static_cast<std::size_t>(moves_at - words.begin());
  std::optional<std::string> text;
  if (words[1] == "startpos") {
    if (moves_index != 2) return error("unexpected words after 'position startpos'");
  } else if (words[1] == "fen") {
    text = join_words(words, 2, moves_index);
    if (text->empty()) return error("position fen needs a position text");
  } else {
    return error("position needs 'startpos' or 'fen <text>', got " + quoted_excerpt(words[1]));
  }
  std::vector<std::string_view> moves;
  if (moves_at != words.end()) moves.assign(moves_at + 1, words.end());
  // A failed command leaves no position: searching the one before would
  // answer for a board the client does not have (see docs/protocol.md).
  const auto message = game_->set_position(text, moves);
  position_valid_ = !message;
  if (message) error(*message + "; no position is set until a valid position command");
}

void UciSession::on_go(const Words& words) {
  if (search_in_the_way()) return error("a search is already running; send stop first");
  if (words.size() > 1 && words[1] == "perft") return on_perft(words);
  if (!position_valid_) return refuse_go(kNoValidPosition);
  // A puzzle's search has no use for the table: it takes none.
  if (game_->uses_table() && !reserve_table()) {
    return refuse_go("the server's table memory is in use: no room for this session's " +
                     std::to_string(wanted_hash_megabytes_) + " MB table; try again later");
  }
  GoCommand command = parse_go(words);
  settle_missing_clock(command, game_->side_to_move());
  for (const auto& problem : command.problems) {
    out_.write_line("info string " + printable_excerpt(problem, kMaxErrorCharacters));
  }
  const auto& limits = command.limits;

  engine::SearchSettings settings = settings_;
  settings.helper = limits_.cluster_rank;
  ThreadBudget* budget = limits_.thread_budget;
  if (budget != nullptr) {
    settings.threads = budget->acquire(settings_.threads);
    settings.cores = &budget->cores();
    if (settings.threads < settings_.threads) {
      out_.write_line("info string Threads " + std::to_string(settings_.threads) + " asked, " +
                      std::to_string(settings.threads) + " given: the server's " +
                      std::to_string(budget->total()) +
                      " search threads are busy with other sessions");
    }
  }
  search_has_limit_ = limits.finite(game_->side_to_move());
  search_is_infinite_ = !search_has_limit_ || limits.ponder;
  clock_.restart();
  clock_.set_pondering(limits.ponder);
  auto search = game_->make_search(limits, settings, command.search_moves, stop_, clock_, out_);
  const bool started = start_job(
      [this, search = std::move(search), budget, threads = settings.threads] {
        // The threads go back however the search ends.
        struct Release {
          ThreadBudget* budget;
          int threads;
          ~Release() {
            if (budget != nullptr) budget->release(threads);
          }
        } release{budget, threads};
        // The first search allocates the table (milliseconds, more under a
        // sanitizer): its time is not the search's.
        if (allocate_reserved_table()) clock_.restart();
        return search();
      },
      game_->bestmove_without_search());
  if (!started && budget != nullptr) budget->release(settings.threads);
}

// `go perft N`, as Stockfish has it: a count per legal move, a blank line
// and the total, and no bestmove (it is not a search).
void UciSession::on_perft(const Words& words) {
  if (!position_valid_) return error(kNoValidPosition);
  const auto depth = words.size() == 3 ? parse_integer<int>(words[2]) : std::nullopt;
  if (!depth || *depth < 1 || *depth > kMaxPerftDepth) {
    return error("go perft needs a depth from 1 to " + std::to_string(kMaxPerftDepth) +
                 (words.size() > 2 ? ", got " + quoted_excerpt(join_words(words, 2, words.size()))
                                   : std::string{}));
  }
  search_is_infinite_ = false;
  // Not stopped by `stop`, as in Stockfish: the lines after it wait. Only
  // abandon() ends it early.
  start_job(game_->make_perft(*depth, out_, abandoned_), {}, /*blocks_input=*/true);
}

// The opponent played the expected move: the pondering search becomes a normal
// one, and its own clock starts now.
void UciSession::on_ponderhit() {
  if (!searching() || !clock_.pondering()) return error("ponderhit without a pondering search");
  clock_.restart();
  clock_.set_pondering(false);
  // Only a limit of its own ends it now; without one, lines sent after this
  // must not wait for an end that only `stop` brings.
  search_is_infinite_ = !search_has_limit_;
}

void UciSession::on_proof() {
  auto job = game_->make_proof(stop_, out_);
  if (searching() && !stop_.load() && !search_is_infinite_) {
    // Straight after `go solve`: the proof is of the position being solved,
    // and starts once the search is done.
    if (!job)
      return error("no solved position to prove; send 'go solve' (in chess 'go mate N') first");
    const std::lock_guard lock(chained_mutex_);
    chained_proof_ = std::move(job);
    return;
  }
  if (search_in_the_way()) return error("a search is running; send stop first");
  if (!job)
    return error("no solved position to prove; send 'go solve' (in chess 'go mate N') first");
  search_is_infinite_ = false;
  start_job(std::move(job), {});
}

void UciSession::forget_the_game() {
  table_.clear(settings_.threads, &abandoned_);
  game_->forget_game();
  memory_.clear();
}

void UciSession::change_table(std::function<void()> change) {
  start_job(
      [change = std::move(change)] {
        change();
        return std::string{};
      },
      {}, /*blocks_input=*/true);  // a failure to start has said so already
}

bool UciSession::start_job(Job job, std::string fallback, bool blocks_input) {
  wait_for_job();  // the last one has printed its reply; collect its thread
  stop_.store(false);
  if (blocks_input) {
    holding_input_.store(true, std::memory_order_release);
  } else {
    searching_.store(true, std::memory_order_release);
  }
  const auto body = [this, job = std::move(job), fallback = std::move(fallback)] {
    std::string reply;
    try {
      reply = job();
    } catch (const std::exception& failure) {
      // A job given up because its client has gone failed as asked.
      if (abandoned_.load()) {
        log_info("a job ended early: ", failure.what());
      } else {
        log_error("a job failed: ", failure.what());
      }
      error(std::string("the command failed: ") + failure.what());
      reply = fallback;
    }
    Job next;
    {
      const std::lock_guard lock(chained_mutex_);
      next = std::move(chained_proof_);
      chained_proof_ = nullptr;
    }
    if (next && !stop_.load()) {
      // The proof asked for during the search: the session stays busy.
      if (!reply.empty()) out_.write_line(reply);
      try {
        reply = next();
      } catch (const std::exception& failure) {
        error(std::string("the proof failed: ") + failure.what());
        reply.clear();
      }
    }
    // Cleared before the reply is printed, so a client that reacts to
    // bestmove with a new go never finds the old search still marked as
    // running.
    searching_.store(false, std::memory_order_release);
    holding_input_.store(false, std::memory_order_release);
    if (!reply.empty()) out_.write_line(reply);
    job_end_pending_.store(false, std::memory_order_release);
    if (job_end_) job_end_();
  };
  job_end_pending_.store(true, std::memory_order_release);
  try {
    worker_.start(body);
    return true;
  } catch (const std::exception& failure) {
    // No thread to be had: answer at once, as the job would have.
    job_end_pending_.store(false, std::memory_order_release);
    searching_.store(false, std::memory_order_release);
    holding_input_.store(false, std::memory_order_release);
    error(std::string("cannot start the search thread: ") + failure.what());
    if (!fallback.empty()) out_.write_line(fallback);
    return false;
  }
}

void UciSession::on_quit() {
  quit_ = true;
  stop_search();
  wait_for_job();
}

void UciSession::abandon() {
  abandoned_.store(true);
  stop_search();
  wait_for_job();
}

bool UciSession::give_up() {
  abandoned_.store(true);
  stop_search();
  return job_end_pending_.load(std::memory_order_acquire);
}

void UciSession::end_of_input() {
  if (search_is_infinite_) stop_search();
  wait_for_job();
}

bool UciSession::end_of_input_pending() {
  if (search_is_infinite_) stop_search();
  return searching() || !takes_input_now();
}

void UciSession::refuse_go(std::string_view message) {
  error(message);
  out_.write_line("bestmove (none)");
}

void UciSession::stop_search() {
  stop_.store(true);
}

bool UciSession::search_in_the_way() {
  if (searching() && stop_.load()) wait_for_job();
  return searching();
}

void UciSession::wait_for_job() {
  worker_.join();
  searching_.store(false, std::memory_order_release);
  holding_input_.store(false, std::memory_order_release);
}

}  // namespace brudno::protocol
