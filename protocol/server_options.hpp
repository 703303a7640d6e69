#pragma once
// What `brudno serve` is told on its command line: where to listen and the
// limits that keep one client from harming the others.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace brudno::protocol {

inline constexpr unsigned short kDefaultPort = 7420;

// `brudno serve --http`: where the browser page is served, and its files.
struct HttpOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 0;
  std::string web_root;  // empty: the files embedded in the binary
  // Besides its address, `localhost` and (on a loopback address) the other
  // loopback names: the names a request's Host header may give the server.
  std::vector<std::string> server_names;
  // Origins besides the server's own whose pages may open the WebSocket,
  // normalized ("https://analysis.example.org", lowercase, no '/' at the end).
  std::vector<std::string> allowed_origins;
};

struct ServerOptions {
  std::string host = "127.0.0.1";
  unsigned short port = kDefaultPort;  // 0: any free port (printed at start)
  std::size_t max_line_bytes = 64 * 1024;
  std::size_t max_sessions = 64;
  std::chrono::seconds idle_timeout{3600};  // 0: never
  std::size_t max_hash_megabytes = 256;     // per session
  std::size_t max_total_hash_megabytes = 2048;
  int threads = 0;  // search threads for the whole process; 0: one per hardware thread
  // Output waiting for a slow reader beyond this many bytes: search `info`
  // lines are dropped. Beyond four times this, the client's input is not read
  // until its output drains, so nothing it sends can grow the backlog.
  std::size_t output_backlog_bytes = 256 * 1024;
  // A write that makes no progress for this long closes its connection (with
  // a reset, so that the kernel drops what waits unsent): a client that
  // stops reading holds nothing longer than this, an HTTP response or a
  // closing session's last lines included.
  std::chrono::seconds write_timeout{10};
  // The bytes of the lines a session holds while its job runs (see
  // TcpConnection::take_line()): 1 MiB, or two of the longest lines when
  // --max-line is longer, so that a line that may be sent always fits.
  static constexpr std::size_t kLeastHeldBytes = std::size_t{1} << 20;
  [[nodiscard]] std::size_t max_held_bytes() const {
    return 2 * max_line_bytes > kLeastHeldBytes ? 2 * max_line_bytes : kLeastHeldBytes;
  }
  std::optional<std::string> token;  // set: clients must send `auth <token>` first
  // With a token, as sshd's LoginGraceTime and MaxStartups: a connection that
  // has not authenticated within this time is closed, and connections waiting
  // to authenticate have a limit of their own (past it, a silent one is
  // closed: ServerState::add_waiting()); they take no session slot and no
  // table memory. 0: twice max_sessions, at least kLeastWaiting, so that a
  // burst of clients that all send their token at once fits.
  std::chrono::seconds auth_timeout{10};
  std::size_t max_unauthenticated = 0;
  static constexpr std::size_t kLeastWaiting = 16;
  [[nodiscard]] std::size_t waiting_limit() const {
    if (max_unauthenticated > 0) return max_unauthenticated;
    return max_sessions * 2 > kLeastWaiting ? max_sessions * 2 : kLeastWaiting;
  }
  // Both set: every connection speaks TLS with this certificate (chain, PEM)
  // and key, read at start and again on SIGHUP. The TLS handshake is part of
  // the grace period above.
  std::optional<std::string> tls_certificate_file;
  std::optional<std::string> tls_key_file;
  [[nodiscard]] bool tls() const { return tls_certificate_file.has_value(); }
  // Set: a second address serves the browser page and the same protocol
  // over a WebSocket at /uci, with the same limits, token and TLS.
  std::optional<HttpOptions> http;
};

}  // namespace brudno::protocol
