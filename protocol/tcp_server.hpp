#pragma once
// `brudno serve`: the UCI protocol over TCP, one independent session per
// connection, and with --http the browser page and the same protocol over
// WebSocket; all on one io_context run by one thread.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "protocol/asio.hpp"
// (asio.hpp first: it fixes an include Boost.Asio misses.)
#include <boost/asio/ssl.hpp>

#include "protocol/accept_backoff.hpp"
#include "protocol/connection_caps.hpp"
#include "protocol/server_options.hpp"
#include "protocol/server_state.hpp"
#include "protocol/web_content.hpp"

namespace brudno::protocol {

class TcpServer {
 public:
  static constexpr std::chrono::milliseconds kShutdownGrace{500};

  // Binds and listens at once; throws boost::system::system_error when it
  // cannot, or when the TLS certificate or key cannot be read. No port holds
  // more connections at once than `caps` allow.
  TcpServer(boost::asio::io_context& io, ServerOptions options, ConnectionCaps caps);

  [[nodiscard]] boost::asio::ip::tcp::endpoint local_endpoint() const {
    return acceptor_.local_endpoint();
  }
  // The HTTP address, when the options have one.
  [[nodiscard]] std::optional<boost::asio::ip::tcp::endpoint> http_endpoint() const;
  // Accepts until SIGINT or SIGTERM, then stops every search, sends its
  // bestmove, closes every session and stops the io_context (after at most
  // kShutdownGrace, whatever the clients do). SIGHUP reads the TLS
  // certificate and key again: new connections get them, open ones keep
  // theirs; if they cannot be read, the old ones stay (logged).
  void start();
  // Once the io_context has stopped: runs it again until every closing
  // session's given-up job has ended and its connection has sent the last
  // output and closed, for at most `limit` (a job that overran the
  // shutdown's grace), so that none still runs as the process exits and no
  // bestmove is lost. False when some had not at the limit.
  bool wait_for_ending_sessions(std::chrono::milliseconds limit);

 private:
  void wait_for_signal();
  void reload_tls();
  void accept_next();
  void on_accept(boost::asio::ip::tcp::socket socket);
  // A session for an admitted connection, or, with every slot taken, a look
  // again `checks_left` more times, ServerState::kRoomCheck apart, before it is
  // refused.
  void open_line_session(boost::asio::ip::tcp::socket socket, std::uint64_t id,
                         const boost::asio::ip::tcp::endpoint& peer, int checks_left);
  void accept_next_http();
  void on_http_accept(boost::asio::ip::tcp::socket socket);
  // After a failed accept: logs it (rate-limited) and calls `accept_again`
  // after the backoff's delay.
  void accept_later(AcceptBackoff& backoff, boost::asio::steady_timer& timer,
                    const boost::system::error_code& error, const char* which,
                    void (TcpServer::*accept_again)());
  // Counts a connection just accepted on `port`, or closes it at once when
  // its port or address is at its cap; false then.
  bool admit(boost::asio::ip::tcp::socket& socket, std::uint64_t id, Port port,
             const boost::asio::ip::tcp::endpoint& peer);
  void refuse(boost::asio::ip::tcp::socket socket, std::uint64_t id, std::string error_line);
  void shut_down(int signal);

  boost::asio::io_context& io_;
  ServerState state_;
  std::optional<WebContent> web_;  // with --http
  boost::asio::ip::tcp::acceptor acceptor_;
  std::optional<boost::asio::ip::tcp::acceptor> http_acceptor_;
  boost::asio::signal_set signals_;
  std::shared_ptr<boost::asio::ssl::context> tls_;  // null without TLS
  boost::asio::steady_timer shutdown_deadline_;
  AcceptBackoff accept_backoff_;
  AcceptBackoff http_accept_backoff_;
  boost::asio::steady_timer accept_retry_;
  boost::asio::steady_timer http_accept_retry_;
  std::uint64_t next_id_ = 1;
};

}  // namespace brudno::protocol
