// `brudno serve` against clients that would hold its descriptors: each port
// has a cap on its connections, the HTTP port one per peer address too, and
// a write that makes no progress within --write-timeout closes its
// connection, so that a flood of slow readers on one port neither exhausts
// the server nor locks the analyst out of the other.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/serve_process.hpp"
#include "tools/tcp/line_client.hpp"
#include "tools/tcp/stalled_readers.hpp"

namespace brudno::testing::server_caps {
namespace {

using namespace std::chrono_literals;
using tools::LineClient;
using tools::StalledReaders;

// A page's folder with one large file, a response that fills the buffers of
// a client that does not read it many times over.
class LargeFilePage {
 public:
  static constexpr const char* kPath = "/large.js";
  LargeFilePage()
      : root_(std::filesystem::temp_directory_path() /
              ("brudno-test-caps-" + std::to_string(::getpid()) + "-" +
               std::to_string(std::random_device{}()))) {
    std::filesystem::create_directories(root_);
    std::ofstream(root_ / "index.html") << "<!doctype html><title>brudno</title>\n";
    std::ofstream(root_ / "large.js") << "// " << std::string(256 * 1024, 'x') << '\n';
  }
  ~LargeFilePage() { std::filesystem::remove_all(root_); }
  LargeFilePage(const LargeFilePage&) = delete;
  LargeFilePage& operator=(const LargeFilePage&) = delete;
  [[nodiscard]] std::string root() const { return root_.string(); }

