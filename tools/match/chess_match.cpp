#include "tools/match/chess_match.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>

#include "tools/fixed_decimals.hpp"
#include "tools/match/load_monitor.hpp"
#include "tools/match/pgn.hpp"

namespace brudno::tools::match {

namespace {

using Clock = std::chrono::steady_clock;

// The options that decide how strong an engine plays or how it shares the
// machine: printed for every engine that declares them, set or not.
constexpr const char* kTellingOptions[] = {
    "Threads",       "Number of Threads", "Hash",    "Ponder",      "OwnBook",           "Book",
    "BookFile",      "Book File",         "MultiPV", "Skill Level", "UCI_LimitStrength", "UCI_Elo",
    "Move Overhead", "MoveOverhead"};

// One engine's side of the tally, from its own point of view.
struct EngineTally {
  Wdl wdl;
  std::map<Termination, int> faults;
  double lowest_clock_ms = 1e18;
  double thinking_ms = 0;
  double thinking_cpu_s = 0;
};

struct ChessTally {
  EngineTally engines[2];
  std::map<Termination, int> endings;
  int white_wins = 0;
  int black_wins = 0;
  int draws = 0;
  long long moves = 0;
  Pentanomial pairs;
  // The first engine's score in each game of a pair not yet complete.
  std::map<int, std::array<std::optional<double>, 2>> open_pairs;
};

std::string signed_fixed(double value, int digits) {
  if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
  if (value == 0) value = 0;  // no "-0.0"
  std::string text = value >= 0 ? "+" : "";
  text += fixed_decimals(value, digits);
  return text;
}

const char* ending_name(Termination termination) {
  switch (termination) {
    case Termination::kCheckmate:
      return "checkmate";
    case Termination::kStalemate:
      return "stalemate";
    case Termination::kFiftyMoves:
      return "fifty-move rule";
    case Termination::kRepetition:
      return "threefold repetition";
    case Termination::kInsufficientMaterial:
      return "insufficient material";
    case Termination::kAdjudication:
      return "adjudication";
    case Termination::kTimeForfeit:
      return "lost on time";
    case Termination::kIllegalMove:
      return "illegal move";
    case Termination::kNoMove:
      return "no move";
    case Termination::kDisconnect:
      return "disconnect";
    case Termination::kInterrupted:
      return "interrupted";
  }
  return "?";
}

void print_engine(std::ostream& out, int number, const UciEngine& engine) {
  out << "engine " << number << ": " << engine.name();
  if (engine.id_name() != engine.name()) out << " (" << engine.id_name() << ")";
  out << ", command " << engine.spec().command_line() << '\n';
  out << "  options set:";
  if (engine.applied().empty()) out << " none";
  for (const auto& option : engine.applied()) out << ' ' << option.name << '=' << option.value;
  out << '\n';
  std::string defaults;
  for (const char* name : kTellingOptions) {
    const bool set = std::any_of(engine.applied().begin(), engine.applied().end(),
                                 [&](const EngineOption& option) { return option.name == name; });
    const auto value = engine.value_of(name);
    if (!set && value) defaults += std::string(" ") + name + '=' + *value;
  }
  if (!defaults.empty()) out << "  left at its defaults:" << defaults << '\n';
  for (const auto& name : engine.skipped()) {
    out << "  --each option." << name << " skipped: this engine declares no such option\n";
  }
  if (const auto book = engine.value_of("OwnBook"); book && *book == "true") {
    out << "  warning: its own opening book is on (OwnBook=true)\n";
  }
  if (const auto ponder = engine.value_of("Ponder"); ponder && *ponder == "true") {
    out << "  note: Ponder=true is declared, but the match never sends `go ponder`\n";
  }
}

std::string opening_source(const ChessMatchSettings& settings) {
  std::string text = settings.openings_path.empty()
                         ? std::string("the 960 Chess960 start positions")
                         : std::filesystem::path(settings.openings_path).filename().string();
  if (settings.opening_order == OpeningOrder::kRandom) {
    text += ", shuffled with seed " + std::to_string(settings.seed);
  } else {
    text += ", in the file's order";
  }
  if (settings.opening_start > 0) text += ", from " + std::to_string(settings.opening_start + 1);
  return text;
}

class Match {
 public:
  Match(const ChessMatchSettings& settings, std::ostream& out) : settings_(settings), out_(out) {}
  int run();

