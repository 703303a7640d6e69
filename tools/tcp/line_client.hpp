#pragma once
// A blocking line client for the TCP protocol, with a time limit on every
// read, so a broken server fails a test or a soak run instead of hanging it.
// Boost.Asio stays in line_client.cpp: the tests and tools using the client
// do not compile it.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace brudno::tools {

class LineClient {
 public:
  enum class Transport {
    kTcp,
    // The server's --http address: a WebSocket at /uci, one line a message.
    kWebSocket,
  };

  // Connects to 127.0.0.1:port; throws boost::system::system_error on failure.
  explicit LineClient(unsigned short port);
  // The same over TLS, trusting the certificate(s) of one PEM file (the
  // server's own, when it is self-signed); throws when the handshake fails
  // or takes more than ten seconds.
  LineClient(unsigned short port, const std::string& trusted_certificate_file);
  // Either transport, over TLS when `trusted_certificate_file` is not empty;
  // throws when the TLS handshake or the WebSocket upgrade fails or takes
  // more than ten seconds.
  LineClient(unsigned short port, Transport transport,
             const std::string& trusted_certificate_file = "");
  ~LineClient();
  LineClient(const LineClient&) = delete;
  LineClient& operator=(const LineClient&) = delete;
  LineClient(LineClient&&) noexcept;
  LineClient& operator=(LineClient&&) noexcept;

  // False if the connection is gone.
  bool send(const std::string& line);
  // Sends raw bytes with no newline added.
  bool send_raw(const std::string& bytes);
  // The next line, or nothing when the time runs out or the server closed.
  std::optional<std::string> read_line(
      std::chrono::milliseconds timeout = std::chrono::seconds(20));
  // Lines up to and including the first starting with `prefix`; the last
  // element is that line, unless time ran out or the connection ended first.
  std::vector<std::string> read_until(const std::string& prefix,
                                      std::chrono::milliseconds timeout = std::chrono::seconds(20));
  // True once the server has closed the connection (read returns end of file
  // or a reset) within the timeout; lines still arriving are skipped.
  bool closed_by_server(std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // Closes the sending side only, as `nc -N` does: the server sees the end
  // of input and may still answer. Over TLS the socket's sending side is
  // closed without a close_notify, which the server reads as the same. A
  // WebSocket has no half-close: this is its closing handshake, after which
  // nothing more is read.
  void finish_sending();
  // Over TLS, the subject of the server's certificate (OpenSSL's one-line
  // form, "/CN=..."); empty otherwise.
  [[nodiscard]] std::string peer_certificate_subject() const;
  void close();
  // Closes with a reset (SO_LINGER of zero), as a client that crashed or
  // lost its network does: the server reads an error, not an end of input.
  void reset();

 private:
  struct Connection;  // the io_context, the socket and the unread input
  std::unique_ptr<Connection> release_connection();
  std::unique_ptr<Connection> connection_;
  bool ended_ = false;
};

}  // namespace brudno::tools
