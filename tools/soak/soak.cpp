// brudno-soak: many clients on loopback, each looping position / go movetime /
// read to bestmove against one `brudno serve`, for a bounded time and count.
// Reports completed searches, error lines, lost bestmoves, the latency from
// `go` to `bestmove` beyond the movetime, and the server's resident memory
// before the clients come and after they leave. "Before" is measured twice:
// cold, as the server starts, and warm, after one client has run one search
// and left, so that pages of code run for the first time (which stay mapped)
// and the search's one-time set-up are not counted as memory the clients kept.
//
// A session's first search is reported apart from the rest: it is the one
// that waits for the session's table (unless `--isready` has each client
// ask for `readyok` first, as a GUI does). `--resetters N` adds clients that
// start infinite searches and reset their connections, the way a crashed or
// disconnected client leaves.

#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
#include <csignal>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>

#include "tools/pipe/pipe_engine.hpp"
#include "tools/tcp/line_client.hpp"

namespace {

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// A field of /proc/PID/status in kB: VmRSS (all resident memory), RssAnon
// (heap and stacks) or RssFile (pages of the binary and libraries, which stay
// once the code has run).
long status_kb(pid_t pid, const std::string& field) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with(field + ":")) return std::stol(line.substr(field.size() + 1));
  }
  return -1;
}

long resident_kb(pid_t pid) {
  return status_kb(pid, "VmRSS");
}

struct Totals {
  std::mutex mutex;
  std::vector<double> connect_ms;  // connecting, and the TLS handshake if any
  std::vector<double> beyond_ms;   // go to bestmove, minus the movetime
  std::vector<double> first_beyond_ms;  // the same for each session's first search
  std::vector<double> ready_ms;         // uci and isready to readyok (--isready)
  std::size_t resets = 0;               // connections reset by the resetters
  std::size_t resetters_refused = 0;    // their sessions refused for room
  std::size_t searches = 0;
  std::size_t errors = 0;
  std::size_t lost = 0;
  std::size_t connect_failures = 0;
};

// Opening positions to vary the searches, whole `position` commands.
const std::vector<std::string> kConnectFourPositions = {
    "position startpos", "position fen 4",    "position fen 44", "position fen 443",
    "position fen 4453", "position fen 3",    "position fen 35", "position fen 2416"};
const std::vector<std::string> kChessPositions = {
    "position startpos",
    "position startpos moves e2e4",
    "position startpos moves e2e4 e7e5 g1f3",
    "position startpos moves d2d4 d7d5 c2c4 e7e6",
    "position startpos moves e2e4 c7c5 g1f3 d7d6 d2d4",
    "position startpos moves c2c4 g8f6 b1c3",
    "position startpos moves d2d4 g8f6 c2c4 g7g6 b1c3 f8g7",
    "position startpos moves e2e4 e7e6 d2d4 d7d5 b1c3"};

// What every client of one run does alike.
struct ClientPlan {
  unsigned short port = 0;
  brudno::tools::LineClient::Transport transport{};
  std::string certificate;  // empty: no TLS
  std::string game;         // connect4 or chess
  bool hand_written = false;  // chess's hand-written evaluation instead of the network
  bool isready = false;       // uci and isready before the first search
  int movetime = 50;
  std::size_t max_searches = 0;
};

using Transport = brudno::tools::LineClient::Transport;

// `trusted_certificate`: empty for plain TCP or WebSocket, else the server's
// certificate for a TLS connection.
double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::size_t error_lines(const std::vector<std::string>& lines) {
  return static_cast<std::size_t>(std::count_if(lines.begin(), lines.end(), [](auto& line) {
    return line.starts_with("info string error");
  }));
}

