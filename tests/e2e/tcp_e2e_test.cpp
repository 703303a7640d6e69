// `brudno serve` end to end: the built binary on 127.0.0.1 with a free port,
// driven by several TCP clients at once.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

#include "tests/e2e/serve_process.hpp"
#include "tests/sanitized_build.hpp"
#include "tools/pipe/pipe_engine.hpp"
#include "tools/tcp/line_client.hpp"
#include "tools/tcp/silent_connections.hpp"

namespace brudno::testing {
namespace {

using namespace std::chrono_literals;
using tools::count_prefix;
using tools::LineClient;
using tools::SilentConnections;
using tools::starts_with;

// The line that starts with `prefix` among `lines`, or "".
std::string find_line(const std::vector<std::string>& lines, const std::string& prefix) {
  const auto it = std::find_if(lines.begin(), lines.end(),
                               [&](const auto& line) { return starts_with(line, prefix); });
  return it == lines.end() ? std::string{} : *it;
}

// The `score ...` part of the last info line before bestmove.
std::string final_score(const std::vector<std::string>& lines) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    const auto at = it->find(" score ");
    if (starts_with(*it, "info ") && at != std::string::npos) {
      const auto end = it->find(' ', it->find(' ', at + 7) + 1);
      return it->substr(at + 1, end - at - 1);
    }
  }
  return {};
}

// The same commands on standard input: the reference for a TCP session.
std::vector<std::string> over_stdin(const std::vector<std::string>& commands) {
  tools::PipeEngine engine(BRUDNO_BINARY, {});
  for (const auto& command : commands) engine.send(command);
  return engine.read_until("bestmove", 60s);
}

// The transport tests run twice: over plain TCP, and over TLS with a
// certificate made for the test (the client trusts it).
class TcpServer : public ::testing::TestWithParam<bool> {
 public:
  [[nodiscard]] bool tls() const { return GetParam(); }
  Server start(std::vector<std::string> options = {}) {
    if (tls()) {
      options.insert(options.end(),
                     {"--tls-cert", certificate_->certificate(), "--tls-key", certificate_->key()});
    }
    return Server(options);
  }
  LineClient connect(const Server& server) {
    return tls() ? LineClient(server.port(), certificate_->certificate())
                 : LineClient(server.port());
  }

 private:
  std::unique_ptr<TestCertificate> certificate_ =
      GetParam() ? std::make_unique<TestCertificate>() : nullptr;
};

INSTANTIATE_TEST_SUITE_P(Transports, TcpServer, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "tls" : "tcp"; });

const std::vector<std::string> kConnectFourSolve = {"setoption name Game value connect4",
                                                    "position fen 2416615552", "go solve"};
const std::vector<std::string> kTicTacToeSolve = {"setoption name Game value tictactoe",
                                                  "position fen O.X/.../...", "go solve"};

TEST_P(TcpServer, TwoClientsAnalysingDifferentGamesGetIndependentCorrectResults) {
  Server server = start();
  LineClient connect_four = connect(server);
  LineClient tic_tac_toe = connect(server);
  for (const auto& line : kConnectFourSolve) connect_four.send(line);
  for (const auto& line : kTicTacToeSolve) tic_tac_toe.send(line);
  const auto four = connect_four.read_until("bestmove", 60s);
  const auto three = tic_tac_toe.read_until("bestmove", 60s);
  ASSERT_TRUE(!four.empty() && starts_with(four.back(), "bestmove ")) << four.size();
  ASSERT_TRUE(!three.empty() && starts_with(three.back(), "bestmove ")) << three.size();
  EXPECT_EQ(final_score(three), "score mate 3");  // the classic win in 5 plies
  const auto reference = over_stdin(kConnectFourSolve);
  EXPECT_EQ(final_score(four), final_score(reference));
  EXPECT_FALSE(final_score(four).empty());
  // Each session kept its own game.
  tic_tac_toe.send("d");
  tic_tac_toe.send("isready");
  const auto shown = tic_tac_toe.read_until("readyok");
  EXPECT_NE(find_line(shown, " O | 2 | X"), "") << shown.front();
}

TEST_P(TcpServer, OverLongLineCutsOffOnlyItsClient) {
  Server server = start();
  LineClient bystander = connect(server);
  for (const auto& line : kConnectFourSolve) bystander.send(line);
  LineClient flooder = connect(server);
  flooder.send(std::string(1 << 20, 'x'));
  const auto reply = flooder.read_line(10s);
  ASSERT_TRUE(reply.has_value());
  EXPECT_TRUE(starts_with(*reply, "info string error: line too long")) << *reply;
  EXPECT_TRUE(flooder.closed_by_server());
  const auto lines = bystander.read_until("bestmove", 60s);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
  EXPECT_EQ(final_score(lines), final_score(over_stdin(kConnectFourSolve)));
  bystander.send("isready");
  EXPECT_EQ(bystander.read_line(), "readyok");
}

