#include "tools/mate_suite.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "engine/proof_checker.hpp"
#include "games/chess/mate/mate_search.hpp"
#include "protocol/mate_proofs.hpp"
#include "tools/command_line.hpp"

namespace brudno::tools {
namespace {

using SuiteClock = std::chrono::steady_clock;

double suite_elapsed_ms(SuiteClock::time_point start) {
  return std::chrono::duration<double, std::milli>(SuiteClock::now() - start).count();
}

std::string decimals_text(double value, int decimals = 1) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

struct Case {
  std::string fen;
  int moves = 0;
  bool mate = false;              // `dm`: the shortest mate is `moves`; else none within it
  std::vector<std::string> keys;  // every key, where the line names them
};

// One line: the FEN's fields, then `;`-separated operations.
std::optional<Case> read_case(const std::string& line, std::string& fault) {
  std::stringstream parts(line);
  std::string part;
  std::getline(parts, part, ';');
  Case result;
  result.fen = part;
  while (!result.fen.empty() && result.fen.back() == ' ') result.fen.pop_back();
  while (std::getline(parts, part, ';')) {
    std::stringstream words(part);
    std::string op;
    words >> op;
    if (op == "dm" || op == "nomate") {
      result.mate = op == "dm";
      if (!(words >> result.moves) || result.moves < 1 ||
          result.moves > games::chess::MateSearch::kMaxMoves) {
        fault =
            op + " needs a count from 1 to " + std::to_string(games::chess::MateSearch::kMaxMoves);
        return std::nullopt;
      }
    } else if (op == "keys") {
      for (std::string key; words >> key;) result.keys.push_back(key);
    } else if (!op.empty()) {
      fault = "unknown operation '" + op + "'";
      return std::nullopt;
    }
  }
  if (result.moves == 0) {
    fault = "neither dm nor nomate";
    return std::nullopt;
  }
  return result;
}

}  // namespace

int run_mate_suite(const std::string& path, bool with_proofs, std::size_t hash_megabytes,
                   std::size_t max_positions, std::size_t movetime_ms, std::ostream& out,
                   std::ostream& err) {
  auto file = open_input_file(path, err);
  if (!file) return 2;
  std::atomic<bool> stop{false};
  int unanswered = 0;
  int number = 0;
  int wrong = 0;
  double search_ms = 0;
  double search_ms_five_up = 0;
  double check_ms = 0;
  std::size_t proof_positions = 0;
  std::size_t largest_proof = 0;
  std::uint64_t nodes = 0;
  for (std::string line; std::getline(*file, line);) {
    if (line.empty() || line[0] == '#') continue;
    ++number;
    std::string fault;
    const auto test = read_case(line, fault);
    const auto root = test ? games::Chess::parse(test->fen, fault) : std::nullopt;
    if (!root) {
      err << "brudno: " << path << " line " << number << ": " << fault << '\n';
      return 2;
    }
    const std::string expected =
        (test->mate ? "mate " : "no mate in ") + std::to_string(test->moves);
    const auto start = SuiteClock::now();
    games::chess::MateSearch search(*root, stop, hash_megabytes);
    std::optional<int> found;
    {
      // The search on this thread; the clock's stop, if any, on another.
      std::mutex mutex;
      std::condition_variable done;
      bool finished = false;
      std::thread watch;
      stop.store(false);
      if (movetime_ms > 0) {
        watch = std::thread([&] {
          std::unique_lock lock(mutex);
          if (!done.wait_for(lock, std::chrono::milliseconds(movetime_ms),
                             [&] { return finished; }))
            stop.store(true);
        });
      }
      found = search.shortest_mate(test->moves);
      {
        const std::lock_guard lock(mutex);
        finished = true;
      }
      done.notify_all();
      if (watch.joinable()) watch.join();
    }
    const double ms = suite_elapsed_ms(start);
    if (search.stopped()) {
      ++unanswered;
      out << number << " STOPPED after " << decimals_text(ms) << " ms (" << expected << "), "
          << search.nodes() << " nodes\n";
      stop.store(false);
      continue;
    }
    search_ms += ms;
    if (test->mate && test->moves >= 5) search_ms_five_up += ms;
    nodes += search.nodes();
    const std::string answer =
        found ? "mate " + std::to_string(*found) : "no mate in " + std::to_string(test->moves);
    std::string verdict = answer == expected ? "ok" : "WRONG";
    std::string detail;
    if (!test->keys.empty()) {
      games::chess::MateSearch all(*root, stop, hash_megabytes);
      std::set<std::string> listed;
      for (const auto& key : all.all_keys(test->moves))
        listed.insert(games::Chess::move_text(key.move));
      const std::set<std::string> wanted(test->keys.begin(), test->keys.end());
      detail += ", " + std::to_string(listed.size()) + " keys";
      if (listed != wanted) {
        verdict = "WRONG";
        detail += " (not those of the file)";
      }
    }
    if (with_proofs && found && verdict == "ok") {
      auto proved =
          protocol::prove_mates(*root, *found, false, stop, hash_megabytes, max_positions);
      if (const auto* problem = std::get_if<std::string>(&proved)) {
        verdict = "WRONG";
        detail += ", no proof: " + *problem;
      } else {
        const auto& proof = std::get<protocol::MateProofs>(proved).document.proofs.front();
        const auto check_start = SuiteClock::now();
        const auto fault_found = engine::check_proof(*root, proof);
        const double checked = suite_elapsed_ms(check_start);
        check_ms += checked;
        proof_positions += proof.positions();
        largest_proof = std::max(largest_proof, proof.positions());
        detail += ", proof " + std::to_string(proof.positions()) + " positions checked in " +
                  decimals_text(checked) + " ms";
        if (fault_found) {
          verdict = "WRONG";
          detail += ": " + *fault_found;
        }
      }
    }
    if (verdict != "ok") ++wrong;
    out << number << ' ' << verdict << ": " << answer << " (" << expected << ") in "
        << decimals_text(ms) << " ms, " << search.nodes() << " nodes" << detail << '\n';
  }
  out << "positions " << number << " right " << number - wrong - unanswered << " wrong " << wrong
      << " unanswered " << unanswered << '\n';
  out << "search " << decimals_text(search_ms)
      << " ms (mates in 5 or more: " << decimals_text(search_ms_five_up) << " ms), " << nodes
      << " nodes\n";
  if (with_proofs) {
    out << "proofs " << proof_positions << " positions (largest " << largest_proof
        << "), checked in " << decimals_text(check_ms) << " ms\n";
  }
  return wrong == 0 ? 0 : 1;
}

}  // namespace brudno::tools
