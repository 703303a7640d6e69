// brudno-soak: many clients on loopback, each looping position / go movetime /
// read to bestmove against one `brudno serve`, for a bounded time and count,
// optionally beside attackers. Reports completed searches, error lines, lost
// bestmoves, the latency from `go` to `bestmove` beyond the movetime, the
// server's resident memory before, during and after, and its descriptors
// before the clients come and after they leave. "Before" is measured
// twice: cold, as the server starts, and warm, after one client has run one
// search and left, so that pages of code run for the first time (which stay
// mapped) and the search's one-time set-up are not counted as memory the
// clients kept.
//
// A session's first search is reported apart from the rest: it is the one
// that waits for the session's table (unless `--isready` has each client
// ask for `readyok` first, as a GUI does). The attacks (soak_attacks.hpp)
// and the resetters run beside the honest clients; what they must not do is
// lose an honest client's answer, slow it past its time, grow the server's
// memory or leave descriptors behind.

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "tools/pipe/pipe_engine.hpp"
#include "tools/soak/process_stats.hpp"
#include "tools/soak/soak_attacks.hpp"
#include "tools/soak/soak_clients.hpp"

namespace {

namespace po = boost::program_options;
using brudno::tools::LineClient;
using brudno::tools::soak::AttackPlan;
using brudno::tools::soak::AttackTotals;
using brudno::tools::soak::ClientPlan;
using brudno::tools::soak::ClientTotals;
using brudno::tools::soak::run_client;
using brudno::tools::soak::run_resetter;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// "p50 X ms[, p99 Y ms], worst Z ms" over the timings, or "none" where there
// are none: zeros would read as answers that came at once.
std::string spread(std::vector<double> values, bool with_p99) {
  if (values.empty()) return "none";
  std::sort(values.begin(), values.end());
  const auto at = [&](double fraction) {
    return values[static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1))];
  };
  std::ostringstream text;
  text << std::fixed << std::setprecision(1) << "p50 " << at(0.5) << " ms, ";
  if (with_p99) text << "p99 " << at(0.99) << " ms, ";
  text << "worst " << at(1.0) << " ms";
  return text.str();
}

// A token file only this user can read, removed when the soak ends.
class TokenFile {
 public:
  TokenFile()
      : path_(std::filesystem::temp_directory_path() /
              ("brudno-soak-token-" + std::to_string(::getpid()))) {
    std::random_device random;
    for (int i = 0; i < 32; ++i) token_ += "0123456789abcdef"[random() % 16];
    std::ofstream(path_) << token_ << '\n';
    ::chmod(path_.c_str(), S_IRUSR | S_IWUSR);
  }
  ~TokenFile() { std::filesystem::remove(path_); }
  TokenFile(const TokenFile&) = delete;
  TokenFile& operator=(const TokenFile&) = delete;
  [[nodiscard]] std::string path() const { return path_.string(); }
  [[nodiscard]] const std::string& token() const { return token_; }

 private:
  std::filesystem::path path_;
  std::string token_;
};