// Random bytes and random protocol words, never `quit` (which would end the session).
std::string garbage_line(std::mt19937& random) {
  static const std::vector<std::string> words = {
      "go",        "position", "setoption", "name",  "value", "Hash",  "Threads", "Game",
      "startpos",  "fen",      "moves",     "depth", "-1",    "9e9",   "stop",    "isready",
      "ponderhit", "proof",    "d",         "uci",   "solve", "nodes", "4",       "connect4"};
  std::string line;
  const int parts = static_cast<int>(random() % 8);
  for (int i = 0; i < parts; ++i) {
    if (random() % 2) {
      line += words[random() % words.size()];
    } else {
      const int length = static_cast<int>(random() % 12);
      for (int j = 0; j < length; ++j) {
        char c = static_cast<char>(random() % 256);
        if (c == '\n') c = ' ';
        line += c;
      }
    }
    line += ' ';
  }
  return line;
}

TEST_P(TcpServer, TenThousandGarbageLinesDisturbNobody) {
  Server server = start();
  LineClient analyst = connect(server);
  for (const auto& line : kConnectFourSolve) analyst.send(line);
  LineClient vandal = connect(server);
  std::mt19937 random(20261122);
  // In batches, each closed by isready, so the vandal's replies never back up.
  for (int batch = 0; batch < 20; ++batch) {
    for (int i = 0; i < 500; ++i) vandal.send(garbage_line(random));
    vandal.send("isready");
    const auto replies = vandal.read_until("readyok", 60s);
    ASSERT_FALSE(replies.empty()) << "batch " << batch;
    ASSERT_EQ(replies.back(), "readyok") << "batch " << batch;
  }
  vandal.send("stop");
  const auto lines = analyst.read_until("bestmove", 60s);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
  EXPECT_EQ(final_score(lines), final_score(over_stdin(kConnectFourSolve)));
  LineClient after = connect(server);
  after.send("isready");
  EXPECT_EQ(after.read_line(), "readyok");
}

