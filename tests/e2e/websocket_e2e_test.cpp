// `brudno serve --http` end to end: the page's files and the line protocol
// over a WebSocket at /uci, plain and over TLS (WSS), with the limits, the
// token and the refusals a TCP client meets.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "tests/e2e/serve_process.hpp"
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

// A page's folder for the length of a test: an index, a packaged module, and
// a file beside the folder that no path may reach.
class WebRoot {
 public:
  WebRoot()
      : base_(std::filesystem::temp_directory_path() /
              ("brudno-test-web-" + std::to_string(::getpid()) + "-" +
               std::to_string(std::random_device{}()))) {
    std::filesystem::create_directories(root() / "node_modules" / "chess.js");
    std::filesystem::create_directories(root() / "node_modules" / "left-pad");
    std::ofstream(root() / "index.html") << "<!doctype html><title>brudno</title>\n";
    std::ofstream(root() / "node_modules" / "chess.js" / "chess.js") << "export const x = 1;\n";
    std::ofstream(root() / "node_modules" / "left-pad" / "index.js") << "secret\n";
    std::ofstream(base_ / "secret.txt") << "secret\n";
  }
  ~WebRoot() { std::filesystem::remove_all(base_); }
  WebRoot(const WebRoot&) = delete;
  WebRoot& operator=(const WebRoot&) = delete;
  [[nodiscard]] std::filesystem::path root() const { return base_ / "web"; }

 private:
  std::filesystem::path base_;
};

// The status line and the body of one HTTP/1.1 request over a plain socket.
struct Reply {
  std::string status;                // "HTTP/1.1 200 OK"
  std::vector<std::string> headers;  // "Name: value"
  std::string body;
  // The value of the header `name` (as the server spells it), or "".
  [[nodiscard]] std::string header(const std::string& name) const {
    for (const auto& line : headers) {
      if (line.starts_with(name + ": ")) return line.substr(name.size() + 2);
    }
    return {};
  }
};

Reply http_get(unsigned short port, const std::string& request) {
  LineClient client(port);
  client.send_raw(request);
  Reply reply;
  reply.status = client.read_line(10s).value_or("");
  // Headers up to the blank line, then the body's lines until the close.
  while (auto line = client.read_line(10s)) {
    if (line->empty()) break;
    reply.headers.push_back(*line);
  }
  while (auto line = client.read_line(10s)) reply.body += *line + '\n';
  return reply;
}

// The Host header of a request for the server at 127.0.0.1:port.
std::string host_line(unsigned short port) {
  return "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
}

std::string get(unsigned short port, const std::string& path) {
  return "GET " + path + " HTTP/1.1\r\n" + host_line(port) + "Connection: close\r\n\r\n";
}

// Every test runs over plain WebSocket and over WSS with a test certificate.
class WebSocketServer : public ::testing::TestWithParam<bool> {
 protected:
  [[nodiscard]] bool tls() const { return GetParam(); }

  // `brudno serve --http` with these options, over TLS when the test says.
  std::unique_ptr<Server> start(std::vector<std::string> options = {}) {
    options.insert(options.end(), {"--http", "127.0.0.1:0", "--web-root", web_.root().string()});
    if (tls()) {
      options.insert(options.end(),
                     {"--tls-cert", certificate_->certificate(), "--tls-key", certificate_->key()});
    }
    return std::make_unique<Server>(options);
  }
  std::unique_ptr<LineClient> connect(const Server& server) {
    return std::make_unique<LineClient>(server.http_port(), LineClient::Transport::kWebSocket,
                                        tls() ? certificate_->certificate() : "");
  }

  WebRoot web_;
  std::unique_ptr<TestCertificate> certificate_ =
      GetParam() ? std::make_unique<TestCertificate>() : nullptr;
};

INSTANTIATE_TEST_SUITE_P(Transports, WebSocketServer, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "wss" : "ws"; });

TEST_P(WebSocketServer, AGoGetsExactlyOneBestmove) {
  const auto server = start();
  const auto client = connect(*server);
  client->send("uci");
  const auto uci = client->read_until("uciok");
  ASSERT_FALSE(uci.empty());
  EXPECT_EQ(uci.back(), "uciok");
  client->send("position startpos moves e2e4");
  client->send("go depth 6");
  const auto search = client->read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_TRUE(starts_with(search.back(), "bestmove ")) << search.back();
  EXPECT_GT(count_prefix(search, "info depth"), 0u);
  client->send("isready");
  const auto after = client->read_until("readyok");
  EXPECT_EQ(count_prefix(after, "bestmove"), 0u);
  ASSERT_FALSE(after.empty());
  EXPECT_EQ(after.back(), "readyok");
}