 private:
  std::filesystem::path root_;
};

// `count` requests for the large file in one go, as a client pipelines them.
std::string pipelined_requests(unsigned short port, int count) {
  std::string requests;
  for (int i = 0; i < count; ++i) {
    requests += std::string("GET ") + LargeFilePage::kPath +
                " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n\r\n";
  }
  return requests;
}

// Commands whose answers (a few hundred kilobytes) no socket buffer holds.
std::string many_uci_commands() {
  std::string commands;
  for (int i = 0; i < 200; ++i) commands += "uci\n";
  return commands;
}

// A WebSocket upgrade of /uci, as a client that is no browser asks it.
std::string websocket_upgrade(unsigned short port) {
  return "GET /uci HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
         "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
}

// The commands above, one text message each, masked as a client's must be
// (with a zero mask, which leaves the payload as it is).
std::string many_uci_messages() {
  const std::string message("\x81\x83\0\0\0\0uci", 9);
  std::string messages;
  for (int i = 0; i < 200; ++i) messages += message;
  return messages;
}

std::size_t open_descriptors(pid_t pid) {
  std::size_t count = 0;
  for ([[maybe_unused]] const auto& entry :
       std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd")) {
    ++count;
  }
  return count;
}

// Whether the process's open descriptors come down to `count` or fewer
// within `timeout`.
bool descriptors_fall_to(pid_t pid, std::size_t count, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (open_descriptors(pid) > count) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

bool session_count_becomes(LineClient& admin, int expected) {
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (std::chrono::steady_clock::now() < deadline) {
    admin.send("sessions");
    if (admin.read_line() == "info string sessions " + std::to_string(expected)) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

// The flood, in small: clients from five addresses each pipeline
// requests for the largest file and never read. The HTTP port admits its
// cap of them (8 from one address, 34 in all: --max-sessions 1 and its 16
// waiting connections, twice) and closes the rest at once; the answered
// ones are reset once their responses stall for the write timeout. The line
// port has descriptors of its own meanwhile: the token holder is served.
TEST(ServerCaps, SlowReadersOfThePageAreClosedWhileTheTokenHolderIsServed) {
  const TokenFile token;
  const LargeFilePage page;
  Server server({"--token-file", token.path(), "--max-sessions", "1", "--write-timeout", "2",
                 "--http", "127.0.0.1:0", "--web-root", page.root()});
  const pid_t pid = server.process().pid();
  const std::size_t before = open_descriptors(pid);
  constexpr int kHttpCap = 34;
  constexpr int kPerAddress = 10;
  const std::string requests = pipelined_requests(server.http_port(), 20);
  std::vector<std::unique_ptr<StalledReaders>> flood;
  for (const char* source : {"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"}) {
    flood.push_back(
        std::make_unique<StalledReaders>(server.http_port(), kPerAddress, requests, source));
  }
  LineClient analyst(server.port());
  analyst.send(std::string("auth ") + TokenFile::kToken);
  EXPECT_EQ(analyst.read_line(5s), "info string authenticated");
  analyst.send("uci");
  const auto uci = analyst.read_until("uciok", 5s);
  ASSERT_FALSE(uci.empty());
  EXPECT_EQ(uci.back(), "uciok");
  // The flood's connections and the analyst's, no more, once the server has
  // taken each of the flood's and either answered or closed it: one accepted
  // and about to be closed for its address's cap still holds a descriptor.
  int settled = 0;
  for (const auto& readers : flood) settled += readers->wait_until_all_settled(5s);
  EXPECT_EQ(settled, kPerAddress * static_cast<int>(flood.size()));
  EXPECT_LE(open_descriptors(pid), before + kHttpCap + 1);
  int closed = 0;
  for (const auto& readers : flood) closed += readers->wait_until_all_closed(15s);
  EXPECT_EQ(closed, kPerAddress * static_cast<int>(flood.size()));
  EXPECT_TRUE(descriptors_fall_to(pid, before + 1, 5s)) << open_descriptors(pid);
  analyst.send("isready");
  EXPECT_EQ(analyst.read_line(5s), "readyok");
}

// A client that stops reading with output pending is closed once no write
// has made progress for the write timeout: one in its session, one that has
// quit (its slot given back at once, its output still waiting), and one on
// a WebSocket. Their descriptors are the server's again.
TEST(ServerCaps, ClientsThatStopReadingAreClosedAfterTheWriteTimeout) {
  Server server({"--write-timeout", "2", "--http", "127.0.0.1:0"});
  const pid_t pid = server.process().pid();
  LineClient admin(server.port());
  admin.send("isready");
  ASSERT_EQ(admin.read_line(), "readyok");
  const std::size_t before = open_descriptors(pid);
  const StalledReaders in_session(server.port(), 1, many_uci_commands());
  const StalledReaders quitting(server.port(), 1, many_uci_commands() + "quit\n");
  const StalledReaders websocket(server.http_port(), 1, websocket_upgrade(server.http_port()));
  ASSERT_EQ(websocket.wait_until_all_answered(5s), 1);  // its upgrade
  websocket.send(many_uci_messages());
  ASSERT_EQ(in_session.wait_until_all_answered(5s), 1);
  ASSERT_EQ(quitting.wait_until_all_answered(5s), 1);
  EXPECT_EQ(
      in_session.closed_by_server() + quitting.closed_by_server() + websocket.closed_by_server(),
      0);
  EXPECT_EQ(in_session.wait_until_all_closed(15s), 1);
  EXPECT_EQ(quitting.wait_until_all_closed(15s), 1);
  EXPECT_EQ(websocket.wait_until_all_closed(15s), 1);
  EXPECT_TRUE(session_count_becomes(admin, 1));
  EXPECT_TRUE(descriptors_fall_to(pid, before, 5s)) << open_descriptors(pid);
}

// --max-sessions 1 --max-unauthenticated 4: 10 connections on each port,
// 8 from one address. Connections being answered are not the waiting ones
// a newcomer may push out: past a cap the newcomer is closed at once, and
// the line port is not touched.
TEST(ServerCaps, AConnectionPastItsAddressOrPortCapIsClosedAtOnce) {
  const LargeFilePage page;
  Server server({"--max-sessions", "1", "--max-unauthenticated", "4", "--write-timeout", "60",
                 "--http", "127.0.0.1:0", "--web-root", page.root()});
  const std::string requests = pipelined_requests(server.http_port(), 4);
  const StalledReaders first_address(server.http_port(), 8, requests, "127.0.0.2");
  ASSERT_EQ(first_address.wait_until_all_answered(5s), 8);
  const StalledReaders ninth_from_it(server.http_port(), 1, requests, "127.0.0.2");
  EXPECT_EQ(ninth_from_it.wait_until_all_closed(5s), 1);
  const StalledReaders second_address(server.http_port(), 2, requests, "127.0.0.3");
  ASSERT_EQ(second_address.wait_until_all_answered(5s), 2);
  const StalledReaders eleventh(server.http_port(), 1, requests, "127.0.0.4");
  EXPECT_EQ(eleventh.wait_until_all_closed(5s), 1);
  EXPECT_EQ(first_address.closed_by_server() + second_address.closed_by_server(), 0);
  LineClient analyst(server.port());
  analyst.send("isready");
  EXPECT_EQ(analyst.read_line(5s), "readyok");
}

// --max-sessions 2 --max-unauthenticated 1: 6 connections on the line port.
// Clients that quit with their output unread give their session slots back
// but hold their sockets until the write timeout: five of them and the admin
// fill the port, and the next connection is closed at once (no error line:
// it is no session refused), until theirs close.
TEST(ServerCaps, ClosingLineClientsCountAgainstTheLinePortsCap) {
  Server server({"--max-sessions", "2", "--max-unauthenticated", "1", "--write-timeout", "5"});
  LineClient admin(server.port());
  std::vector<std::unique_ptr<StalledReaders>> closing;
  for (int i = 0; i < 5; ++i) {
    closing.push_back(
        std::make_unique<StalledReaders>(server.port(), 1, many_uci_commands() + "quit\n"));
    ASSERT_EQ(closing.back()->wait_until_all_answered(5s), 1);
    ASSERT_TRUE(session_count_becomes(admin, 1));
  }
  LineClient over_the_cap(server.port());
  EXPECT_FALSE(over_the_cap.read_line(2s).has_value());
  EXPECT_TRUE(over_the_cap.closed_by_server());
  for (const auto& client : closing) EXPECT_EQ(client->wait_until_all_closed(15s), 1);
  LineClient later(server.port());
  later.send("isready");
  EXPECT_EQ(later.read_line(5s), "readyok");
}

// The server's side of the established connections on `port`, as
// /proc/net/tcp shows them: which of its timers runs ("tr": 2 is the
// keepalive timer) and in how many hundredths of a second it fires.
struct ServerSocketTimer {
  int which = 0;
  long hundredths = 0;
};
std::vector<ServerSocketTimer> established_on(unsigned short port) {
  std::ifstream table("/proc/net/tcp");
  std::string line;
  std::getline(table, line);  // the header
  std::vector<ServerSocketTimer> timers;
  while (std::getline(table, line)) {
    std::istringstream fields(line);
    std::string slot, local, remote, state, queues, timer;
    fields >> slot >> local >> remote >> state >> queues >> timer;
    const auto local_port = std::stoul(local.substr(local.find(':') + 1), nullptr, 16);
    if (local_port != port || state != "01") continue;
    const auto colon = timer.find(':');
    timers.push_back({std::stoi(timer.substr(0, colon), nullptr, 16),
                      std::stol(timer.substr(colon + 1), nullptr, 16)});
  }
  return timers;
}

// On both ports an idle connection has TCP's keepalive timer running, due
// within its 30 seconds: a peer that vanishes is found and its descriptor
// given back.
TEST(ServerCaps, AcceptedConnectionsAreProbedByTcpKeepalive) {
  Server server({"--http", "127.0.0.1:0"});
  LineClient line(server.port());
  LineClient web(server.http_port(), LineClient::Transport::kWebSocket);
  for (auto* client : {&line, &web}) {
    client->send("isready");
    ASSERT_EQ(client->read_line(5s), "readyok");
  }
  for (const unsigned short port : {server.port(), server.http_port()}) {
    // Until the client's acknowledgement is in, the timer shown may be the
    // retransmission's.
    auto timers = established_on(port);
    const auto deadline = std::chrono::steady_clock::now() + 3s;
    while (timers.size() == 1 && timers.front().which != 2 &&
           std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(20ms);
      timers = established_on(port);
    }
    ASSERT_EQ(timers.size(), 1u) << "port " << port;
    EXPECT_EQ(timers.front().which, 2) << "port " << port;
    EXPECT_GT(timers.front().hundredths, 0);
    EXPECT_LE(timers.front().hundredths, 30 * 100);
  }
}

}  // namespace
}  // namespace brudno::testing::server_caps
