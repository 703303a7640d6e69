#include "tools/soak/soak_clients.hpp"

#include <algorithm>
#include <thread>

namespace brudno::tools::soak {

namespace {

using namespace std::chrono_literals;

// Opening positions to vary the searches, whole `position` commands.
const std::vector<std::string> kConnectFourPositions = {
    "position startpos", "position fen 4", "position fen 44", "position fen 443",
    "position fen 4453", "position fen 3", "position fen 35", "position fen 2416"};
const std::vector<std::string> kChessPositions = {
    "position startpos",
    "position startpos moves e2e4",
    "position startpos moves e2e4 e7e5 g1f3",
    "position startpos moves d2d4 d7d5 c2c4 e7e6",
    "position startpos moves e2e4 c7c5 g1f3 d7d6 d2d4",
    "position startpos moves c2c4 g8f6 b1c3",
    "position startpos moves d2d4 g8f6 c2c4 g7g6 b1c3 f8g7",
    "position startpos moves e2e4 e7e6 d2d4 d7d5 b1c3"};

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::size_t error_lines(const std::vector<std::string>& lines) {
  return static_cast<std::size_t>(std::count_if(lines.begin(), lines.end(), [](auto& line) {
    return line.starts_with("info string error");
  }));
}

}  // namespace

std::optional<LineClient> connect_client(const ClientPlan& plan) {
  try {
    LineClient client(plan.port, plan.transport, plan.certificate);
    if (plan.token) {
      client.send("auth " + *plan.token);
      if (client.read_line(10s) != "info string authenticated") return std::nullopt;
    }
    return client;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void run_client(const ClientPlan& plan, int index, Clock::time_point until, ClientTotals& totals) {
  const auto connect_start = Clock::now();
  auto client = connect_client(plan);
  if (!client) {
    const std::lock_guard lock(totals.mutex);
    ++totals.connect_failures;
    return;
  }
  const double connect_ms = milliseconds_since(connect_start);
  client->send("setoption name Game value " + plan.game);
  if (plan.hand_written) client->send("setoption name Use NNUE value false");
  std::vector<double> beyond;
  std::optional<double> first_beyond;
  std::optional<double> ready_ms;
  std::size_t searches = 0;
  std::size_t errors = 0;
  std::size_t lost = 0;
  if (plan.isready) {
    const auto start = Clock::now();
    client->send("uci");
    client->send("isready");
    const auto lines = client->read_until("readyok", 20s);
    errors += error_lines(lines);
    if (lines.empty() || lines.back() != "readyok") {
      ++lost;
      until = Clock::now();  // the session is in an unknown state
    } else {
      ready_ms = milliseconds_since(start);
    }
  }
  const auto& positions = plan.game == "chess" ? kChessPositions : kConnectFourPositions;
  for (std::size_t n = 0; n < plan.max_searches && Clock::now() < until; ++n) {
    client->send(positions[(static_cast<std::size_t>(index) + n) % positions.size()]);
    const auto start = Clock::now();
    client->send("go movetime " + std::to_string(plan.movetime));
    const auto lines =
        client->read_until("bestmove", std::chrono::milliseconds(plan.movetime) + 10s);
    const auto elapsed = milliseconds_since(start);
    errors += error_lines(lines);
    if (lines.empty() || !lines.back().starts_with("bestmove")) {
      ++lost;
      break;  // the session is in an unknown state
    }
    ++searches;
    (n == 0 ? first_beyond.emplace() : beyond.emplace_back()) = elapsed - plan.movetime;
  }
  client->send("quit");
  const std::lock_guard lock(totals.mutex);
  totals.searches += searches;
  totals.errors += errors;
  totals.lost += lost;
  totals.connect_ms.push_back(connect_ms);
  totals.beyond_ms.insert(totals.beyond_ms.end(), beyond.begin(), beyond.end());
  if (first_beyond) totals.first_beyond_ms.push_back(*first_beyond);
  if (ready_ms) totals.ready_ms.push_back(*ready_ms);
}

void run_resetter(const ClientPlan& plan, Clock::time_point until, ClientTotals& totals) {
  const std::string kRefusal = "info string error: the server has its maximum";
  std::size_t resets = 0;
  std::size_t refused = 0;
  while (Clock::now() < until) {
    auto client = connect_client(plan);
    if (!client) {
      ++refused;  // not even connected
      std::this_thread::sleep_for(100ms);
      continue;
    }
    client->send("setoption name Game value " + plan.game);
    client->send("position startpos");
    client->send("go infinite");
    // The search runs for a tenth of a second, unless the server refused the session.
    const auto lines = client->read_until(kRefusal, 100ms);
    if (!lines.empty() && lines.back().starts_with(kRefusal)) {
      ++refused;
      continue;
    }
    client->reset();
    ++resets;
  }
  const std::lock_guard lock(totals.mutex);
  totals.resets += resets;
  totals.resetters_refused += refused;
}

}  // namespace brudno::tools::soak