 private:
  struct EnginePair {
    std::unique_ptr<UciEngine> engines[2];
  };
  std::unique_ptr<EnginePair> start_engines();
  void worker(EnginePair* pair);
  void record_game(int game, int first_is_white, const GameRecord& record);
  // Warns when the machine's load would distort clocks: at the start, and
  // then at most every 30 seconds.
  void check_load(bool force);
  // Warns about an engine that had less than 85% of a core while its clock ran.
  void check_cpu_share();
  void print_summary();

  const ChessMatchSettings& settings_;
  std::ostream& out_;
  std::vector<Opening> openings_;
  std::vector<std::size_t> chosen_;
  std::string names_[2];
  std::ofstream pgn_;
  std::mutex mutex_;  // guards everything below and the output
  int next_game_ = 0;
  std::atomic<bool> stop_{false};
  ChessTally tally_;
  std::optional<SprtDecision> decision_;
  double last_llr_ = 0;
  Clock::time_point last_load_check_ = Clock::now();
  int threads_per_engine_ = 1;
  std::string failure_;  // an engine that could not go on
};

std::unique_ptr<Match::EnginePair> Match::start_engines() {
  auto pair = std::make_unique<EnginePair>();
  for (int i = 0; i < 2; ++i) {
    EngineSpec spec = settings_.engines[i];
    // Required, not --each: an engine without Chess960 cannot play the match.
    if (settings_.chess960) spec.options.push_back({"UCI_Chess960", "true"});
    pair->engines[i] = std::make_unique<UciEngine>(spec, settings_.each);
    pair->engines[i]->start();
  }
  return pair;
}

int Match::run() {
  try {
    openings_ = settings_.chess960 && settings_.openings_path.empty()
                    ? chess960_openings()
                    : read_openings(settings_.openings_path, settings_.chess960);
  } catch (const OpeningError& error) {
    std::cerr << "brudno-match: " << error.what() << '\n';
    return 2;
  }
  const int pairs = settings_.games / 2;
  chosen_ = choose_openings(openings_.size(), static_cast<std::size_t>(pairs),
                            settings_.opening_order, settings_.seed, settings_.opening_start);

  std::vector<std::unique_ptr<EnginePair>> engine_pairs;
  try {
    engine_pairs.push_back(start_engines());
  } catch (const std::exception& error) {
    std::cerr << "brudno-match: " << error.what() << '\n';
    return 2;
  }
  for (int i = 0; i < 2; ++i) names_[i] = engine_pairs[0]->engines[i]->name();
  if (names_[0] == names_[1]) names_[1] += " (2)";
  for (int i = 0; i < 2; ++i) engine_pairs[0]->engines[i]->set_name(names_[i]);
  threads_per_engine_ =
      std::max(engine_pairs[0]->engines[0]->threads(), engine_pairs[0]->engines[1]->threads());

  if (!settings_.pgn_path.empty()) {
    pgn_.open(settings_.pgn_path, std::ios::trunc);
    if (!pgn_) {
      std::cerr << "brudno-match: " << settings_.pgn_path << ": cannot be written\n";
      return 2;
    }
  }

  out_ << "match: " << settings_.games << " games of "
       << (settings_.chess960 ? "Chess960" : "chess") << ", " << pairs
       << " openings each played twice with colours reversed (" << opening_source(settings_) << "; "
       << openings_.size() << (settings_.openings_path.empty() ? " in all)\n" : " in the file)\n");
  if (static_cast<std::size_t>(pairs) > openings_.size()) {
    out_ << "note: " << pairs << " pairs from " << openings_.size()
         << " openings: openings repeat, and repeated pairs are not independent samples\n";
  }
  for (int i = 0; i < 2; ++i) print_engine(out_, i + 1, *engine_pairs[0]->engines[i]);
  const auto& control = settings_.game.time_control;
  out_ << "time control: " << control.text() << " (" << fixed_decimals(control.base_ms, 0) << " ms";
  if (control.moves > 0) out_ << " for " << control.moves << " moves";
  out_ << " + " << fixed_decimals(control.increment_ms, 0)
       << " ms a move), clocks measured here from "
       << "`go` to `bestmove`; a clock may fall "
       << fixed_decimals(settings_.game.time_margin_ms, 0)
       << " ms below zero before the game is lost on time (--time-margin)\n";
  if (settings_.game.nodes > 0) {
    out_ << "moves: `go nodes " << settings_.game.nodes
         << "` each, whatever the clocks show; the clocks above only guard against a hung "
            "engine\n";
    const auto& [first, second] = settings_.engines;
    if (first.program == second.program && first.args == second.args &&
        first.options == second.options) {
      out_ << "note: one engine with the same options on both sides, at a node count: the "
              "second game of each pair repeats the first with the names swapped\n";
    }
  }
  out_ << "adjudication:\n";
  for (const auto& line : settings_.game.adjudication.describe()) out_ << "  " << line << '\n';
  if (settings_.sprt) {
    const auto& sprt = *settings_.sprt;
    out_ << "SPRT: H0 elo " << sprt.elo0 << " against H1 elo " << sprt.elo1 << " (logistic), alpha "
         << sprt.alpha << ", beta " << sprt.beta << ", bounds ("
         << fixed_decimals(sprt.lower_bound(), 2) << ", " << fixed_decimals(sprt.upper_bound(), 2)
         << "), log-likelihood ratio of the pairs\n";
  }
  out_ << "concurrency: " << settings_.concurrency << " game"
       << (settings_.concurrency > 1 ? "s" : "") << " at once, each engine with "
       << threads_per_engine_ << " thread" << (threads_per_engine_ > 1 ? "s" : "")
       << " at most, on " << core_count() << " cores\n";
  if (!settings_.pgn_path.empty()) out_ << "PGN: " << settings_.pgn_path << '\n';
  check_load(true);
  out_ << std::flush;

  std::vector<std::thread> threads;
  for (int i = 1; i < settings_.concurrency; ++i) engine_pairs.push_back(nullptr);
  for (int i = 0; i < settings_.concurrency; ++i) {
    threads.emplace_back([this, i, &engine_pairs] {
      try {
        if (!engine_pairs[i]) {
          engine_pairs[i] = start_engines();
          for (int side = 0; side < 2; ++side)
            engine_pairs[i]->engines[side]->set_name(names_[side]);
        }
        worker(engine_pairs[i].get());
      } catch (const std::exception& error) {
        const std::lock_guard lock(mutex_);
        if (failure_.empty()) failure_ = error.what();
        stop_ = true;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  engine_pairs.clear();  // quits the engines

  if (!failure_.empty()) std::cerr << "brudno-match: stopped: " << failure_ << '\n';
  print_summary();
  int faults = 0;
  for (const auto& engine : tally_.engines) {
    for (const auto& [kind, count] : engine.faults) faults += count;
  }
  if (!failure_.empty()) return 2;
  return faults == 0 ? 0 : 1;
}

void Match::worker(EnginePair* pair) {
  while (true) {
    int game = 0;
    {
      const std::lock_guard lock(mutex_);
      if (stop_ || next_game_ >= settings_.games) return;
      game = next_game_++;
    }
    // The first engine has white in a pair's first game, black in its second.
    const int first_is_white = game % 2 == 0 ? 1 : 0;
    UciEngine* engines[2] = {pair->engines[first_is_white ? 0 : 1].get(),
                             pair->engines[first_is_white ? 1 : 0].get()};
    const Opening& opening = openings_[chosen_[static_cast<std::size_t>(game / 2)]];
    const GameRecord record = play_chess_game(engines, opening.fen, settings_.game, stop_);
    if (record.termination == Termination::kInterrupted) return;
    record_game(game, first_is_white, record);
  }
}

void Match::record_game(int game, int first_is_white, const GameRecord& record) {
  const std::lock_guard lock(mutex_);
  const int pair_index = game / 2;
  const Opening& opening = openings_[chosen_[static_cast<std::size_t>(pair_index)]];
  // By side (0 white): which engine (0 first, 1 second) played it.
  const int engine_of[2] = {first_is_white ? 0 : 1, first_is_white ? 1 : 0};
  const double white_score = record.result == "1-0" ? 1 : record.result == "0-1" ? 0 : 0.5;
  const double first_score = first_is_white ? white_score : 1 - white_score;

  if (pgn_.is_open()) {
    PgnTags tags;
    tags.event = settings_.event;
    tags.date = pgn_date_today();
    tags.round = std::to_string(pair_index + 1) + "." + std::to_string(game % 2 + 1);
    tags.white = names_[engine_of[0]];
    tags.black = names_[engine_of[1]];
    tags.time_control = settings_.game.time_control.text();
    pgn_ << pgn_text(tags, record) << std::flush;
  }

  tally_.moves += static_cast<long long>(record.moves.size());
  ++tally_.endings[record.termination];
  (white_score == 1 ? tally_.white_wins : white_score == 0 ? tally_.black_wins : tally_.draws)++;
  for (int side = 0; side < 2; ++side) {
    EngineTally& engine = tally_.engines[engine_of[side]];
    const double score = side == 0 ? white_score : 1 - white_score;
    (score == 1 ? engine.wdl.wins : score == 0 ? engine.wdl.losses : engine.wdl.draws)++;
    engine.lowest_clock_ms = std::min(engine.lowest_clock_ms, record.lowest_clock_ms[side]);
    engine.thinking_ms += record.thinking_ms[side];
    engine.thinking_cpu_s += record.thinking_cpu_s[side];
  }
  if (record.faulty_side >= 0) {
    ++tally_.engines[engine_of[record.faulty_side]].faults[record.termination];
  }
  const bool numbered = settings_.chess960 && settings_.openings_path.empty();
  out_ << "game " << game + 1 << " (pair " << pair_index + 1
       << (numbered ? ", start position " : ", opening line ") << opening.line
       << "): " << names_[engine_of[0]] << " - " << names_[engine_of[1]] << ' ' << record.result
       << ", " << record.reason << ", " << record.moves.size() << " plies\n";

  auto& open = tally_.open_pairs[pair_index];
  open[static_cast<std::size_t>(game % 2)] = first_score;
  if (open[0] && open[1]) {
    tally_.pairs.add_pair(*open[0], *open[1]);
    const double points = *open[0] + *open[1];
    tally_.open_pairs.erase(pair_index);
    if (settings_.sprt) {
      last_llr_ = sprt_llr(tally_.pairs, settings_.sprt->elo0, settings_.sprt->elo1);
      out_ << "pair " << pair_index + 1 << ": " << names_[0] << ' ' << points << " of 2; after "
           << tally_.pairs.pairs() << " pairs LLR " << fixed_decimals(last_llr_, 2) << " ("
           << fixed_decimals(settings_.sprt->lower_bound(), 2) << ", "
           << fixed_decimals(settings_.sprt->upper_bound(), 2) << ")\n";
      const auto decision = sprt_decision(last_llr_, *settings_.sprt);
      if (decision != SprtDecision::kContinue && !decision_) {
        decision_ = decision;
        stop_ = true;
      }
    }
    check_load(false);
  }
  out_ << std::flush;
}

void Match::check_load(bool force) {
  // Moves searched to a node count do not depend on the clocks.
  if (settings_.game.nodes > 0) return;
  const auto now = Clock::now();
  if (!force && now - last_load_check_ < std::chrono::seconds(30)) return;
  last_load_check_ = now;
  const int cores = core_count();
  const int demand = settings_.concurrency * threads_per_engine_;
  if (force && demand > cores) {
    out_ << "warning: " << settings_.concurrency << " games at once with engines of "
         << threads_per_engine_ << " thread(s) need " << demand << " cores; this machine has "
         << cores << ": the engines would wait for a core on their own clocks\n";
  }
  // While a match runs its own engines make `demand` of the load; more than
  // the cores means that some thread, the engines' or another program's, waits.
  const auto load = load_average();
  if (load && *load + (force ? demand : 0) > cores + 0.5) {
    out_ << "warning: the 1-minute load average is " << fixed_decimals(*load, 2) << " on " << cores
         << " cores";
    if (force) {
      out_ << " before the match starts; with the " << demand
           << " busy thread(s) the match adds, engines would wait for a core";
    } else {
      out_ << ": engines wait for a core";
    }
    out_ << " while their clocks run, so clocks are distorted\n";
  }
  if (!force) check_cpu_share();
}

void Match::check_cpu_share() {
  for (int i = 0; i < 2; ++i) {
    const auto& engine = tally_.engines[i];
    if (engine.thinking_ms < 5000) continue;  // too little to measure with 10 ms ticks
    const double share = engine.thinking_cpu_s * 1000 / engine.thinking_ms;
    if (share < 0.85) {
      out_ << "warning: " << names_[i] << " has had " << fixed_decimals(100 * share, 0)
           << "% of a core while its clock ran: it waits for the processor, so its clock is "
              "distorted\n";
    }
  }
}

void Match::print_summary() {
  const auto& first = tally_.engines[0];
  const auto games = first.wdl.games();
  out_ << "\nresults of " << names_[0] << " vs " << names_[1] << " ("
       << settings_.game.time_control.text() << ", " << games << " games, " << tally_.moves
       << " plies):\n";
  if (games == 0) {
    out_ << "no games were finished\n";
    return;
  }
  out_ << names_[0] << ": " << first.wdl.wins << " wins, " << first.wdl.draws << " draws, "
       << first.wdl.losses << " losses; score " << fixed_decimals(first.wdl.points(), 1) << " of "
       << games << " (" << fixed_decimals(100 * first.wdl.points() / static_cast<double>(games), 1)
       << "%)\n";
  if (const auto estimate = estimate_elo(tally_.pairs)) {
    // One-sided results have no finite Elo nor a finite interval.
    const std::string error =
        std::isfinite(estimate->elo_error) ? fixed_decimals(estimate->elo_error, 1) : "inf";
    out_ << "Elo difference: " << signed_fixed(estimate->elo, 1) << " +/- " << error
         << " (95%: " << signed_fixed(estimate->elo_low, 1) << " to "
         << signed_fixed(estimate->elo_high, 1) << "), pentanomial from " << estimate->samples
         << " pairs; LOS " << fixed_decimals(100 * estimate->los, 1) << "%\n";
  }
  if (const auto trinomial = estimate_elo(first.wdl)) {
    const std::string error =
        std::isfinite(trinomial->elo_error) ? fixed_decimals(trinomial->elo_error, 1) : "inf";
    out_ << "  (from the games alone, as if independent: " << signed_fixed(trinomial->elo, 1)
         << " +/- " << error << ")\n";
  }
  const auto& counts = tally_.pairs.counts;
  out_ << "pairs by " << names_[0] << "'s points (0, 1/2, 1, 3/2, 2): [" << counts[0] << ", "
       << counts[1] << ", " << counts[2] << ", " << counts[3] << ", " << counts[4] << "]";
  if (!tally_.open_pairs.empty()) {
    out_ << "; " << tally_.open_pairs.size() << " unfinished pair(s) left out";
  }
  out_ << '\n';
  out_ << "white won " << tally_.white_wins << ", black won " << tally_.black_wins << ", drawn "
       << tally_.draws << '\n';
  out_ << "endings:";
  bool first_ending = true;
  for (const auto& [termination, count] : tally_.endings) {
    out_ << (first_ending ? " " : ", ") << ending_name(termination) << ' ' << count;
    first_ending = false;
  }
  out_ << '\n';
  for (int i = 0; i < 2; ++i) {
    const auto& engine = tally_.engines[i];
    const auto count = [&](Termination kind) {
      const auto found = engine.faults.find(kind);
      return found == engine.faults.end() ? 0 : found->second;
    };
    out_ << "faults of " << names_[i] << ": lost on time " << count(Termination::kTimeForfeit)
         << ", illegal moves " << count(Termination::kIllegalMove) << ", no move "
         << count(Termination::kNoMove) << ", disconnects " << count(Termination::kDisconnect)
         << "; lowest clock after a move "
         << (engine.lowest_clock_ms < 1e17 ? fixed_decimals(engine.lowest_clock_ms, 1) + " ms"
                                           : "-");
    if (engine.thinking_ms >= 1000) {
      out_ << "; " << fixed_decimals(100 * engine.thinking_cpu_s * 1000 / engine.thinking_ms, 0)
           << "% of a core while its clock ran";
    }
    out_ << '\n';
  }
  check_cpu_share();
  if (settings_.sprt) {
    const auto& sprt = *settings_.sprt;
    out_ << "SPRT [" << sprt.elo0 << ", " << sprt.elo1 << "]: LLR " << fixed_decimals(last_llr_, 2)
         << " (" << fixed_decimals(sprt.lower_bound(), 2) << ", "
         << fixed_decimals(sprt.upper_bound(), 2) << "): ";
    if (decision_ == SprtDecision::kAcceptH1) {
      out_ << "H1 accepted: " << names_[0] << " is stronger by about " << sprt.elo1
           << " Elo or more\n";
    } else if (decision_ == SprtDecision::kAcceptH0) {
      out_ << "H0 accepted: " << names_[0] << " is not stronger by " << sprt.elo1
           << " Elo (at most about " << sprt.elo0 << ")\n";
    } else {
      out_ << "no decision within " << settings_.games << " games\n";
    }
  }
  out_ << std::flush;
}

}  // namespace

int run_chess_match(const ChessMatchSettings& settings, std::ostream& out) {
  Match match(settings, out);
  return match.run();
}

}  // namespace brudno::tools::match