TEST_P(WebSocketServer, TwoSocketsAreIndependentSessions) {
  const auto server = start();
  const auto chess = connect(*server);
  const auto connect_four = connect(*server);
  connect_four->send("setoption name Game value connect4");
  connect_four->send("position fen 2416615552");
  connect_four->send("go solve");
  chess->send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  chess->send("go depth 4");
  const auto mate = chess->read_until("bestmove");
  ASSERT_FALSE(mate.empty());
  EXPECT_EQ(mate.back(), "bestmove a1a8");
  const auto solved = connect_four->read_until("bestmove");
  ASSERT_FALSE(solved.empty());
  EXPECT_TRUE(starts_with(solved.back(), "bestmove ")) << solved.back();
  EXPECT_NE(solved.back(), "bestmove (none)");
  chess->send("sessions");
  EXPECT_EQ(chess->read_line(), "info string sessions 2");
}

TEST_P(WebSocketServer, SeveralLinesInOneMessageAreTakenInOrder) {
  const auto server = start();
  const auto client = connect(*server);
  client->send_raw("setoption name Game value tictactoe\nposition fen XX./OO./...\ngo depth 3\n");
  const auto search = client->read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_EQ(search.back(), "bestmove 3");
}

// The status line of the answer to a WebSocket upgrade for /uci with these
// Host and Origin headers (no Origin when it is empty), over TLS with
// `certificate`; the connection then closes.
std::string upgrade_status(unsigned short port, const std::string& certificate,
                           const std::string& host, const std::string& origin) {
  LineClient client = certificate.empty() ? LineClient(port) : LineClient(port, certificate);
  std::string request = "GET /uci HTTP/1.1\r\nHost: " + host +
                        "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                        "Sec-WebSocket-Version: 13\r\n";
  if (!origin.empty()) request += "Origin: " + origin + "\r\n";
  client.send_raw(request + "\r\n");
  return client.read_line(10s).value_or("(no answer)");
}

// Another web page in the user's browser may open a WebSocket to any
// address; the browser names the page in Origin. A DNS-rebinding page
// reaches the server under its own host name, which the browser sends as
// Host. Only the server's own page (and --allow-origin's) is let in.
TEST_P(WebSocketServer, UpgradesFromOtherPagesOrHostNamesAreRefused) {
  const auto server = start(
      {"--allow-origin", "https://Analysis.example.org/", "--server-name", "engine.example.org"});
  const auto port = server->http_port();
  const std::string certificate = tls() ? certificate_->certificate() : "";
  const std::string at = ":" + std::to_string(port);
  const std::string scheme = tls() ? "https://" : "http://";
  const std::string other_scheme = tls() ? "http://" : "https://";
  const auto status = [&](const std::string& host, const std::string& origin) {
    return upgrade_status(port, certificate, host, origin);
  };
  const std::string accepted = "HTTP/1.1 101 Switching Protocols";
  const std::string forbidden = "HTTP/1.1 403 Forbidden";
  EXPECT_EQ(status("127.0.0.1" + at, scheme + "127.0.0.1" + at), accepted);
  EXPECT_EQ(status("localhost" + at, scheme + "localhost" + at), accepted);
  EXPECT_EQ(status("engine.example.org" + at, scheme + "engine.example.org" + at), accepted);
  EXPECT_EQ(status("127.0.0.1" + at, "https://analysis.example.org"), accepted);
  EXPECT_EQ(status("127.0.0.1" + at, ""), accepted);  // no browser, no page
  EXPECT_EQ(status("127.0.0.1" + at, "http://evil.example"), forbidden);
  EXPECT_EQ(status("127.0.0.1" + at, scheme + "evil.example" + at), forbidden);
  EXPECT_EQ(status("127.0.0.1" + at, scheme + "127.0.0.1:1"), forbidden);
  EXPECT_EQ(status("127.0.0.1" + at, other_scheme + "127.0.0.1" + at), forbidden);
  EXPECT_EQ(status("127.0.0.1" + at, "null"), forbidden);
  EXPECT_EQ(status("evil.example" + at, scheme + "evil.example" + at), forbidden);  // rebinding
  EXPECT_EQ(status("127.0.0.1:1", scheme + "127.0.0.1" + at), forbidden);
  EXPECT_EQ(status("", scheme + "127.0.0.1" + at), forbidden);
  // The page's files are refused under a foreign name too.
  LineClient reader = tls() ? LineClient(port, certificate) : LineClient(port);
  reader.send_raw("GET / HTTP/1.1\r\nHost: evil.example" + at + "\r\n\r\n");
  EXPECT_EQ(reader.read_line(10s).value_or(""), forbidden);
  // The server goes on serving its own page's socket.
  const auto client = connect(*server);
  client->send("isready");
  EXPECT_EQ(client->read_line(), "readyok");
}

