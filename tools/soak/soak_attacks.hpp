#pragma once
// The attacks the soak runs beside its honest clients, each a loop until a
// time: the HTTP port's slow readers, silent connections on the line port, a
// session hogging memory with a breadth-first 15-puzzle search, and bursts
// of garbage. What each must not do is the honest clients' tally to show
// (soak_clients.hpp); what each met is tallied here.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace brudno::tools::soak {

struct AttackPlan {
  unsigned short line_port = 0;
  unsigned short http_port = 0;  // 0: the server has no --http
  std::string certificate;       // empty: no TLS
  std::optional<std::string> token;
  // What the slow readers ask for, many times over: the page's largest file.
  std::string slow_reader_path = "/vendor/chess.js/dist/esm/chess.js";
};

struct AttackTotals {
  std::mutex mutex;
  std::size_t slow_readers_opened = 0;
  std::size_t slow_readers_closed = 0;  // by the server: at once, or after stalling
  std::size_t silent_opened = 0;
  std::size_t hog_searches = 0;
  std::size_t hog_stopped_at_budget = 0;  // the search said it reached a memory limit
  std::vector<double> hog_stop_ms;        // `stop` to bestmove, where it was needed
  std::size_t hog_lost = 0;               // a hog's bestmove that never came
  std::size_t garbage_connections = 0;
};

// `count` connections to the HTTP port at a time, from eight loopback
// addresses in turn, each pipelining 40 requests for the largest file with
// the smallest receive buffer and never reading; opened again as the server
// closes them.
void run_slow_readers(const AttackPlan& plan, int count,
                      std::chrono::steady_clock::time_point until, AttackTotals& totals);

// `count` connections to the line port that never send a byte, opened again
// every few seconds.
void run_silent(const AttackPlan& plan, int count, std::chrono::steady_clock::time_point until,
                AttackTotals& totals);

// A session (with the token, if any) that searches a hard 15-puzzle
// breadth first, keeping every state it reaches, until its memory budget
// stops it or three seconds pass and it is told to stop; again and again.
void run_puzzle_hog(const AttackPlan& plan, std::chrono::steady_clock::time_point until,
                    AttackTotals& totals);

// Connections to the line port that send bytes of every value, lines long
// and short, without a token.
void run_garbage(const AttackPlan& plan, std::chrono::steady_clock::time_point until,
                 AttackTotals& totals);

}  // namespace brudno::tools::soak
