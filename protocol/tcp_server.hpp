#pragma once
// `brudno serve`: the UCI protocol over TCP, one independent session per
// connection, all on one io_context run by one thread.

#include <chrono>
#include <cstdint>

#include "protocol/asio.hpp"
#include "protocol/server_options.hpp"
#include "protocol/server_state.hpp"

namespace brudno::protocol {

class TcpServer {
 public:
  static constexpr std::chrono::milliseconds kShutdownGrace{500};

  // Binds and listens at once; throws boost::system::system_error when it cannot.
  TcpServer(boost::asio::io_context& io, ServerOptions options);

  [[nodiscard]] boost::asio::ip::tcp::endpoint local_endpoint() const {
    return acceptor_.local_endpoint();
  }
  // Accepts until SIGINT or SIGTERM, then stops every search, sends its
  // bestmove, closes every session and stops the io_context (after at most
  // kShutdownGrace, whatever the clients do).
  void start();

 private:
  void accept_next();
  void on_accept(boost::asio::ip::tcp::socket socket);
  void close_oldest_unauthenticated();
  void refuse(boost::asio::ip::tcp::socket socket, std::string error_line);
  void shut_down(int signal);

  boost::asio::io_context& io_;
  ServerState state_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::signal_set signals_;
  boost::asio::steady_timer shutdown_deadline_;
  std::uint64_t next_id_ = 1;
};

}  // namespace brudno::protocol