void run_client(const ClientPlan& plan, int index, Clock::time_point until, Totals& totals) {
  std::unique_ptr<brudno::tools::LineClient> client;
  const auto connect_start = Clock::now();
  try {
    client = std::make_unique<brudno::tools::LineClient>(plan.port, plan.transport,
                                                         plan.certificate);
  } catch (const std::exception&) {
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

// Until `until`: connect, start an infinite search, and reset the connection
// a moment later. What matters is what this does to the other clients.
void run_resetter(const ClientPlan& plan, Clock::time_point until, Totals& totals) {
  const std::string kRefusal = "info string error: the server has its maximum";
  std::size_t resets = 0;
  std::size_t refused = 0;
  while (Clock::now() < until) {
    try {
      brudno::tools::LineClient client(plan.port, plan.transport, plan.certificate);
      client.send("setoption name Game value " + plan.game);
      client.send("position startpos");
      client.send("go infinite");
      // The search runs for a tenth of a second, unless the server refused the session.
      const auto lines = client.read_until(kRefusal, 100ms);
      if (!lines.empty() && lines.back().starts_with(kRefusal)) {
        ++refused;
        continue;
      }
      client.reset();
      ++resets;
    } catch (const std::exception&) {
      ++refused;  // not even connected
      std::this_thread::sleep_for(100ms);
    }
  }
  const std::lock_guard lock(totals.mutex);
  totals.resets += resets;
  totals.resetters_refused += refused;
}

double percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description options(
      "Usage: brudno-soak [options]\n\nStarts `brudno serve` on a free loopback port and runs\n"
      "many clients against it. Exits 1 if a bestmove was lost or an error line came.\n\nOptions");
  options.add_options()("help,h", "show this help")(
      "binary", po::value<std::string>()->default_value("build/release/brudno"),
      "the brudno executable")("clients", po::value<int>()->default_value(64), "clients at once")(
      "seconds", po::value<int>()->default_value(60), "how long the clients loop")(
      "movetime", po::value<int>()->default_value(50), "milliseconds per search")(
      "game", po::value<std::string>()->default_value("connect4"), "connect4 or chess")(
      "hce", "chess: the hand-written evaluation instead of the network")(
      "isready",
      "each client sends uci and isready and waits for readyok before its first search, as a "
      "GUI does")("resetters", po::value<int>()->default_value(0),
                  "clients beside the others that start infinite searches and reset "
                  "their connections, again and again")(
      "searches", po::value<std::size_t>()->default_value(100000), "most searches per client")(
      "threads", po::value<int>()->default_value(0), "the server's --threads; 0: its default")(
      "tls-cert", po::value<std::string>(),
      "serve over TLS with this certificate (which the clients trust); needs --tls-key")(
      "tls-key", po::value<std::string>(), "the key of --tls-cert")(
      "websocket",
      "the clients speak over WebSocket to the server's --http address (WSS with "
      "--tls-cert)");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, options), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "brudno-soak: " << e.what() << '\n';
    return 2;
  }
  if (vm.count("help")) {
    std::cout << options << '\n';
    return 0;
  }
  const int clients = vm["clients"].as<int>();
  if (clients < 1 || vm["seconds"].as<int>() < 1 || vm["movetime"].as<int>() < 1) {
    std::cerr << "brudno-soak: --clients, --seconds and --movetime must be positive\n";
    return 2;
  }
  const std::string game = vm["game"].as<std::string>();
  if (game != "connect4" && game != "chess") {
    std::cerr << "brudno-soak: --game is connect4 or chess, not '" << game << "'\n";
    return 2;
  }
  if (vm.count("hce") && game != "chess") {
    std::cerr << "brudno-soak: --hce is for --game chess\n";
    return 2;
  }
  const int resetters = vm["resetters"].as<int>();
  if (resetters < 0) {
    std::cerr << "brudno-soak: --resetters cannot be negative\n";
    return 2;
  }
  std::vector<std::string> args = {"--log-level",
                                   "warn",
                                   "serve",
                                   "--listen",
                                   "127.0.0.1:0",
                                   "--max-sessions",
                                   std::to_string(clients + resetters)};
  if (vm["threads"].as<int>() > 0) {
    args.insert(args.end(), {"--threads", std::to_string(vm["threads"].as<int>())});
  }
  if (vm.count("tls-cert") != vm.count("tls-key")) {
    std::cerr << "brudno-soak: --tls-cert and --tls-key go together\n";
    return 2;
  }
  const std::string certificate = vm.count("tls-cert") ? vm["tls-cert"].as<std::string>() : "";
  if (!certificate.empty()) {
    args.insert(args.end(),
                {"--tls-cert", certificate, "--tls-key", vm["tls-key"].as<std::string>()});
  }
  const Transport transport = vm.count("websocket") ? Transport::kWebSocket : Transport::kTcp;
  if (transport == Transport::kWebSocket) args.insert(args.end(), {"--http", "127.0.0.1:0"});
  brudno::tools::PipeEngine server(vm["binary"].as<std::string>(), args);
  auto banner = server.read_line(10s);
  std::string prefix = "brudno serve: listening on 127.0.0.1:";
  if (banner && transport == Transport::kWebSocket) {
    banner = server.read_line(10s);  // the --http address comes second
    prefix = "brudno serve: http on 127.0.0.1:";
  }
  if (!banner || !banner->starts_with(prefix)) {
    std::cerr << "brudno-soak: the server did not start\n";
    return 1;
  }
  const auto port = static_cast<unsigned short>(std::stoi(banner->substr(prefix.size())));
  std::this_thread::sleep_for(200ms);
  const long rss_cold = resident_kb(server.pid());
  ClientPlan plan;
  plan.port = port;
  plan.transport = transport;
  plan.certificate = certificate;
  plan.game = game;
  plan.hand_written = vm.count("hce") > 0;
  plan.isready = vm.count("isready") > 0;
  plan.movetime = vm["movetime"].as<int>();
  plan.max_searches = 1;
  Totals warm_up;
  run_client(plan, 0, Clock::now() + 10s, warm_up);
  plan.max_searches = vm["searches"].as<std::size_t>();
  std::this_thread::sleep_for(1s);  // the session closes and frees its table
  const long rss_before = resident_kb(server.pid());
  const long anon_before = status_kb(server.pid(), "RssAnon");

  Totals totals;
  const auto start = Clock::now();
  const auto until = start + std::chrono::seconds(vm["seconds"].as<int>());
  std::vector<std::thread> threads;
  for (int i = 0; i < clients; ++i) {
    threads.emplace_back(run_client, std::cref(plan), i, until, std::ref(totals));
  }
  for (int i = 0; i < resetters; ++i) {
    threads.emplace_back(run_resetter, std::cref(plan), until, std::ref(totals));
  }
  long rss_peak = 0;
  while (Clock::now() < until) {
    rss_peak = std::max(rss_peak, resident_kb(server.pid()));
    std::this_thread::sleep_for(250ms);
  }
  for (auto& thread : threads) thread.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::this_thread::sleep_for(3s);  // sessions close and free their tables
  const long rss_after = resident_kb(server.pid());
  const long anon_after = status_kb(server.pid(), "RssAnon");
  const long file_after = status_kb(server.pid(), "RssFile");
  server.signal(SIGTERM);
  const auto status = server.wait_exit(5s);

  std::cout << std::fixed << std::setprecision(1);
  std::cout << "clients " << clients
            << (transport == Transport::kWebSocket
                    ? (certificate.empty() ? " over WebSocket" : " over WSS")
                    : (certificate.empty() ? " over TCP" : " over TLS"))
            << ", seconds " << seconds << ", movetime " << plan.movetime << " ms, " << game
            << (plan.hand_written ? " (hand-written evaluation)" : "")
            << (resetters > 0 ? ", " + std::to_string(resetters) + " resetting" : "") << '\n';
  std::cout << "connecting" << (certificate.empty() ? "" : " and the TLS handshake") << ": p50 "
            << percentile(totals.connect_ms, 0.5) << " ms, worst "
            << percentile(totals.connect_ms, 1.0) << " ms\n";
  std::cout << "searches completed " << totals.searches << ", errors " << totals.errors
            << ", lost bestmoves " << totals.lost << ", failed connections "
            << totals.connect_failures;
  if (resetters > 0) {
    std::cout << ", connections reset " << totals.resets << ", resetters refused "
              << totals.resetters_refused;
  }
  std::cout << '\n';
  if (plan.isready) {
    std::cout << "uci and isready to readyok: p50 " << percentile(totals.ready_ms, 0.5)
              << " ms, worst " << percentile(totals.ready_ms, 1.0) << " ms\n";
  }
  std::vector<double> all_beyond = totals.beyond_ms;
  all_beyond.insert(all_beyond.end(), totals.first_beyond_ms.begin(),
                    totals.first_beyond_ms.end());
  const auto print_beyond = [](const char* which, const std::vector<double>& values) {
    std::cout << which << ": p50 " << percentile(values, 0.5) << " ms, p99 "
              << percentile(values, 0.99) << " ms, worst " << percentile(values, 1.0) << " ms\n";
  };
  print_beyond("go to bestmove beyond movetime", all_beyond);
  print_beyond("  a session's first search", totals.first_beyond_ms);
  print_beyond("  the searches after it", totals.beyond_ms);
  const auto change = [](long before, long after) {
    return 100.0 * static_cast<double>(after - before) / static_cast<double>(std::max(1L, before));
  };
  std::cout << "server RSS: cold " << rss_cold / 1024.0 << " MB, warm (before) "
            << rss_before / 1024.0 << " MB, peak " << rss_peak / 1024.0 << " MB, after "
            << rss_after / 1024.0 << " MB (" << change(rss_before, rss_after)
            << "% change from warm, " << change(rss_cold, rss_after) << "% from cold)\n";
  std::cout << "of which anonymous (heap, stacks): before " << anon_before / 1024.0 << " MB, after "
            << anon_after / 1024.0 << " MB (" << change(anon_before, anon_after)
            << "% change); file-backed after " << file_after / 1024.0 << " MB\n";
  std::cout << "server exit status after SIGTERM: "
            << (status ? std::to_string(*status) : std::string("still running")) << '\n';
  const auto clean_run = [](const Totals& run) {
    return run.lost == 0 && run.errors == 0 && run.connect_failures == 0 &&
           run.resetters_refused == 0;
  };
  const bool clean = clean_run(warm_up) && clean_run(totals) && status == 0;
  return clean ? 0 : 1;
}