TEST_P(WebSocketServer, TheTokenIsRequiredAsOverTcp) {
  const TokenFile token;
  const auto server = start({"--token-file", token.path()});
  const auto stranger = connect(*server);
  stranger->send("go depth 3");
  EXPECT_TRUE(starts_with(stranger->read_line(10s).value_or(""),
                          "info string error: authentication failed"));
  EXPECT_TRUE(stranger->closed_by_server());
  const auto analyst = connect(*server);
  analyst->send(std::string("auth ") + TokenFile::kToken);
  ASSERT_EQ(analyst->read_line(), "info string authenticated");
  analyst->send("go depth 3");
  const auto search = analyst->read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_TRUE(starts_with(search.back(), "bestmove ")) << search.back();
}

TEST_P(WebSocketServer, SessionsBeyondTheMaximumAreToldSoOnTheirSocket) {
  const auto server = start({"--max-sessions", "1"});
  const auto first = connect(*server);
  const auto second = connect(*server);
  EXPECT_TRUE(starts_with(second->read_line(10s).value_or(""),
                          "info string error: the server has its maximum of 1 sessions"));
  EXPECT_TRUE(second->closed_by_server());
  first->send("isready");
  EXPECT_EQ(first->read_line(), "readyok");
}

// A session past the maximum waits a moment for a slot before it is
// refused: one that frees within it is taken.
TEST_P(WebSocketServer, ASessionPastTheMaximumTakesASlotFreedAMomentLater) {
  const auto server = start({"--max-sessions", "1"});
  auto first = connect(*server);
  const auto second = connect(*server);
  second->send("isready");
  first->send("quit");
  EXPECT_TRUE(first->closed_by_server());
  EXPECT_EQ(second->read_line(10s), "readyok");
}

TEST_P(WebSocketServer, AnOverLongMessageClosesOnlyItsSocket) {
  const auto server = start({"--max-line", "1024"});
  const auto bystander = connect(*server);
  const auto flooder = connect(*server);
  flooder->send(std::string(5000, 'x'));
  EXPECT_TRUE(flooder->closed_by_server());
  bystander->send("go depth 3");
  const auto search = bystander->read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_TRUE(starts_with(search.back(), "bestmove ")) << search.back();
}

// A dropped socket, with a close frame or without, ends its session and its
// search; the server goes on serving.
TEST_P(WebSocketServer, ADroppedSocketFreesItsSession) {
  const auto server = start();
  const auto watcher = connect(*server);
  {
    const auto abrupt = connect(*server);
    abrupt->send("go infinite");
    ASSERT_FALSE(abrupt->read_until("info depth").empty());
    abrupt->close();
    const auto polite = connect(*server);
    polite->send("go infinite");
    ASSERT_FALSE(polite->read_until("info depth").empty());
    polite->finish_sending();
  }
  std::string sessions;
  for (int attempt = 0; attempt < 50 && sessions != "info string sessions 1"; ++attempt) {
    std::this_thread::sleep_for(100ms);
    watcher->send("sessions");
    sessions = watcher->read_line().value_or("");
  }
  EXPECT_EQ(sessions, "info string sessions 1");
  watcher->send("go depth 3");
  const auto search = watcher->read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_TRUE(starts_with(search.back(), "bestmove ")) << search.back();
}

