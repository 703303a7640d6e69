#pragma once
// The soak's clients that mean well, and the resetter: each loops against one
// `brudno serve` until a time and adds what it saw to a shared tally.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "tools/tcp/line_client.hpp"

namespace brudno::tools::soak {

using Clock = std::chrono::steady_clock;

// Where and how a client connects, and what it asks.
struct ClientPlan {
  unsigned short port = 0;  // the line port, or the --http port for a WebSocket
  LineClient::Transport transport = LineClient::Transport::kTcp;
  std::string certificate;           // empty: no TLS
  std::optional<std::string> token;  // sent first (`auth <token>`) when the server asks one
  std::string game = "connect4";     // connect4 or chess
  bool hand_written = false;         // chess's hand-written evaluation instead of the network
  bool isready = false;              // uci and isready before the first search
  int movetime = 50;
  std::size_t max_searches = 0;
};

// What the clients of one kind saw, together.
struct ClientTotals {
  std::mutex mutex;
  std::vector<double> connect_ms;       // connecting, the TLS handshake and the token if any
  std::vector<double> beyond_ms;        // go to bestmove, minus the movetime
  std::vector<double> first_beyond_ms;  // the same for each session's first search
  std::vector<double> ready_ms;         // uci and isready to readyok (--isready)
  std::size_t searches = 0;
  std::size_t errors = 0;  // info string error lines
  std::size_t lost = 0;    // a bestmove or readyok that never came
  std::size_t connect_failures = 0;
  std::size_t resets = 0;             // connections reset by the resetters
  std::size_t resetters_refused = 0;  // their sessions refused for room

  [[nodiscard]] bool clean() const {
    return lost == 0 && errors == 0 && connect_failures == 0 && resetters_refused == 0;
  }
};

// Loops position / go movetime / read to bestmove until `until`, on one
// session; `index` varies the positions from client to client.
void run_client(const ClientPlan& plan, int index, Clock::time_point until, ClientTotals& totals);

// Until `until`: connects, starts an infinite search, and resets the
// connection a tenth of a second later, as a crashed client leaves.
void run_resetter(const ClientPlan& plan, Clock::time_point until, ClientTotals& totals);

// Connects and, with a token, authenticates; nothing when either fails.
std::optional<LineClient> connect_client(const ClientPlan& plan);

}  // namespace brudno::tools::soak
