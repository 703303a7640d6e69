#include "tools/soak/soak_attacks.hpp"

#include <algorithm>
#include <memory>
#include <random>
#include <system_error>
#include <thread>

#include "tools/soak/soak_clients.hpp"
#include "tools/tcp/silent_connections.hpp"
#include "tools/tcp/stalled_readers.hpp"

namespace brudno::tools::soak {

namespace {

using namespace std::chrono_literals;
using SteadyClock = std::chrono::steady_clock;

// Sleeps for `pause`, or until `until` if that comes first.
void pause_until(SteadyClock::time_point until, SteadyClock::duration pause) {
  std::this_thread::sleep_until(std::min(until, SteadyClock::now() + pause));
}

std::string pipelined_requests(const AttackPlan& plan, int count) {
  std::string requests;
  for (int i = 0; i < count; ++i) {
    requests += "GET " + plan.slow_reader_path +
                " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(plan.http_port) + "\r\n\r\n";
  }
  return requests;
}

}  // namespace

void run_slow_readers(const AttackPlan& plan, int count, SteadyClock::time_point until,
                      AttackTotals& totals) {
  constexpr int kBatch = 10;
  const std::string requests = pipelined_requests(plan, 40);
  while (SteadyClock::now() < until) {
    std::vector<std::unique_ptr<StalledReaders>> readers;
    std::size_t opened = 0;
    std::size_t refused = 0;
    for (int made = 0; made < count && SteadyClock::now() < until; made += kBatch) {
      const std::string source = "127.0.0." + std::to_string(2 + (made / kBatch) % 8);
      try {
        readers.push_back(std::make_unique<StalledReaders>(
            plan.http_port, std::min(kBatch, count - made), requests, source));
        opened += static_cast<std::size_t>(readers.back()->size());
      } catch (const std::system_error&) {
        refused += static_cast<std::size_t>(std::min(kBatch, count - made));  // closed at once
      }
    }
    std::size_t closed = refused;
    // The server resets the ones it answers once their writes stall.
    for (const auto& batch : readers) {
      closed += static_cast<std::size_t>(
          batch->wait_until_all_closed(std::chrono::duration_cast<std::chrono::milliseconds>(
              std::max(SteadyClock::duration{0}, until - SteadyClock::now()) + 1s)));
    }
    const std::lock_guard lock(totals.mutex);
    totals.slow_readers_opened += opened + refused;
    totals.slow_readers_closed += closed;
  }
}

void run_silent(const AttackPlan& plan, int count, SteadyClock::time_point until,
                AttackTotals& totals) {
  while (SteadyClock::now() < until) {
    try {
      const SilentConnections silent(plan.line_port, count);
      {
        const std::lock_guard lock(totals.mutex);
        totals.silent_opened += static_cast<std::size_t>(count);
      }
      pause_until(until, 5s);
    } catch (const std::exception&) {
      pause_until(until, 1s);  // the server's caps closed some at once
    }
  }
}

void run_puzzle_hog(const AttackPlan& plan, SteadyClock::time_point until, AttackTotals& totals) {
  ClientPlan client_plan;
  client_plan.port = plan.line_port;
  client_plan.certificate = plan.certificate;
  client_plan.token = plan.token;
  auto client = connect_client(client_plan);
  if (!client) {
    const std::lock_guard lock(totals.mutex);
    ++totals.hog_lost;
    return;
  }
  client->send("setoption name Game value 15puzzle");
  client->send("setoption name Algorithm value bfs");
  // Korf's first instance: 57 moves, far beyond what breadth first can hold.
  client->send("position fen 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");
  while (SteadyClock::now() < until) {
    client->send("go");
    auto lines = client->read_until("bestmove", 3s);
    std::optional<double> stop_ms;
    if (lines.empty() || !lines.back().starts_with("bestmove")) {
      const auto stop_start = SteadyClock::now();
      client->send("stop");
      const auto rest = client->read_until("bestmove", 10s);
      lines.insert(lines.end(), rest.begin(), rest.end());
      stop_ms = std::chrono::duration<double, std::milli>(SteadyClock::now() - stop_start).count();
    }
    const bool answered = !lines.empty() && lines.back().starts_with("bestmove");
    const bool at_budget = std::any_of(lines.begin(), lines.end(), [](const std::string& line) {
      return line.starts_with("info string the search stopped at the");
    });
    const std::lock_guard lock(totals.mutex);
    ++totals.hog_searches;
    if (at_budget) ++totals.hog_stopped_at_budget;
    if (stop_ms) totals.hog_stop_ms.push_back(*stop_ms);
    if (!answered) {
      ++totals.hog_lost;
      return;
    }
  }
  client->send("quit");
}

void run_garbage(const AttackPlan& plan, SteadyClock::time_point until, AttackTotals& totals) {
  std::mt19937 random(20261203);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<int> length(1, 3000);
  while (SteadyClock::now() < until) {
    try {
      LineClient client(plan.line_port, LineClient::Transport::kTcp, plan.certificate);
      for (int line = 0; line < 20; ++line) {
        std::string bytes(static_cast<std::size_t>(length(random)), ' ');
        for (auto& c : bytes) c = static_cast<char>(byte(random));
        client.send_raw(bytes + "\n");
      }
      (void)client.closed_by_server(500ms);
      const std::lock_guard lock(totals.mutex);
      ++totals.garbage_connections;
    } catch (const std::exception&) {
      pause_until(until, 100ms);
    }
  }
}

}  // namespace brudno::tools::soak