// Polls `sessions` until the count is `expected` or time runs out.
bool sessions_become(LineClient& admin, int expected,
                     std::chrono::milliseconds timeout = std::chrono::seconds(5)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    admin.send("sessions");
    if (admin.read_line() == "info string sessions " + std::to_string(expected)) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

TEST_P(TcpServer, DisconnectMidSearchFreesTheSession) {
  Server server = start();
  LineClient admin = connect(server);
  {
    LineClient leaver = connect(server);
    leaver.send("setoption name Game value synthetic");
    leaver.send("position fen 8 30 5 random");
    leaver.send("go infinite");
    EXPECT_TRUE(starts_with(leaver.read_line().value_or(""), "info "));
    EXPECT_TRUE(sessions_become(admin, 2));
  }  // the client goes away in the middle of its search
  EXPECT_TRUE(sessions_become(admin, 1));
}

TEST_P(TcpServer, SessionsBeyondTheMaximumAreRefused) {
  Server server = start({"--max-sessions", "2"});
  LineClient first = connect(server);
  LineClient second = connect(server);
  first.send("isready");
  second.send("isready");
  ASSERT_EQ(first.read_line(), "readyok");
  ASSERT_EQ(second.read_line(), "readyok");
  LineClient third = connect(server);
  const auto refusal = third.read_line(5s);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_TRUE(starts_with(*refusal, "info string error: the server has its maximum of 2"))
      << *refusal;
  EXPECT_TRUE(third.closed_by_server());
  first.send("isready");
  EXPECT_EQ(first.read_line(), "readyok");
}

TEST_P(TcpServer, AuthenticationIsRequiredWhenConfigured) {
  // A file of its own: the TCP and TLS runs of this test may run at once.
  const TokenFile token;
  Server server = start({"--token-file", token.path()});
  {
    LineClient stranger = connect(server);
    stranger.send("uci");
    const auto reply = stranger.read_line(5s);
    ASSERT_TRUE(reply.has_value());
    EXPECT_TRUE(starts_with(*reply, "info string error: authentication failed")) << *reply;
    EXPECT_TRUE(stranger.closed_by_server());
  }
  {
    LineClient guesser = connect(server);
    guesser.send("auth correct-horse-battery-stapler");
    EXPECT_EQ(guesser.read_line(5s).value_or(""),
              "info string error: authentication failed: wrong token; closing the connection");
    EXPECT_TRUE(guesser.closed_by_server());
  }
  LineClient analyst = connect(server);
  analyst.send(std::string("auth ") + TokenFile::kToken);
  EXPECT_EQ(analyst.read_line(), "info string authenticated");
  analyst.send("isready");
  EXPECT_EQ(analyst.read_line(), "readyok");
}

// With every slot taken, a client whose token is right waits a moment for
// one, its next lines held, rather than being refused at once; past the
// wait it is refused.
TEST_P(TcpServer, ATokenHolderWaitsAMomentForASlotWithItsLinesHeld) {
  const TokenFile token;
  Server server = start({"--token-file", token.path(), "--max-sessions", "1"});
  const std::string auth = std::string("auth ") + TokenFile::kToken;
  LineClient first = connect(server);
  first.send(auth);
  EXPECT_EQ(first.read_line(), "info string authenticated");
  LineClient second = connect(server);
  second.send_raw(auth + "\nisready\n");
  std::this_thread::sleep_for(50ms);  // the second waits for the slot
  first.send("quit");
  EXPECT_EQ(second.read_line(), "info string authenticated");
  EXPECT_EQ(second.read_line(), "readyok");
  LineClient third = connect(server);
  const auto asked = std::chrono::steady_clock::now();
  third.send_raw(auth + "\nisready\n");
  EXPECT_TRUE(starts_with(third.read_line(5s).value_or(""),
                          "info string error: the server has its maximum of 1 sessions"));
  EXPECT_GE(std::chrono::steady_clock::now() - asked, 200ms);
  EXPECT_TRUE(third.closed_by_server());
}

// A web page can make the browser post a form to the line port, its body
// written as engine commands; the request line is never a client's first
// line, and the connection closes before anything of it is taken.
TEST_P(TcpServer, AnHttpRequestOnTheLinePortIsClosedAtOnce) {
  Server server = start();
  LineClient browser = connect(server);
  browser.send_raw(
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
      "Content-Length: 23\r\n\r\nuci\nisready\ngo infinite\n");
  EXPECT_FALSE(browser.read_line(5s).has_value());
  EXPECT_TRUE(browser.closed_by_server());
  LineClient analyst = connect(server);
  analyst.send("sessions");
  EXPECT_EQ(analyst.read_line(), "info string sessions 1");
}

constexpr int kSilentConnections = 1000;

// sshd's LoginGraceTime and MaxStartups: a stranger's silent connections
// take no session slot, and the newest connection pushes the longest
// waiting one out, so the token holder gets in at once (the grace period
// here is ten minutes: nothing waits for it).
TEST_P(TcpServer, SilentConnectionsDoNotLockOutTheTokenHolder) {
  const TokenFile token;
  Server server =
      start({"--token-file", token.path(), "--auth-timeout", "600", "--max-sessions", "1"});
  SilentConnections silent(server.port(), kSilentConnections);
  LineClient analyst = connect(server);
  analyst.send(std::string("auth ") + TokenFile::kToken);
  ASSERT_EQ(analyst.read_line(), "info string authenticated");
  analyst.send("sessions");
  EXPECT_EQ(analyst.read_line(), "info string sessions 1");
  analyst.send("position startpos");
  analyst.send("go depth 5");
  const auto search = analyst.read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_TRUE(starts_with(search.back(), "bestmove ")) << search.back();
  EXPECT_NE(search.back(), "bestmove (none)");
  EXPECT_EQ(count_prefix(search, "info string error"), 0u);
  EXPECT_TRUE(silent.oldest_closed_by_server());
}

// A TLS client whose handshake has begun has spoken, even while the server
// waits for the rest of it: a flood of silent sockets arriving after it
// closes silent ones, not it. Its first bytes are the start of a
// ClientHello record, which the server's TLS layer reads and waits on.
TEST_P(TcpServer, AClientMidHandshakeOutlastsSilentConnections) {
  if (!tls()) GTEST_SKIP() << "a handshake is TLS's";
  const TokenFile token;
  Server server = start({"--token-file", token.path(), "--auth-timeout", "600"});
  LineClient handshaking(server.port());  // plain TCP: it sends the bytes it is given
  ASSERT_TRUE(handshaking.send_raw(std::string("\x16\x03\x01\x00\xc8\x01\x00\x00\xc4\x03\x03", 11)));
  std::this_thread::sleep_for(200ms);  // the server reads them
  SilentConnections silent(server.port(), kSilentConnections);
  EXPECT_TRUE(silent.oldest_closed_by_server());
  EXPECT_FALSE(handshaking.closed_by_server(500ms)) << "closed before silent connections";
}

// Without a token every connection is a session, but a session that has not
// searched holds no table: a thousand silent ones leave the whole budget,
// here one default table, to the client that searches.
TEST_P(TcpServer, SilentConnectionsTakeNoTableMemory) {
  // A long grace: over TLS a connection silent past it (no handshake) is
  // closed, which a loaded machine reached before the analyst asked.
  Server server = start({"--max-sessions", std::to_string(kSilentConnections + 1),
                         "--max-total-hash", "16", "--max-hash", "16", "--auth-timeout", "600"});
  SilentConnections silent(server.port(), kSilentConnections);
  LineClient analyst = connect(server);
  // A connect completes in the kernel before the server accepts it, and one
  // whose handshake overflowed the listen queue is accepted after the
  // analyst's: ask until the server has met them all (a slow sanitized
  // build took seconds).
  const std::string every_session =
      "info string sessions " + std::to_string(kSilentConnections + 1);
  std::string answer;
  for (const auto until = std::chrono::steady_clock::now() + 30s;
       answer != every_session && std::chrono::steady_clock::now() < until;) {
    if (!answer.empty()) std::this_thread::sleep_for(100ms);
    analyst.send("sessions");
    answer = analyst.read_line().value_or("");
  }
  EXPECT_EQ(answer, every_session);
  analyst.send("position startpos");
  analyst.send("go depth 5");
  const auto search = analyst.read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_NE(search.back(), "bestmove (none)");
  EXPECT_EQ(count_prefix(search, "info string error"), 0u);
}

// The grace period runs from the connection and covers the TLS handshake:
// the first of a burst waits while the rest connect, which under a
// sanitizer on a loaded machine took more than the default ten seconds.
// What the bursts test is that none is closed for room.
const char* const kBurstGrace = test_build::kSanitized ? "120" : "10";

// Clients that connect together and then each send their token, `uci` and
// `isready`, as a tournament harness opening its engines does: the server
// meets them all before any has spoken, and every one is served. The
// waiting limit grows with the session limit, so none is closed for room
// (with a limit of 16, 48 of 64 were).
void expect_burst_served(TcpServer& test, Server& server, int clients) {
  std::vector<LineClient> connections;
  connections.reserve(static_cast<std::size_t>(clients));
  for (int i = 0; i < clients; ++i) connections.push_back(test.connect(server));
  {
    // The server accepts in order: once a later connection is answered, it
    // has met every one of them, silent.
    LineClient probe = test.connect(server);
    probe.send("isready");
    ASSERT_TRUE(starts_with(probe.read_line(30s).value_or(""), "info string error"));
  }
  for (auto& client : connections) {
    client.send_raw(std::string("auth ") + TokenFile::kToken + "\nuci\nisready\n");
  }
  // Clients are read in turn: the first waits for the server to meet the
  // whole burst, which a sanitized build on a loaded machine took past 30 s.
  const auto patience = test_build::kSanitized ? 120s : 30s;
  int served = 0;
  for (int i = 0; i < clients; ++i) {
    const auto lines = connections[static_cast<std::size_t>(i)].read_until("readyok", patience);
    EXPECT_EQ(count_prefix(lines, "info string error"), 0u)
        << "client " << i << ": " << find_line(lines, "info string error");
    if (!lines.empty() && lines.front() == "info string authenticated" &&
        lines.back() == "readyok" && count_prefix(lines, "uciok") == 1) {
      ++served;
    } else {
      ADD_FAILURE() << "client " << i << " not served; its last line: "
                    << (lines.empty() ? std::string("(none)") : lines.back());
    }
  }
  EXPECT_EQ(served, clients);
}

TEST_P(TcpServer, SixtyFourClientsAtOnceWithTheirTokenAreAllServed) {
  const TokenFile token;
  // The default limits.
  Server server = start({"--token-file", token.path(), "--auth-timeout", kBurstGrace});
  expect_burst_served(*this, server, 64);
}

TEST_P(TcpServer, TwoHundredClientsAtOnceWithTheirTokenAreAllServed) {
  const TokenFile token;
  Server server = start(
      {"--token-file", token.path(), "--max-sessions", "200", "--auth-timeout", kBurstGrace});
  expect_burst_served(*this, server, 200);
}

TEST_P(TcpServer, AConnectionWithoutItsTokenInTimeIsClosed) {
  const TokenFile token;
  Server server = start({"--token-file", token.path(), "--auth-timeout", "1"});
  LineClient slow = connect(server);
  const auto notice = slow.read_line(10s);
  ASSERT_TRUE(notice.has_value());
  EXPECT_EQ(*notice,
            "info string error: no 'auth <token>' within 1 seconds; closing the connection");
  EXPECT_TRUE(slow.closed_by_server());
  LineClient prompt = connect(server);
  prompt.send(std::string("auth ") + TokenFile::kToken);
  EXPECT_EQ(prompt.read_line(), "info string authenticated");
}

// The session limit counts authenticated clients: the one past it is told
// so once it has authenticated, and the session it would share is untouched.
TEST_P(TcpServer, TheSessionLimitCountsAuthenticatedClients) {
  const TokenFile token;
  Server server = start({"--token-file", token.path(), "--max-sessions", "1"});
  LineClient waiting = connect(server);  // connected, not yet authenticated
  LineClient first = connect(server);
  first.send(std::string("auth ") + TokenFile::kToken);
  ASSERT_EQ(first.read_line(), "info string authenticated");
  waiting.send(std::string("auth ") + TokenFile::kToken);
  EXPECT_TRUE(starts_with(waiting.read_line(5s).value_or(""),
                          "info string error: the server has its maximum of 1 sessions"));
  EXPECT_TRUE(waiting.closed_by_server());
  first.send("isready");
  EXPECT_EQ(first.read_line(), "readyok");
}

TEST_P(TcpServer, IdleClientsAreClosed) {
  Server server = start({"--idle-timeout", "1"});
  LineClient idler = connect(server);
  const auto notice = idler.read_line(5s);
  ASSERT_TRUE(notice.has_value());
  EXPECT_TRUE(starts_with(*notice, "info string error: no input for 1 seconds")) << *notice;
  EXPECT_TRUE(idler.closed_by_server());
}

TEST(TcpServerLimits, HashIsCappedPerSessionAndInTotal) {
  Server server({"--max-hash", "32", "--max-total-hash", "48"});
  LineClient first(server.port());
  first.send("setoption name Hash value 64");
  EXPECT_TRUE(starts_with(first.read_line().value_or(""), "info string error: Hash must be"));
  first.send("setoption name Hash value 32");
  first.send("isready");
  EXPECT_EQ(first.read_line(), "readyok");
  LineClient second(server.port());
  second.send("go depth 1");  // its default 16 MB: 32 + 16, at the cap
  EXPECT_TRUE(starts_with(second.read_until("bestmove").back(), "bestmove "));
  second.send("setoption name Hash value 17");
  EXPECT_EQ(second.read_line().value_or(""),
            "info string error: Hash 17 MB would exceed the server's total table memory; "
            "keeping 16 MB");
  LineClient third(server.port());  // connecting costs no table memory: it gets in
  third.send("go depth 1");
  EXPECT_TRUE(starts_with(third.read_line(5s).value_or(""),
                          "info string error: the server's table memory is in use"));
  EXPECT_EQ(third.read_line(5s).value_or(""), "bestmove (none)");
}

// A Hash the server's memory cannot hold is refused like one beyond its
// budget: the session keeps its table, and the budget is as it was, so the
// next client still finds room.
TEST(TcpServerLimits, HashThatCannotBeAllocatedKeepsTheTableAndTheBudget) {
  if (test_build::kSanitized)
    GTEST_SKIP() << "a sanitizer's shadow memory cannot run under ulimit -v";
  Server server({"--max-hash", "4096", "--max-total-hash", "4112"}, 1500 * 1000);
  LineClient first(server.port());
  first.send("go depth 1");  // the first search allocates the default table
  ASSERT_TRUE(starts_with(first.read_until("bestmove").back(), "bestmove "));
  first.send("setoption name Hash value 4096");  // within the budget, beyond the memory
  EXPECT_EQ(first.read_line().value_or(""),
            "info string error: cannot allocate 4096 MB for the hash table; keeping 16 MB");
  LineClient second(server.port());  // 16 + 16 MB: room only if the 4096 went back
  second.send("go depth 1");
  EXPECT_TRUE(starts_with(second.read_line(5s).value_or(""), "info "));
  first.send("go depth 3");
  EXPECT_TRUE(starts_with(first.read_until("bestmove").back(), "bestmove "));
}

TEST_P(TcpServer, SigtermAnswersEverySearchThenExitsZeroWithinOneSecond) {
  Server server = start();
  std::vector<std::unique_ptr<LineClient>> clients;
  for (int i = 0; i < 3; ++i) {
    auto& client = clients.emplace_back(std::make_unique<LineClient>(connect(server)));
    client->send("setoption name Game value synthetic");
    client->send("position fen 8 30 5 random");
    client->send("go infinite");
    ASSERT_TRUE(starts_with(client->read_line().value_or(""), "info "));
  }
  EXPECT_EQ(stop_with_sigterm(server.process(), 1s), 0);
  // Each search answered before its session closed (issue 13: they did not).
  for (auto& client : clients) {
    const auto lines = client->read_until("bestmove", 1s);
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
    EXPECT_TRUE(client->closed_by_server(1s));
  }
}

// A `go perft` count, which `stop` leaves alone, is given up when the server
// stops: a deep one held SIGTERM's exit for as long as it counted (hours for
// 9 plies of chess).
TEST_P(TcpServer, SigtermGivesUpACountingPerft) {
  Server server = start();
  LineClient client = connect(server);
  client.send("position startpos");
  client.send("go perft 9");
  client.send("isready");
  EXPECT_FALSE(client.read_line(300ms)) << "the count runs, and isready waits behind it";
  EXPECT_EQ(stop_with_sigterm(server.process(), kExitTime), 0);
  const auto lines = client.read_until("Nodes searched", 1s);
  EXPECT_TRUE(std::none_of(lines.begin(), lines.end(),
                           [](const auto& line) { return starts_with(line, "Nodes searched"); }));
  EXPECT_TRUE(client.closed_by_server(1s));
}

// Issue 13: resizing and clearing the table ran on the server's one I/O
// thread, so one client's large Hash stalled every other client.
TEST(TcpServerLimits, ALargeTableChangeDoesNotStallOtherClients) {
  if (test_build::kThreadSanitized)
    GTEST_SKIP() << "writing a gigabyte takes minutes under ThreadSanitizer";
  Server server({"--max-hash", "1024", "--max-total-hash", "1100"});
  LineClient resizer(server.port());
  LineClient bystander(server.port());
  for (int round = 0; round < 2; ++round) {
    // A gigabyte to allocate and clear, then one to clear (ucinewgame).
    resizer.send(round == 0 ? "setoption name Hash value 1024" : "ucinewgame");
    resizer.send("isready");
    bystander.send("isready");
    EXPECT_EQ(bystander.read_line(), "readyok");
    // The bystander had its answer while the resizer still waited for its own.
    EXPECT_FALSE(resizer.read_line(0ms).has_value()) << "round " << round;
    EXPECT_EQ(resizer.read_line(), "readyok");
  }
  resizer.send("go depth 3");
  EXPECT_TRUE(starts_with(resizer.read_until("bestmove").back(), "bestmove "));
}

// A client that resets while its gigabyte table is being written: the
// change is given up, another client is answered meanwhile, the slot comes
// back at once and the memory once the change has stopped (the next client
// can have the whole gigabyte, within a total that holds one).
TEST_P(TcpServer, AClientResetDuringATableChangeGivesItUpAndDelaysNoOne) {
  if (test_build::kThreadSanitized)
    GTEST_SKIP() << "writing a gigabyte takes minutes under ThreadSanitizer";
  Server server = start({"--max-hash", "1024", "--max-total-hash", "1100"});
  LineClient admin = connect(server);
  for (int round = 0; round < 3; ++round) {
    LineClient resizer = connect(server);
    resizer.send("setoption name Hash value 1024");
    EXPECT_TRUE(sessions_become(admin, 2)) << "round " << round;
    resizer.reset();
    admin.send("isready");
    EXPECT_EQ(admin.read_line(), "readyok") << "round " << round;
    EXPECT_TRUE(sessions_become(admin, 1)) << "round " << round;
  }
  // The last given-up change may still be stopping: its gigabyte comes back
  // when it has, within moments.
  LineClient next = connect(server);
  std::vector<std::string> lines;
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  do {
    next.send("setoption name Hash value 1024");
    next.send("isready");
    lines = next.read_until("readyok");
    ASSERT_FALSE(lines.empty());
    ASSERT_EQ(lines.back(), "readyok");
    if (count_prefix(lines, "info string error") == 0) break;
    EXPECT_TRUE(starts_with(lines.front(),
                            "info string error: Hash 1024 MB would exceed the "
                            "server's total table memory"))
        << lines.front();
    std::this_thread::sleep_for(50ms);
  } while (std::chrono::steady_clock::now() < deadline);
  for (const auto& line : lines) EXPECT_FALSE(starts_with(line, "info string error")) << line;
}

// A client that resets its connection mid-search and connects again at once
// is served, with the server at its session limit: the given-up session's
// slot goes back before its search has ended, and a full server waits a
// moment for the reset to be read before it refuses anyone.
TEST_P(TcpServer, AClientThatResetsMidSearchAndComesStraightBackIsServed) {
  Server server = start({"--max-sessions", "1"});
  for (int round = 0; round < 5; ++round) {
    LineClient client = connect(server);
    client.send("go infinite");
    const std::string first = client.read_line().value_or("");
    EXPECT_TRUE(starts_with(first, "info depth")) << "round " << round << ": " << first;
    client.reset();
  }
  LineClient last = connect(server);
  last.send("isready");
  EXPECT_EQ(last.read_line(), "readyok");
}

// Issue 13: a client that closed its sending side after `go movetime 500`
// (as `nc -N` does) got an unsearched move at once; stdin searches the time.
TEST_P(TcpServer, EndOfInputLetsAFiniteSearchFinishAsOnStdin) {
  Server server = start();
  LineClient client = connect(server);
  client.send("setoption name Game value synthetic");
  client.send("position fen 8 30 5 random");
  client.send("go movetime 300");
  client.finish_sending();
  const auto start = std::chrono::steady_clock::now();
  const auto lines = client.read_until("bestmove", 10s);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
  EXPECT_GE(count_prefix(lines, "info depth"), 2u) << "the search ran its time";
  EXPECT_GE(std::chrono::steady_clock::now() - start, 250ms);
  EXPECT_TRUE(client.closed_by_server());
  // An infinite search, though, ends with the input, as on stdin.
  LineClient watcher = connect(server);
  watcher.send("setoption name Game value synthetic");
  watcher.send("position fen 8 30 5 random");
  watcher.send("go infinite");
  EXPECT_TRUE(starts_with(watcher.read_line().value_or(""), "info "));
  watcher.finish_sending();
  EXPECT_TRUE(starts_with(watcher.read_until("bestmove").back(), "bestmove "));
  EXPECT_TRUE(watcher.closed_by_server());
}

// `first_go` on a synthetic tree too deep to finish within the test's time,
// then a `go depth 2`, which waits for it; `isready` is answered at once
// meanwhile, and the `stop` is read: the first search answers, then the
// second searches.
void expect_a_held_go_to_wait_for_stop(LineClient& client, const std::string& first_go) {
  client.send("setoption name Game value synthetic");
  client.send("position fen 8 30 5 random");
  client.send(first_go);
  client.send("go depth 2");
  client.send("isready");
  const auto ready = client.read_until("readyok", 10s);
  ASSERT_FALSE(ready.empty());
  EXPECT_EQ(ready.back(), "readyok");
  EXPECT_EQ(count_prefix(ready, "bestmove"), 0u);
  client.send("stop");
  EXPECT_TRUE(starts_with(client.read_until("bestmove", 10s).back(), "bestmove "));
  const auto after_stop = client.read_until("bestmove", 10s);
  ASSERT_FALSE(after_stop.empty());
  EXPECT_EQ(count_prefix(after_stop, "info depth 2 "), 1u);
}

// As on stdin, a go sent during a search waits for it: behind a finite
// search, and behind an infinite one until the stop, which is still read.
TEST_P(TcpServer, AGoDuringASearchWaitsForIt) {
  Server server = start();
  LineClient client = connect(server);
  client.send("setoption name Game value connect4");
  client.send("position startpos");
  client.send("go depth 6");
  client.send("position startpos moves 4");
  client.send("go depth 6");
  const auto first = client.read_until("bestmove", 60s);
  const auto second = client.read_until("bestmove", 60s);
  ASSERT_FALSE(first.empty());
  ASSERT_FALSE(second.empty());
  EXPECT_EQ(count_prefix(first, "info string error"), 0u);
  EXPECT_EQ(count_prefix(second, "info string error"), 0u);
  EXPECT_TRUE(starts_with(second.back(), "bestmove "));
  expect_a_held_go_to_wait_for_stop(client, "go infinite");
}

// Lines held behind a search only the client can end are bounded in bytes
// as well as in number: a line that would pass 1 MiB is not held but
// answered with an error, and the session goes on: `isready` and `stop` act
// at once, the lines held run after the search, the next `go` searches.
TEST_P(TcpServer, HeldLinesPastTheirBytesAreDroppedAndTheSessionGoesOn) {
  Server server = start();
  LineClient client = connect(server);
  client.send("setoption name Game value synthetic");
  client.send("position fen 8 30 5 random");
  client.send("go infinite");
  ASSERT_TRUE(starts_with(client.read_line().value_or(""), "info "));
  // 60,000 bytes each: the 18th would pass 1 MiB.
  const std::string position = "position fen 8 30 5 random";
  const std::string line = position + std::string(60000 - position.size(), ' ');
  for (int i = 0; i < 20; ++i) client.send(line);
  client.send("isready");
  const auto ready = client.read_until("readyok", 30s);
  ASSERT_FALSE(ready.empty());
  EXPECT_EQ(ready.back(), "readyok");
  EXPECT_EQ(count_prefix(ready, "info string error: more than 1048576 bytes of lines wait for "
                                "the running search (send stop); dropped 'position fen 8 30 "),
            3u);
  EXPECT_EQ(count_prefix(ready, "bestmove"), 0u);
  client.send("stop");
  EXPECT_TRUE(starts_with(client.read_until("bestmove", 10s).back(), "bestmove "));
  client.send("go depth 2");
  const auto after = client.read_until("bestmove", 30s);
  ASSERT_FALSE(after.empty());
  EXPECT_EQ(count_prefix(after, "info depth 2 "), 1u);
  EXPECT_EQ(count_prefix(after, "info string error"), 0u);
}

// Behind a search that ends by itself, but not within the test's time, the
// server reads on: `isready` and `stop` after a held go act at once (the
// connection once stopped reading until the search ended).
TEST_P(TcpServer, StopBehindAGoWaitingForADeepSearchActsAtOnce) {
  Server server = start();
  LineClient client = connect(server);
  expect_a_held_go_to_wait_for_stop(client, "go depth 100");
}

// Issue 13: after quit a session held its slot (and its table) for about
// two seconds while the client kept its socket open.
TEST_P(TcpServer, QuitGivesTheSlotBackAtOnce) {
  Server server = start({"--max-sessions", "2"});
  LineClient admin = connect(server);
  LineClient leaver = connect(server);
  leaver.send("quit");
  // Well within the two seconds a closing connection waits for its client.
  EXPECT_TRUE(sessions_become(admin, 1, 1s));
  LineClient next = connect(server);  // the slot is free although leaver's socket is open
  next.send("isready");
  EXPECT_EQ(next.read_line(5s), "readyok");
}

// A session asking for more threads than the server has free is told so.
TEST(TcpServerLimits, ASessionIsToldWhenItGetsFewerThreadsThanItAsked) {
  Server server({"--threads", "2"});
  LineClient first(server.port());
  LineClient second(server.port());
  for (auto* client : {&first, &second}) {
    client->send("setoption name Threads value 2");
    client->send("setoption name Game value synthetic");
    client->send("position fen 8 30 5 random");
  }
  first.send("go infinite");
  EXPECT_TRUE(starts_with(first.read_line().value_or(""), "info depth"));
  second.send("go infinite");
  EXPECT_EQ(second.read_line().value_or(""),
            "info string Threads 2 asked, 1 given: the server's 2 search threads are busy with "
            "other sessions");
  for (auto* client : {&first, &second}) {
    client->send("stop");
    EXPECT_TRUE(starts_with(client->read_until("bestmove").back(), "bestmove "));
  }
  // Given back: the next search has both.
  second.send("go depth 2");
  const auto lines = second.read_until("bestmove");
  EXPECT_EQ(count_prefix(lines, "info string Threads"), 0u);
}

// More searches than the server's threads take turns on them (CoreShare):
// three endless analyses on one thread leave a timed search its turns, it
// answers, and each analysis answers when stopped.
TEST(TcpServerLimits, SearchesBeyondTheServersThreadsTakeTurnsAndEachAnswers) {
  Server server({"--threads", "1"});
  std::vector<std::unique_ptr<LineClient>> analysts;
  for (int i = 0; i < 3; ++i) {
    analysts.push_back(std::make_unique<LineClient>(server.port()));
    LineClient& analyst = *analysts.back();
    analyst.send("setoption name Game value synthetic");
    analyst.send("position fen 8 30 " + std::to_string(5 + i) + " random");
    analyst.send("go infinite");
    EXPECT_TRUE(starts_with(analyst.read_line().value_or(""), "info depth"));
  }
  LineClient timed(server.port());
  timed.send("setoption name Game value synthetic");
  timed.send("position fen 8 30 9 random");
  timed.send("go movetime 100");
  const auto answer = timed.read_until("bestmove", 30s);
  ASSERT_FALSE(answer.empty());
  EXPECT_TRUE(starts_with(answer.back(), "bestmove "));
  EXPECT_NE(answer.back(), "bestmove (none)");
  for (auto& analyst : analysts) {
    analyst->send("stop");
    const auto lines = analyst->read_until("bestmove", 30s);
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(starts_with(lines.back(), "bestmove "));
    EXPECT_NE(lines.back(), "bestmove (none)");
  }
}

// CPU seconds (user and system) a process has used, from /proc/PID/stat.
double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  std::getline(in, stat);
  // The fields after the command name, which is in parentheses.
  std::istringstream fields(stat.substr(stat.rfind(')') + 2));
  std::string field;
  unsigned long long user = 0;
  unsigned long long system = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14) user = std::stoull(field);
    if (i == 15) system = std::stoull(field);
  }
  return static_cast<double>(user + system) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// Out of file descriptors, a failed accept is tried again after a delay, not
