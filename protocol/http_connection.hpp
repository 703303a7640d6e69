#pragma once
// One connection to the HTTP address of `brudno serve --http`, until it
// becomes something else: it serves the browser page's files, answers
// /server.json, and upgrades a request for /uci to a WebSocket that carries
// the line protocol (a TcpConnection from then on, with the same session,
// limits and token as a TCP client). Anything else gets a plain error. Until
// its request has come in whole, the connection waits among the
// unauthenticated ones: it takes no session and no table, has the grace
// period (--auth-timeout) for its TLS handshake and its request header, and
// is the first closed when too many wait. A response goes out in pieces,
// each within the write timeout (--write-timeout) of the last.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "protocol/asio.hpp"
// (asio.hpp first: it fixes an include Boost.Asio misses.)
#include <boost/asio/ssl.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>

#include "protocol/server_state.hpp"
#include "protocol/tcp_connection.hpp"
#include "protocol/write_deadline.hpp"

namespace brudno::protocol {

class HttpConnection : public ServerConnection,
                       public std::enable_shared_from_this<HttpConnection> {
 public:
  using Socket = TcpConnection::Socket;
  using Request = boost::beast::http::request<boost::beast::http::empty_body>;

  // Longest request header; a browser's is well under 2 KB.
  static constexpr std::size_t kMaxHeaderBytes = 8 * 1024;

  HttpConnection(Socket socket, std::uint64_t id, ServerState& server,
                 std::shared_ptr<boost::asio::ssl::context> tls);
  ~HttpConnection() override;
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;

  void start();
  void close_unauthenticated(Room room) override;
  [[nodiscard]] Waiting waiting_state() override;
  void shut_down() override;
  // Its address's handshake turn has come (HandshakeTurn): false when it has
  // closed meanwhile, otherwise its TLS handshake starts.
  bool begin_handshake_turn();

 private:
  void read_request();
  // Parses what has come in; reads more while the header is incomplete.
  void parse_received();
  void on_request(const boost::system::error_code& error);
  void answer(const Request& request);
  void upgrade(Request request);
  // The WebSocket's session, or with every slot taken a look again
  // `checks_left` more times (ServerState::kRoomCheck apart) before it is refused.
  void on_upgraded(const std::shared_ptr<TcpConnection::WebSocket>& websocket,
                   int checks_left = ServerState::kRoomChecks);
  // With `etag`, the ETag header of the file sent; every response carries
  // the headers of protocol/page_headers.hpp.
  void respond(unsigned status, std::string body, const std::string& content_type, bool keep_alive,
               bool head_only = false, const std::string& etag = {});
  // The rest of response_, as much at a time as the socket takes.
  void write_response(bool keep_alive);
  void after_response(bool keep_alive);
  // The grace period for the TLS handshake and the request's header.
  void arm_request_deadline();
  // No piece of the response has gone out for the write timeout.
  void close_stalled();
  void close();
  // TLS: a handshake turn for the peer's address (ServerState::handshakes).
  void take_handshake_turn();
  void start_handshake();

  // A strand of the io_context's own executor type: Boost.Beast 1.74 keeps
  // work on a handler's executor the old way, which a strand of the
  // type-erased any_io_executor does not offer.
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::shared_ptr<boost::asio::ssl::context> tls_context_;
  ByteStream stream_;
  std::array<char, 4096> chunk_{};
  std::string received_;  // read, not yet parsed (a pipelined request's start)
  std::optional<boost::beast::http::request_parser<boost::beast::http::empty_body>> parser_;
  std::string response_;  // the response being written, whole
  std::size_t response_sent_ = 0;
  boost::asio::steady_timer deadline_;
  WriteDeadline write_deadline_;
  const std::uint64_t id_;
  ServerState& server_;
  bool closed_ = false;
  bool upgraded_ = false;  // the socket belongs to a TcpConnection now
  HandshakeTurn handshake_turn_;
};

}  // namespace brudno::protocol