void print_searches(const char* who, const ClientTotals& totals) {
  std::cout << who << ": searches completed " << totals.searches << ", errors " << totals.errors
            << ", lost " << totals.lost << ", failed connections " << totals.connect_failures
            << '\n';
  std::vector<double> all_beyond = totals.beyond_ms;
  all_beyond.insert(all_beyond.end(), totals.first_beyond_ms.begin(), totals.first_beyond_ms.end());
  std::cout << "  go to bestmove beyond movetime: " << spread(all_beyond, true) << '\n';
  std::cout << "    a session's first search: " << spread(totals.first_beyond_ms, true) << '\n';
  std::cout << "    the searches after it: " << spread(totals.beyond_ms, true) << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description options(
      "Usage: brudno-soak [options]\n\nStarts `brudno serve` on a free loopback port and runs\n"
      "many clients against it, optionally beside attackers. Exits 1 if an honest client's\n"
      "bestmove was lost, an error line came, a resetter was refused, the server kept\n"
      "descriptors after the clients left, or (with --check-memory) its memory grew past\n"
      "the warm-up.\n\nOptions");
  options.add_options()("help,h", "show this help")(
      "binary", po::value<std::string>()->default_value("build/release/brudno"),
      "the brudno executable")("clients", po::value<int>()->default_value(64), "clients at once")(
      "seconds", po::value<int>()->default_value(60), "how long the clients loop")(
      "movetime", po::value<int>()->default_value(50), "milliseconds per search")(
      "searches", po::value<std::size_t>()->default_value(100000), "most searches per client")(
      "threads", po::value<int>()->default_value(0), "the server's --threads; 0: its default")(
      "game", po::value<std::string>()->default_value("connect4"), "connect4 or chess")(
      "hce", "chess: the hand-written evaluation instead of the network")(
      "isready",
      "each client sends uci and isready and waits for readyok before its first search, as a "
      "GUI does")(
      "tls-cert", po::value<std::string>(),
      "serve over TLS with this certificate (which the clients trust); needs --tls-key")(
      "tls-key", po::value<std::string>(), "the key of --tls-cert")(
      "websocket",
      "the clients speak over WebSocket to the server's --http address (WSS with --tls-cert)")(
      "token", "serve with a token file; every client sends the token first")(
      "websocket-clients", po::value<int>()->default_value(0),
      "honest WebSocket clients beside the others, as the browser page is")(
      "resetters", po::value<int>()->default_value(0),
      "clients that start infinite searches and reset their connections, again and again")(
      "slow-readers", po::value<int>()->default_value(0),
      "connections at a time to the HTTP port that pipeline 40 requests for the page's largest "
      "file and never read")("silent", po::value<int>()->default_value(0),
                             "connections at a time to the line port that never send a byte")(
      "puzzle-hogs", po::value<int>()->default_value(0),
      "sessions searching a hard 15-puzzle breadth first, again and again")(
      "garbage", po::value<int>()->default_value(0),
      "connections at a time sending random bytes to the line port")(
      "max-sessions", po::value<int>()->default_value(0),
      "the server's --max-sessions; 0: as many as the soak's sessions (clients, WebSocket "
      "clients, resetters and puzzle hogs)")(
      "nofile", po::value<int>()->default_value(0),
      "start the server under this descriptor limit (ulimit -n); 0: the shell's")(
      "warm-up", po::value<int>()->default_value(-1),
      "seconds after which the server's memory should stay flat; -1: a third of --seconds")(
      "check-memory",
      "exit 1 if the resident memory after the warm-up passes its peak during "
      "it by more than 10%");
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
  const auto count_of = [&vm](const char* name) { return vm[name].as<int>(); };
  const int clients = count_of("clients");
  const int seconds = count_of("seconds");
  if (clients < 1 || seconds < 1 || count_of("movetime") < 1) {
    std::cerr << "brudno-soak: --clients, --seconds and --movetime must be positive\n";
    return 2;
  }
  for (const char* name : {"websocket-clients", "resetters", "slow-readers", "silent",
                           "puzzle-hogs", "garbage", "max-sessions", "nofile"}) {
    if (count_of(name) < 0) {
      std::cerr << "brudno-soak: --" << name << " cannot be negative\n";
      return 2;
    }
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
  if (vm.count("tls-cert") != vm.count("tls-key")) {
    std::cerr << "brudno-soak: --tls-cert and --tls-key go together\n";
    return 2;
  }
  if (count_of("silent") > 0 && !vm.count("token")) {
    std::cerr << "brudno-soak: --silent needs --token (without one every connection is a "
                 "session, and silent ones would take the clients' places)\n";
    return 2;
  }
  const int warm_up = count_of("warm-up") >= 0 ? count_of("warm-up") : seconds / 3;
  const int resetters = count_of("resetters");
  const int hogs = count_of("puzzle-hogs");
  const bool all_websocket = vm.count("websocket") > 0;
  const bool http =
      all_websocket || count_of("websocket-clients") > 0 || count_of("slow-readers") > 0;

  std::optional<TokenFile> token_file;
  if (vm.count("token")) token_file.emplace();
  const std::size_t sessions =
      count_of("max-sessions") > 0
          ? static_cast<std::size_t>(count_of("max-sessions"))
          : static_cast<std::size_t>(clients + count_of("websocket-clients") + resetters + hogs);
  std::vector<std::string> args = {
      "--log-level",           "error", "serve", "--listen", "127.0.0.1:0", "--max-sessions",
      std::to_string(sessions)};
  if (count_of("threads") > 0)
    args.insert(args.end(), {"--threads", std::to_string(count_of("threads"))});
  const std::string certificate = vm.count("tls-cert") ? vm["tls-cert"].as<std::string>() : "";
  if (!certificate.empty()) {
    args.insert(args.end(),
                {"--tls-cert", certificate, "--tls-key", vm["tls-key"].as<std::string>()});
  }
  if (http) args.insert(args.end(), {"--http", "127.0.0.1:0"});
  if (token_file) args.insert(args.end(), {"--token-file", token_file->path()});
  std::string program = vm["binary"].as<std::string>();
  if (count_of("nofile") > 0) {
    // Through the shell, as `ulimit -n N; brudno serve ...` would be typed.
    args.insert(args.begin(),
                {"-c", "ulimit -n " + std::to_string(count_of("nofile")) + " && exec \"$0\" \"$@\"",
                 program});
    program = "/bin/sh";
  }
  brudno::tools::PipeEngine server(program, args);
  unsigned short line_port = 0;
  unsigned short http_port = 0;
  // The line port's banner, then the HTTP port's; other notes may come between.
  for (int banner = 0; banner < 6 && (line_port == 0 || (http && http_port == 0)); ++banner) {
    const auto line = server.read_line(10s);
    constexpr std::string_view kLines = "brudno serve: listening on 127.0.0.1:";
    constexpr std::string_view kHttp = "brudno serve: http on 127.0.0.1:";
    if (line && line->starts_with(kLines)) {
      line_port = static_cast<unsigned short>(std::stoi(line->substr(kLines.size())));
    } else if (line && line->starts_with(kHttp)) {
      http_port = static_cast<unsigned short>(std::stoi(line->substr(kHttp.size())));
    }
  }
  if (line_port == 0 || (http && http_port == 0)) {
    std::cerr << "brudno-soak: the server did not start\n";
    return 1;
  }
  std::this_thread::sleep_for(200ms);
  const pid_t pid = server.pid();
  const long rss_cold = brudno::tools::resident_kb(pid);

  ClientPlan plan;
  plan.port = all_websocket ? http_port : line_port;
  plan.transport = all_websocket ? LineClient::Transport::kWebSocket : LineClient::Transport::kTcp;
  plan.certificate = certificate;
  if (token_file) plan.token = token_file->token();
  plan.game = game;
  plan.hand_written = vm.count("hce") > 0;
  plan.isready = vm.count("isready") > 0;
  plan.movetime = count_of("movetime");
  plan.max_searches = 1;
  ClientTotals warm_up_run;
  run_client(plan, 0, Clock::now() + 10s, warm_up_run);
  std::this_thread::sleep_for(1s);  // the session closes and frees its table
  plan.max_searches = vm["searches"].as<std::size_t>();
  ClientPlan websocket_plan = plan;
  websocket_plan.port = http_port;
  websocket_plan.transport = LineClient::Transport::kWebSocket;
  AttackPlan attack;
  attack.line_port = line_port;
  attack.http_port = http_port;
  attack.certificate = certificate;
  attack.token = plan.token;

  const long rss_before = brudno::tools::resident_kb(pid);
  const long anon_before = brudno::tools::status_kb(pid, "RssAnon");
  const std::size_t descriptors_before = brudno::tools::open_descriptors(pid);
  ClientTotals totals;
  ClientTotals websocket_totals;
  ClientTotals resetter_totals;
  AttackTotals attack_totals;
  const auto start = Clock::now();
  const auto until = start + std::chrono::seconds(seconds);
  std::vector<std::thread> threads;
  for (int i = 0; i < clients; ++i) {
    threads.emplace_back(run_client, std::cref(plan), i, until, std::ref(totals));
  }
  for (int i = 0; i < count_of("websocket-clients"); ++i) {
    threads.emplace_back(run_client, std::cref(websocket_plan), i, until,
                         std::ref(websocket_totals));
  }
  for (int i = 0; i < resetters; ++i) {
    threads.emplace_back(run_resetter, std::cref(plan), until, std::ref(resetter_totals));
  }
  if (count_of("slow-readers") > 0) {
    threads.emplace_back(brudno::tools::soak::run_slow_readers, std::cref(attack),
                         count_of("slow-readers"), until, std::ref(attack_totals));
  }
  if (count_of("silent") > 0) {
    threads.emplace_back(brudno::tools::soak::run_silent, std::cref(attack), count_of("silent"),
                         until, std::ref(attack_totals));
  }
  for (int i = 0; i < hogs; ++i) {
    threads.emplace_back(brudno::tools::soak::run_puzzle_hog, std::cref(attack), until,
                         std::ref(attack_totals));
  }
  for (int i = 0; i < count_of("garbage"); ++i) {
    threads.emplace_back(brudno::tools::soak::run_garbage, std::cref(attack), until,
                         std::ref(attack_totals));
  }
  long peak_warming = 0;
  long peak_after_warm_up = 0;
  std::size_t peak_descriptors = 0;
  while (Clock::now() < until) {
    const long rss = brudno::tools::resident_kb(pid);
    long& peak =
        Clock::now() < start + std::chrono::seconds(warm_up) ? peak_warming : peak_after_warm_up;
    peak = std::max(peak, rss);
    peak_descriptors = std::max(peak_descriptors, brudno::tools::open_descriptors(pid));
    std::this_thread::sleep_for(250ms);
  }
  for (auto& thread : threads) thread.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  std::this_thread::sleep_for(3s);  // sessions close and free their tables
  const long rss_after = brudno::tools::resident_kb(pid);
  const long anon_after = brudno::tools::status_kb(pid, "RssAnon");
  const long file_after = brudno::tools::status_kb(pid, "RssFile");
  const std::size_t descriptors_after = brudno::tools::open_descriptors(pid);
  server.signal(SIGTERM);
  const auto status = server.wait_exit(15s);

  std::cout << std::fixed << std::setprecision(1);
  std::cout << "clients " << clients
            << (all_websocket ? (certificate.empty() ? " over WebSocket" : " over WSS")
                              : (certificate.empty() ? " over TCP" : " over TLS"))
            << (token_file ? " with a token" : "") << ", seconds " << elapsed << ", movetime "
            << plan.movetime << " ms, " << game
            << (plan.hand_written ? " (hand-written evaluation)" : "") << '\n';
  std::cout << "connecting" << (certificate.empty() ? "" : " and the TLS handshake")
            << (token_file ? " and the token" : "") << ": " << spread(totals.connect_ms, false)
            << '\n';
  if (plan.isready) {
    std::cout << "uci and isready to readyok: " << spread(totals.ready_ms, false) << '\n';
  }
  print_searches("clients", totals);
  if (count_of("websocket-clients") > 0) print_searches("WebSocket clients", websocket_totals);
  if (resetters > 0) {
    std::cout << "resetters: connections reset " << resetter_totals.resets << ", refused "
              << resetter_totals.resetters_refused << '\n';
  }
  if (count_of("slow-readers") > 0) {
    std::cout << "slow readers: opened " << attack_totals.slow_readers_opened
              << ", closed by the server " << attack_totals.slow_readers_closed << '\n';
  }
  if (count_of("silent") > 0) {
    std::cout << "silent connections opened " << attack_totals.silent_opened << '\n';
  }
  if (hogs > 0) {
    std::cout << "puzzle hogs: searches " << attack_totals.hog_searches
              << ", stopped at a memory limit " << attack_totals.hog_stopped_at_budget << ", lost "
              << attack_totals.hog_lost << ", stop to bestmove "
              << spread(attack_totals.hog_stop_ms, false) << '\n';
  }
  if (count_of("garbage") > 0) {
    std::cout << "garbage connections " << attack_totals.garbage_connections << '\n';
  }
  const auto change = [](long before, long after) {
    return 100.0 * static_cast<double>(after - before) / static_cast<double>(std::max(1L, before));
  };
  const bool flat = peak_after_warm_up <= peak_warming + peak_warming / 10;
  std::cout << "server RSS: cold " << rss_cold / 1024.0 << " MB, warm (before) "
            << rss_before / 1024.0 << " MB, peak in the first " << warm_up << " s "
            << peak_warming / 1024.0 << " MB, peak after " << peak_after_warm_up / 1024.0 << " MB ("
            << (flat ? "flat" : "grew") << "), after " << rss_after / 1024.0 << " MB ("
            << change(rss_before, rss_after) << "% change from warm, "
            << change(rss_cold, rss_after) << "% from cold)\n";
  std::cout << "of which anonymous (heap, stacks): before " << anon_before / 1024.0 << " MB, after "
            << anon_after / 1024.0 << " MB (" << change(anon_before, anon_after)
            << "% change); file-backed after " << file_after / 1024.0 << " MB\n";
  std::cout << "server descriptors: before " << descriptors_before << ", peak " << peak_descriptors
            << ", after " << descriptors_after << '\n';
  std::cout << "server exit status after SIGTERM: "
            << (status ? std::to_string(*status) : std::string("still running")) << '\n';
  const bool clean = warm_up_run.clean() && totals.clean() && websocket_totals.clean() &&
                     resetter_totals.clean() && attack_totals.hog_lost == 0 &&
                     descriptors_after <= descriptors_before && status == 0 &&
                     (flat || !vm.count("check-memory"));
  return clean ? 0 : 1;
}
