// `brudno serve` over TLS end to end: a self-signed certificate made for the
// test, clients that trust it, and clients that do not speak TLS at all.

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "tests/e2e/serve_process.hpp"
#include "tools/pipe/pipe_engine.hpp"
#include "tools/tcp/line_client.hpp"

namespace brudno::testing {
namespace {

using namespace std::chrono_literals;
using tools::count_prefix;
using tools::LineClient;
using tools::starts_with;

std::vector<std::string> tls_options(const TestCertificate& tls) {
  return {"--tls-cert", tls.certificate(), "--tls-key", tls.key()};
}

TEST(TlsServer, ASearchOverTlsGetsOneBestmoveAndSessionsStayApart) {
  const TestCertificate tls;
  Server server(tls_options(tls));
  LineClient chess(server.port(), tls.certificate());
  LineClient noughts(server.port(), tls.certificate());
  EXPECT_EQ(chess.peer_certificate_subject(), "/CN=localhost");
  noughts.send("setoption name Game value tictactoe");
  noughts.send("position fen O.X/.../...");
  noughts.send("go depth 9");
  chess.send("position startpos moves e2e4");
  chess.send("go depth 6");
  const auto chess_lines = chess.read_until("bestmove");
  const auto noughts_lines = noughts.read_until("bestmove");
  ASSERT_FALSE(chess_lines.empty());
  ASSERT_FALSE(noughts_lines.empty());
  EXPECT_TRUE(starts_with(chess_lines.back(), "bestmove ")) << chess_lines.back();
  EXPECT_NE(chess_lines.back(), "bestmove (none)");
  EXPECT_EQ(count_prefix(chess_lines, "bestmove"), 1u);
  EXPECT_NE(noughts_lines[noughts_lines.size() - 2].find("score mate 3"), std::string::npos);
  chess.send("isready");
  EXPECT_EQ(chess.read_line(), "readyok");  // no second bestmove came before it
}

// Plain text at the TLS port fails the handshake: that connection is closed
// and nothing else is touched.
TEST(TlsServer, PlainTextAtTheTlsPortIsRefusedWithoutHarm) {
  const TestCertificate tls;
  Server server(tls_options(tls));
  LineClient analyst(server.port(), tls.certificate());
  analyst.send("setoption name Game value connect4");
  analyst.send("go depth 12");
  LineClient plain(server.port());
  plain.send("uci");  // fewer bytes than a TLS record's header: the server waits for more
  plain.send("isready");
  EXPECT_TRUE(plain.closed_by_server());
  const auto lines = analyst.read_until("bestmove");
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
  LineClient next(server.port(), tls.certificate());
  next.send("isready");
  EXPECT_EQ(next.read_line(), "readyok");
}

TEST(TlsServer, TheTokenTravelsInsideTls) {
  const TestCertificate tls;
  const TokenFile token;
  auto options = tls_options(tls);
  options.insert(options.end(), {"--token-file", token.path()});
  Server server(options);
  LineClient stranger(server.port(), tls.certificate());
  stranger.send("uci");
  EXPECT_TRUE(
      starts_with(stranger.read_line(5s).value_or(""), "info string error: authentication failed"));
  EXPECT_TRUE(stranger.closed_by_server());
  LineClient analyst(server.port(), tls.certificate());
  analyst.send(std::string("auth ") + TokenFile::kToken);
  EXPECT_EQ(analyst.read_line(), "info string authenticated");
  analyst.send("go depth 4");
  EXPECT_TRUE(starts_with(analyst.read_until("bestmove").back(), "bestmove "));
}

// A connection that neither finishes its handshake nor says anything is
// closed after the grace period, as one without its token is.
TEST(TlsServer, AStalledHandshakeIsClosedAfterTheGracePeriod) {
  const TestCertificate tls;
  auto options = tls_options(tls);
  options.insert(options.end(), {"--auth-timeout", "1", "--max-sessions", "1"});
  Server server(options);
  {
    LineClient silent(server.port());  // never starts the handshake
    EXPECT_TRUE(silent.closed_by_server(10s));
  }
  LineClient analyst(server.port(), tls.certificate());  // its session slot is free again
  analyst.send("isready");
  EXPECT_EQ(analyst.read_line(), "readyok");
}

// The session limit's refusal reaches a TLS client over TLS.
TEST(TlsServer, ARefusalIsSaidOverTls) {
  const TestCertificate tls;
  auto options = tls_options(tls);
  options.insert(options.end(), {"--max-sessions", "1"});
  Server server(options);
  LineClient first(server.port(), tls.certificate());
  first.send("isready");
  ASSERT_EQ(first.read_line(), "readyok");
  LineClient second(server.port(), tls.certificate());
  EXPECT_TRUE(starts_with(second.read_line(5s).value_or(""),
                          "info string error: the server has its maximum of 1 sessions"));
}

// SIGHUP reads the certificate again: new connections get the new one, the
// open ones go on.
TEST(TlsServer, SighupLoadsANewCertificate) {
  const TestCertificate tls("first.example");
  const TestCertificate renewed("second.example");
  Server server(tls_options(tls));
  LineClient before(server.port(), tls.certificate());
  EXPECT_EQ(before.peer_certificate_subject(), "/CN=first.example");
  std::filesystem::copy_file(renewed.certificate(), tls.certificate(),
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(renewed.key(), tls.key(),
                             std::filesystem::copy_options::overwrite_existing);
  server.process().signal(SIGHUP);
  // The server reads the files when it handles the signal: try until it has.
  std::string subject;
  // Until then the old certificate fails the new one's verification.
  for (int attempt = 0; attempt < 100 && subject != "/CN=second.example"; ++attempt) {
    std::this_thread::sleep_for(20ms);
    try {
      LineClient after(server.port(), renewed.certificate());
      subject = after.peer_certificate_subject();
    } catch (const std::exception&) {
      subject.clear();
    }
  }
  EXPECT_EQ(subject, "/CN=second.example");
  before.send("isready");
  EXPECT_EQ(before.read_line(), "readyok");
}

// What OpenSSL's own client says of a handshake with the server: TLS 1.3
// by default; at TLS 1.2 a cipher with forward secrecy and authenticated
// encryption, and none without.
std::string handshake_with(const Server& server, const std::string& client_options) {
  const std::string command =
      "echo | timeout 10 openssl s_client -connect 127.0.0.1:" + std::to_string(server.port()) +
      " " + client_options + " 2>&1";
  std::string output;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[4096];
    while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) output += buffer;
    ::pclose(pipe);
  }
  return output;
}

TEST(TlsServer, TlsOneThreeFirstAndOnlyForwardSecretAeadCiphersInOneTwo) {
  const TestCertificate tls;
  Server server(tls_options(tls));
  EXPECT_NE(handshake_with(server, "").find("TLSv1.3"), std::string::npos);
  const std::string aead = handshake_with(server, "-tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256");
  EXPECT_NE(aead.find("Cipher is ECDHE-ECDSA-AES128-GCM-SHA256"), std::string::npos) << aead;
  for (const std::string cipher : {"ECDHE-ECDSA-AES128-SHA", "ECDHE-ECDSA-AES256-SHA384"}) {
    const std::string refused = handshake_with(server, "-tls1_2 -cipher " + cipher);
    EXPECT_NE(refused.find("Cipher is (NONE)"), std::string::npos) << cipher << ":\n" << refused;
  }
  // The server goes on serving.
  LineClient next(server.port(), tls.certificate());
  next.send("isready");
  EXPECT_EQ(next.read_line(), "readyok");
}

TEST(TlsServer, BadTlsFilesAndUnsafeAddressesExitTwo) {
  const TestCertificate tls;
  const TestCertificate other;
  const TokenFile token;
  for (const std::vector<std::string>& options :
       {std::vector<std::string>{"--tls-cert", tls.certificate()},
        {"--tls-key", tls.key()},
        {"--tls-cert", "/nonexistent/cert.pem", "--tls-key", tls.key()},
        {"--tls-cert", tls.certificate(), "--tls-key", other.key()},  // not its key
        {"--listen", "0.0.0.0:0"},
        {"--listen", "0.0.0.0:0", "--token-file", token.path()},
        {"--listen", "0.0.0.0:0", "--tls-cert", tls.certificate(), "--tls-key", tls.key()}}) {
    std::vector<std::string> args = {"serve"};
    args.insert(args.end(), options.begin(), options.end());
    tools::PipeEngine server(BRUDNO_BINARY, args);
    EXPECT_EQ(server.wait_exit(kExitTime), 2) << options[0] << ' ' << options[1];
  }
}

TEST(TlsServer, AReachableAddressWithTokenAndTlsOrInsecureStarts) {
  const TestCertificate tls;
  const TokenFile token;
  for (const std::vector<std::string>& options :
       {std::vector<std::string>{"--token-file", token.path(), "--tls-cert", tls.certificate(),
                                 "--tls-key", tls.key()},
        {"--insecure"}}) {
    std::vector<std::string> args = {"--log-level", "warn", "serve", "--listen", "0.0.0.0:0"};
    args.insert(args.end(), options.begin(), options.end());
    tools::PipeEngine server(BRUDNO_BINARY, args);
    const auto banner = server.read_line(10s);
    ASSERT_TRUE(banner.has_value()) << options[0];
    EXPECT_TRUE(starts_with(*banner, "brudno serve: listening on 0.0.0.0:")) << *banner;
    EXPECT_EQ(stop_with_sigterm(server, kExitTime), 0);
  }
}

}  // namespace
}  // namespace brudno::testing