// As over TCP: connections that have not proved who they are (here, not
// even sent their HTTP request) hold nothing, and a newer one pushes the
// longest waiting out, so that the token holder gets in at once.
TEST_P(WebSocketServer, SilentConnectionsDoNotLockOutTheTokenHolder) {
  const TokenFile token;
  const auto server =
      start({"--token-file", token.path(), "--auth-timeout", "600", "--max-sessions", "1"});
  SilentConnections silent(server->http_port(), 1000);
  const auto analyst = connect(*server);
  analyst->send(std::string("auth ") + TokenFile::kToken);
  ASSERT_EQ(analyst->read_line(), "info string authenticated");
  analyst->send("go depth 5");
  const auto search = analyst->read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_NE(search.back(), "bestmove (none)");
  EXPECT_EQ(count_prefix(search, "info string error"), 0u);
  EXPECT_TRUE(silent.oldest_closed_by_server());
}

// Without a token: a thousand silent connections take no session and no
// table, so the one default table of the budget is the searching client's.
TEST_P(WebSocketServer, SilentConnectionsTakeNoTableMemory) {
  const auto server = start({"--max-total-hash", "16", "--max-hash", "16", "--max-sessions", "1"});
  SilentConnections silent(server->http_port(), 1000);
  const auto analyst = connect(*server);
  analyst->send("sessions");
  EXPECT_EQ(analyst->read_line(), "info string sessions 1");
  analyst->send("go depth 5");
  const auto search = analyst->read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_NE(search.back(), "bestmove (none)");
  EXPECT_EQ(count_prefix(search, "info string error"), 0u);
}

TEST_P(WebSocketServer, AConnectionThatDoesNotSendItsRequestInTimeIsClosed) {
  const auto server = start({"--auth-timeout", "1"});
  const auto session = connect(*server);
  // Slowloris: a request header that never ends.
  LineClient slow = tls() ? LineClient(server->http_port(), certificate_->certificate())
                          : LineClient(server->http_port());
  slow.send_raw("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: a");
  for (int i = 0; i < 3; ++i) {
    std::this_thread::sleep_for(300ms);
    slow.send_raw("a");
  }
  EXPECT_TRUE(slow.closed_by_server(5s));
  session->send("isready");
  EXPECT_EQ(session->read_line(), "readyok");
}

// Plain HTTP: the page's files, and refusals for everything else (over TLS
// the same paths are served; the plain cases stand for both).
TEST(WebServer, ServesThePageAndNothingBesideIt) {
  const WebRoot web;
  Server server({"--http", "127.0.0.1:0", "--web-root", web.root().string()});
  const auto port = server.http_port();
  const auto index = http_get(port, get(port, "/"));
  EXPECT_EQ(index.status, "HTTP/1.1 200 OK");
  EXPECT_EQ(index.body, "<!doctype html><title>brudno</title>\n");
  const auto module = http_get(port, get(port, "/vendor/chess.js/chess.js?v=1"));
  EXPECT_EQ(module.status, "HTTP/1.1 200 OK");
  EXPECT_EQ(module.body, "export const x = 1;\n");
  const auto config = http_get(port, get(port, "/server.json"));
  EXPECT_EQ(config.status, "HTTP/1.1 200 OK");
  EXPECT_EQ(config.body, "{\"token\": false}\n");
  for (const char* path :
       {"/absent.html", "/../secret.txt", "/%2e%2e/secret.txt", "/node_modules/chess.js/chess.js",
        "/vendor/left-pad/index.js", "/.hidden.js", "/index.exe"}) {
    const auto reply = http_get(port, get(port, path));
    EXPECT_EQ(reply.status, "HTTP/1.1 404 Not Found") << path;
    EXPECT_EQ(reply.body.find("secret"), std::string::npos) << path;
  }
  EXPECT_EQ(
      http_get(port, "POST / HTTP/1.1\r\n" + host_line(port) + "Content-Length: 0\r\n\r\n").status,
      "HTTP/1.1 405 Method Not Allowed");
}