// at once: flooded past its limit the server stays all but idle, logs the
// failure a few times, not a line per turn, and serves once the flood ends.
TEST(TcpServerLimits, AnAcceptFloodPastTheFileLimitBacksOffAndServesAfterwards) {
  if (test_build::kAddressSanitized) {
    // Its vptr check (on in the debug preset) probes memory through a pipe,
    // which a process out of descriptors cannot open: it reports every
    // virtual call then as a fault (seen on the log line of a failed accept).
    GTEST_SKIP() << "UndefinedBehaviorSanitizer cannot run out of file descriptors";
  }
  const auto log = std::filesystem::temp_directory_path() /
                   ("brudno-test-flood-" + std::to_string(::getpid()) + ".log");
  Launch launch;
  launch.open_files = 64;
  launch.global_options = {"--log-file", log.string()};
  Server server({}, launch);
  const pid_t pid = server.process().pid();
  const double before = cpu_seconds(pid);
  {
    SilentConnections flood(server.port(), 200);
    std::this_thread::sleep_for(3s);  // the flood lasts; the server must not spin meanwhile
    EXPECT_LT(cpu_seconds(pid) - before, 1.0);
  }
  LineClient client(server.port());
  client.send("isready");
  EXPECT_EQ(client.read_line(30s), "readyok");
  std::ifstream in(log);
  std::size_t lines = 0;
  std::size_t accept_failures = 0;
  bool limit_warned = false;
  for (std::string line; std::getline(in, line);) {
    ++lines;
    if (line.find("accept failed") != std::string::npos) ++accept_failures;
    if (line.find("the open-file limit is 64") != std::string::npos) limit_warned = true;
  }
  std::filesystem::remove(log);
  EXPECT_TRUE(limit_warned);
  EXPECT_GE(accept_failures, 1u);
  EXPECT_LT(lines, 50u);
}

TEST(TcpServerLimits, BadCommandLinesExitTwo) {
  for (const std::vector<std::string>& options : {std::vector<std::string>{"--listen", "bogus"},
                                                  {"--listen", "127.0.0.1:99999"},
                                                  {"--max-sessions", "0"},
                                                  {"--max-hash", "4"},
                                                  {"--max-hash", "100", "--max-total-hash", "50"},
                                                  {"--max-sessions", "-1"},
                                                  {"--threads", "0"},
                                                  {"--auth-timeout", "0"},
                                                  {"--write-timeout", "0"},
                                                  {"--max-unauthenticated", "0"},
                                                  {"--token-file", "/nonexistent/token"}}) {
    std::vector<std::string> args = {"serve"};
    args.insert(args.end(), options.begin(), options.end());
    tools::PipeEngine server(BRUDNO_BINARY, args);
    EXPECT_EQ(server.wait_exit(kExitTime), 2) << options[0] << ' ' << options[1];
  }
}

}  // namespace
}  // namespace brudno::testing
