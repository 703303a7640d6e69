#include "protocol/uci_session.hpp"

#include <algorithm>
#include <cctype>
#include <new>
#include <string>
#include <thread>
#include <variant>

#include "protocol/client_text.hpp"
#include "protocol/go_command.hpp"
#include "protocol/tokens.hpp"

namespace brudno::protocol {
namespace {

constexpr std::string_view kEngineName = "brudno 0.1.0";
constexpr std::string_view kAuthors = "the brudno authors";
constexpr int kMaxMoveOverhead = 5000;
constexpr std::size_t kMaxErrorCharacters = 400;

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

}  // namespace

UciSession::UciSession(LineSink& out, SessionLimits limits)
    : out_(out),
      limits_(std::move(limits)),
      table_(limits_.initial_hash_megabytes),
      game_(make_game_session(default_game(), table_)) {}

int UciSession::max_threads() const {
  return limits_.max_threads > 0 ? std::min(limits_.max_threads, hardware_threads())
                                 : hardware_threads();
}

UciSession::~UciSession() {
  stop_search();
  wait_for_search();
}

void UciSession::error(std::string_view message) {
  // Client text in the message is quoted short already; this bounds any that
  // is not, so that no reply can carry raw bytes or grow with the input.
  out_.write_line("info string error: " + printable_excerpt(message, kMaxErrorCharacters));
}

void UciSession::handle_line(std::string_view line) {
  const Words words = split_words(line);
  if (words.empty()) return;
  const std::string_view command = words[0];
  if (command == "uci") {
    on_uci();
  } else if (command == "isready") {
    out_.write_line("readyok");
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
    out_.write_line(game_->display());
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
  out_.write_line("option name Hash type spin default " + std::to_string(table_.megabytes()) +
                  " min 1 max " + std::to_string(max_hash_megabytes()));
  out_.write_line("option name Threads type spin default 1 min 1 max " +
                  std::to_string(max_threads()));
  out_.write_line("option name Move Overhead type spin default " +
                  std::to_string(engine::kDefaultMoveOverhead.count()) + " min 0 max " +
                  std::to_string(kMaxMoveOverhead));
  // GUIs look for it before they send `go ponder`, which works whatever its value.
  out_.write_line("option name Ponder type check default false");
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
    auto game = make_game_session(lowercase(value), table_);
    if (!game) return error("unknown game " + quoted_excerpt(value));
    game_ = std::move(game);
    table_.clear(settings_.threads);
  } else if (equals_ignoring_case(name, "Hash")) {
    if (search_in_the_way()) return error("cannot change Hash while a search is running");
    const auto megabytes = parse_integer<long long>(value);
    const std::size_t most = max_hash_megabytes();
    if (!megabytes || *megabytes < 1 || *megabytes > static_cast<long long>(most)) {
      return error("Hash must be an integer from 1 to " + std::to_string(most) + ", got " +
                   quoted_excerpt(value));
    }
    const auto wanted = static_cast<std::size_t>(*megabytes);
    const std::size_t before = table_.megabytes();
    if (limits_.reserve_hash && !limits_.reserve_hash(before, wanted)) {
      return error("Hash " + std::to_string(wanted) +
                   " MB would exceed the server's total table memory; the table stays at " +
                   std::to_string(before) + " MB");
    }
    try {
      table_.resize(wanted);
    } catch (const std::bad_alloc&) {
      if (limits_.reserve_hash) limits_.reserve_hash(wanted, before);  // back as it was
      return error("cannot allocate " + std::to_string(wanted) +
                   " MB for the hash table; keeping " + std::to_string(before) + " MB");
    }
  } else if (equals_ignoring_case(name, "Threads")) {
    if (search_in_the_way()) return error("cannot change Threads while a search is running");
    const auto threads = parse_integer<int>(value);
    if (!threads || *threads < 1 || *threads > max_threads()) {
      return error("Threads must be an integer from 1 to " + std::to_string(max_threads()) +
                   ", got " + quoted_excerpt(value));
    }
    settings_.threads = *threads;
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
    if (value != "true" && value != "false") {
      return error("Ponder must be true or false, got " + quoted_excerpt(value));
    }
  } else {
    error("unknown option " + quoted_excerpt(name));
  }
}

void UciSession::on_ucinewgame() {
  if (search_in_the_way()) return error("cannot start a new game while a search is running");
  table_.clear(settings_.threads);
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
  if (auto message = game_->set_position(text, moves)) error(*message);
}

void UciSession::on_go(const Words& words) {
  if (search_in_the_way()) return error("a search is already running; send stop first");
  auto parsed = parse_go(words);
  if (const auto* message = std::get_if<std::string>(&parsed)) return error(*message);
  const auto& limits = std::get<engine::SearchLimits>(parsed);

  search_is_infinite_ = !limits.finite(game_->side_to_move()) || limits.ponder;
  clock_.restart();
  clock_.set_pondering(limits.ponder);
  start_job(game_->make_search(limits, settings_, stop_, clock_, out_));
}

// The opponent played the expected move: the pondering search becomes a normal
// one, and its own clock starts now.
void UciSession::on_ponderhit() {
  if (!searching() || !clock_.pondering()) return error("ponderhit without a pondering search");
  clock_.restart();
  clock_.set_pondering(false);
  search_is_infinite_ = false;
}

void UciSession::on_proof() {
  if (search_in_the_way()) return error("a search is running; send stop first");
  auto job = game_->make_proof(stop_, out_);
  if (!job) return error("no solved position to prove; send 'go solve' first");
  search_is_infinite_ = false;
  start_job(std::move(job));
}

void UciSession::start_job(std::function<std::string()> job) {
  wait_for_search();  // the last one has printed its reply; collect its thread
  stop_.store(false);
  searching_.store(true, std::memory_order_release);
  search_thread_.start([this, job = std::move(job)] {
    const std::string reply = job();
    // Cleared before the reply is printed, so a client that reacts to bestmove
    // with a new go never finds the old search still marked as running.
    searching_.store(false, std::memory_order_release);
    if (!reply.empty()) out_.write_line(reply);
  });
}

void UciSession::on_quit() {
  quit_ = true;
  stop_search();
  wait_for_search();
}

void UciSession::abandon() {
  stop_search();
  wait_for_search();
}

std::size_t UciSession::max_hash_megabytes() const {
  return std::min(limits_.max_hash_megabytes, engine::TranspositionTable::kMaxMegabytes);
}

void UciSession::end_of_input() {
  if (search_is_infinite_) stop_search();
  wait_for_search();
}

void UciSession::stop_search() {
  stop_.store(true);
}

bool UciSession::search_in_the_way() {
  if (searching() && stop_.load()) wait_for_search();
  return searching();
}

void UciSession::wait_for_search() {
  search_thread_.join();
  searching_.store(false, std::memory_order_release);
}

}  // namespace brudno::protocol