// Without --web-root the page comes from the binary, with its ETag and the
// headers that keep it to itself; a copy the browser has is not sent again.
TEST(WebServer, TheBuiltInPageComesWithItsHeadersAndIsNotSentTwice) {
  Server server({"--http", "127.0.0.1:0"});
  const auto port = server.http_port();
  const auto index = http_get(port, get(port, "/"));
  ASSERT_EQ(index.status, "HTTP/1.1 200 OK");
  EXPECT_NE(index.body.find("<script type=\"module\" src=\"app.js\">"), std::string::npos);
  EXPECT_TRUE(index.header("Content-Security-Policy")
                  .starts_with("default-src 'self'; script-src 'self' 'sha256-"))
      << index.header("Content-Security-Policy");
  EXPECT_EQ(index.header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(index.header("Referrer-Policy"), "no-referrer");
  EXPECT_EQ(index.header("Cache-Control"), "no-cache");
  const std::string etag = index.header("ETag");
  ASSERT_EQ(etag.size(), 18u) << etag;
  const auto again = http_get(port, "GET / HTTP/1.1\r\n" + host_line(port) +
                                        "If-None-Match: " + etag + "\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(again.status, "HTTP/1.1 304 Not Modified");
  EXPECT_EQ(again.body, "");
  const auto script = http_get(port, get(port, "/app.js"));
  EXPECT_EQ(script.status, "HTTP/1.1 200 OK");
  EXPECT_EQ(script.header("X-Content-Type-Options"), "nosniff");
  EXPECT_NE(script.header("ETag"), etag);
  EXPECT_EQ(http_get(port, get(port, "/absent.js")).status, "HTTP/1.1 404 Not Found");
}

TEST(WebServer, MalformedRequestsAreRefusedWhileASessionGoesOn) {
  const WebRoot web;
  Server server({"--http", "127.0.0.1:0", "--web-root", web.root().string()});
  LineClient session(server.http_port(), LineClient::Transport::kWebSocket);
  session.send("go infinite");
  ASSERT_FALSE(session.read_until("info depth").empty());
  // An upgrade without its key, an upgrade elsewhere, a header too large,
  // and bytes that are not HTTP at all.
  EXPECT_EQ(http_get(server.http_port(), "GET /uci HTTP/1.1\r\n" + host_line(server.http_port()) +
                                             "Upgrade: websocket\r\nConnection: Upgrade\r\n\r\n")
                .status,
            "HTTP/1.1 400 Bad Request");
  EXPECT_EQ(
      http_get(server.http_port(), "GET /other HTTP/1.1\r\n" + host_line(server.http_port()) +
                                       "Upgrade: websocket\r\nConnection: "
                                       "Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                       "Sec-WebSocket-Version: 13\r\n\r\n")
          .status,
      "HTTP/1.1 404 Not Found");
  EXPECT_EQ(http_get(server.http_port(),
                     "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n")
                .status,
            "HTTP/1.1 431 Request Header Fields Too Large");
  EXPECT_EQ(http_get(server.http_port(), "\x16\x03\x01 not http\r\n\r\n").status,
            "HTTP/1.1 400 Bad Request");
  session.send("stop");
  const auto search = session.read_until("bestmove");
  ASSERT_FALSE(search.empty());
  EXPECT_TRUE(starts_with(search.back(), "bestmove ")) << search.back();
  EXPECT_EQ(count_prefix(search, "info string error"), 0u);
}

TEST(WebServer, PlainTextAtTheTlsAddressIsRefusedWithoutHarm) {
  const WebRoot web;
  const TestCertificate certificate;
  Server server({"--http", "127.0.0.1:0", "--web-root", web.root().string(), "--tls-cert",
                 certificate.certificate(), "--tls-key", certificate.key()});
  LineClient plain(server.http_port());
  plain.send_raw(get(server.http_port(), "/"));
  EXPECT_TRUE(plain.closed_by_server(15s));
  LineClient secure(server.http_port(), LineClient::Transport::kWebSocket,
                    certificate.certificate());
  secure.send("isready");
  EXPECT_EQ(secure.read_line(), "readyok");
}

TEST(WebServer, BadHttpOptionsExitTwo) {
  // A bad address, a folder without the page, an origin that is no origin,
  // and an address other machines reach with neither a token nor TLS.
  for (const std::vector<std::string>& options :
       {std::vector<std::string>{"--http", "bogus"},
        {"--http", "127.0.0.1:0", "--web-root", "/nonexistent"},
        {"--http", "127.0.0.1:0", "--allow-origin", "evil.example"},
        {"--http", "0.0.0.0:0"}}) {
    std::vector<std::string> args = {"serve", "--listen", "127.0.0.1:0"};
    args.insert(args.end(), options.begin(), options.end());
    tools::PipeEngine server(BRUDNO_BINARY, args);
    EXPECT_EQ(server.wait_exit(kExitTime), 2) << options[0] << ' ' << options[1];
  }
}

}  // namespace
}  // namespace brudno::testing
