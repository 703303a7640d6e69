#include "protocol/tcp_server.hpp"

#include <algorithm>
#include <csignal>
#include <memory>

#include "protocol/asio_pools.hpp"
#include "protocol/logging.hpp"
#include "protocol/serve.hpp"
#include "protocol/tcp_connection.hpp"

namespace brudno::protocol {
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

TcpServer::TcpServer(asio::io_context& io, ServerOptions options)
    : io_(io),
      state_(std::move(options)),
      acceptor_(io,
                tcp::endpoint(asio::ip::make_address(state_.options.host), state_.options.port)),
      signals_(io, SIGINT, SIGTERM),
      shutdown_deadline_(io) {
  // Room for every session, every connection waiting to authenticate, the
  // acceptor, and a refused client being told so.
  constexpr std::size_t kMostReserved = 1024;
  const std::size_t waiting = state_.options.token ? state_.options.max_unauthenticated : 0;
  reserve_asio_pools(io_, std::min(state_.options.max_sessions + waiting + 2, kMostReserved));
}

void TcpServer::start() {
  signals_.async_wait([this](const boost::system::error_code& error, int signal) {
    if (!error) shut_down(signal);
  });
  accept_next();
}

void TcpServer::accept_next() {
  acceptor_.async_accept(asio::make_strand(io_),
                         [this](const boost::system::error_code& error, tcp::socket socket) {
                           if (error == asio::error::operation_aborted) return;  // shutting down
                           if (error) {
                             log_error("accept failed: ", error.message());
                           } else {
                             on_accept(std::move(socket));
                           }
                           accept_next();
                         });
}

void TcpServer::on_accept(tcp::socket socket) {
  boost::system::error_code ignored;
  const auto peer = socket.remote_endpoint(ignored);
  const std::uint64_t id = next_id_++;
  if (state_.options.token) {
    // Not a session until it authenticates (TcpConnection::authenticate()
    // checks the session limit then): it only waits, among a few others.
    if (state_.unauthenticated.size() >= state_.options.max_unauthenticated) {
      close_oldest_unauthenticated();
    }
    log_info("connection ", id, " from ", peer.address().to_string(), ':', peer.port(),
             ": waiting for its token");
    auto connection = std::make_shared<TcpConnection>(std::move(socket), id, state_);
    state_.connections.emplace(id, connection);
    state_.unauthenticated.emplace(id, connection);
    connection->start();
    return;
  }
  if (state_.sessions >= state_.options.max_sessions) {
    log_warn("session ", id, " from ", peer.address().to_string(), ':', peer.port(),
             " refused: ", state_.sessions, " sessions already");
    return refuse(std::move(socket), "info string error: the server has its maximum of " +
                                         std::to_string(state_.options.max_sessions) +
                                         " sessions; try again later");
  }
  log_info("session ", id, " connected from ", peer.address().to_string(), ':', peer.port());
  auto connection = std::make_shared<TcpConnection>(std::move(socket), id, state_);
  state_.connections.emplace(id, connection);
  ++state_.sessions;
  connection->start();
}

// A stranger who opens connections and sends nothing pushes out only the
// longest waiting of them: a client that sends its token at once always gets
// its turn, however many silent connections are open.
void TcpServer::close_oldest_unauthenticated() {
  const auto oldest = state_.unauthenticated.begin();
  const auto connection = oldest->second.lock();
  state_.unauthenticated.erase(oldest);
  if (connection) connection->close_unauthenticated();
}

// One error line, then the socket closes; existing sessions are not touched.
void TcpServer::refuse(tcp::socket socket, std::string error_line) {
  auto held = std::make_shared<tcp::socket>(std::move(socket));
  auto text = std::make_shared<std::string>(std::move(error_line) + '\n');
  asio::async_write(*held, asio::buffer(*text),
                    [held, text](const boost::system::error_code&, std::size_t) {
                      boost::system::error_code ignored;
                      held->shutdown(tcp::socket::shutdown_both, ignored);
                      held->close(ignored);
                    });
}

void TcpServer::shut_down(int signal) {
  log_info("signal ", signal, ": stopping ", state_.sessions, " sessions");
  boost::system::error_code ignored;
  acceptor_.close(ignored);
  state_.shutting_down = true;
  // Each connection stops its search, sends the bestmove and closes; the
  // server stops with the last of them, or at the deadline.
  state_.on_last_connection_closed = [this] { io_.stop(); };
  shutdown_deadline_.expires_after(kShutdownGrace);
  shutdown_deadline_.async_wait([this](const boost::system::error_code& error) {
    if (!error) io_.stop();
  });
  if (state_.connections.empty()) return io_.stop();
  // Copied: a connection may erase its entry as it closes.
  const auto connections = state_.connections;
  for (const auto& [id, weak] : connections) {
    if (const auto connection = weak.lock()) connection->shut_down();
  }
}

bool is_ip_address(const std::string& host) {
  boost::system::error_code error;
  asio::ip::make_address(host, error);
  return !error;
}

bool is_loopback_address(const std::string& host) {
  return asio::ip::make_address(host).is_loopback();
}

std::optional<std::string> serve(const ServerOptions& options, const ListeningCallback& listening) {
  asio::io_context io;
  try {
    TcpServer tcp(io, options);
    const auto endpoint = tcp.local_endpoint();
    listening(endpoint.address().to_string(), endpoint.port());
    tcp.start();
    io.run();
  } catch (const boost::system::system_error& e) {
    return e.code().message();
  }
  return std::nullopt;
}

}  // namespace brudno::protocol
