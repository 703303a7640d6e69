#include "protocol/tcp_server.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <csignal>
#include <memory>

#include "protocol/asio_pools.hpp"
#include "protocol/byte_stream.hpp"
#include "protocol/http_connection.hpp"
#include "protocol/idle_memory.hpp"
#include "protocol/logging.hpp"
#include "protocol/open_file_limit.hpp"
#include "protocol/serve.hpp"
#include "protocol/tcp_connection.hpp"
#include "protocol/tcp_keepalive.hpp"

namespace brudno::protocol {
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

// How long a stopping server waits, past its grace, for searches that were
// told to stop and have not: a job that does not stop when told (none
// should) would otherwise run on as the process exits.
constexpr std::chrono::seconds kEndingSessionsWait{10};

// A server context that accepts TLS 1.2 and 1.3 only (1.3 wherever the
// client has it: OpenSSL takes the highest version both speak), with the
// certificate chain and key of the files. TLS 1.2 is offered only with
// forward secrecy and authenticated encryption (ECDHE with AES-GCM or
// ChaCha20-Poly1305: 1.3's suites are all so), chosen by the server's
// preference, and no renegotiation: a client could otherwise make the one
// I/O thread redo handshakes at will. Throws boost::system::system_error
// with OpenSSL's reason when a file cannot be read or the key does not match.
std::shared_ptr<asio::ssl::context> load_tls_context(const ServerOptions& options) {
  namespace ssl = asio::ssl;
  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                       ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 |
                       ssl::context::single_dh_use);
  SSL_CTX* native = context->native_handle();
  SSL_CTX_set_options(native, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
  if (SSL_CTX_set_cipher_list(native, "ECDHE+AESGCM:ECDHE+CHACHA20") != 1) {
    throw boost::system::system_error(static_cast<int>(ERR_get_error()),
                                      asio::error::get_ssl_category(),
                                      "no TLS 1.2 cipher with forward secrecy and AEAD");
  }
  context->use_certificate_chain_file(*options.tls_certificate_file);
  context->use_private_key_file(*options.tls_key_file, ssl::context::pem);
  return context;
}

}  // namespace

TcpServer::TcpServer(asio::io_context& io, ServerOptions options, ConnectionCaps caps)
    : io_(io),
      state_(std::move(options), caps),
      acceptor_(io,
                tcp::endpoint(asio::ip::make_address(state_.options.host), state_.options.port)),
      signals_(io, SIGINT, SIGTERM, SIGHUP),
      tls_(state_.options.tls() ? load_tls_context(state_.options) : nullptr),
      shutdown_deadline_(io),
      accept_retry_(io),
      http_accept_retry_(io) {
  // Once no client is left, hand freed memory back to the system: after the
  // handlers the last close has cancelled have run and let the connection go
  // (the one I/O thread runs them in the order posted).
  state_.on_idle = [this] {
    asio::post(io_, [this] {
      if (state_.connections.empty()) return_freed_memory();
    });
  };
  // Room for every session, every connection waiting to authenticate, the
  // acceptor, and a refused client being told so.
  constexpr std::size_t kMostReserved = 1024;
  const std::size_t waiting =
      state_.options.token || state_.options.http ? state_.options.waiting_limit() : 0;
  reserve_asio_pools(io_, std::min(state_.options.max_sessions + waiting + 2, kMostReserved));
  if (const auto& http = state_.options.http) {
    if (http->web_root.empty()) {
      web_.emplace();
    } else {
      web_.emplace(http->web_root);
    }
    state_.web = &*web_;
    http_acceptor_.emplace(io, tcp::endpoint(asio::ip::make_address(http->host), http->port));
  }
}

std::optional<tcp::endpoint> TcpServer::http_endpoint() const {
  if (!http_acceptor_) return std::nullopt;
  return http_acceptor_->local_endpoint();
}

void TcpServer::start() {
  wait_for_signal();
  accept_next();
  if (http_acceptor_) accept_next_http();
}

void TcpServer::wait_for_signal() {
  signals_.async_wait([this](const boost::system::error_code& error, int signal) {
    if (error) return;
    if (signal != SIGHUP) return shut_down(signal);
    reload_tls();
    wait_for_signal();
  });
}

void TcpServer::reload_tls() {
  if (!tls_) return log_info("SIGHUP: no TLS certificate to read again");
  try {
    tls_ = load_tls_context(state_.options);
    log_info("SIGHUP: TLS certificate and key read again from ",
             *state_.options.tls_certificate_file, " and ", *state_.options.tls_key_file);
  } catch (const boost::system::system_error& failure) {
    log_error("SIGHUP: cannot read the TLS certificate or key (", failure.what(),
              "); new connections keep the old ones");
  }
}

void TcpServer::accept_next() {
  acceptor_.async_accept(
      asio::make_strand(io_), [this](const boost::system::error_code& error, tcp::socket socket) {
        if (error == asio::error::operation_aborted) return;  // shutting down
        if (error) {
          return accept_later(accept_backoff_, accept_retry_, error, "", &TcpServer::accept_next);
        }
        accept_backoff_.succeeded();
        on_accept(std::move(socket));
        accept_next();
      });
}

void TcpServer::on_accept(tcp::socket socket) {
  boost::system::error_code ignored;
  const auto peer = socket.remote_endpoint(ignored);
  const std::uint64_t id = next_id_++;
  if (!admit(socket, id, Port::kLines, peer)) return;
  open_line_session(std::move(socket), id, peer, ServerState::kRoomChecks);
}

void TcpServer::open_line_session(tcp::socket socket, std::uint64_t id, const tcp::endpoint& peer,
                                  int checks_left) {
  // With a token, not a session until it authenticates
  // (TcpConnection::authenticate() checks the session limit then).
  if (const auto refusal = state_.refusal_of_new_client()) {
    if (checks_left > 0 && !state_.shutting_down) {
      // The socket is counted (admit()) while it waits: the caps bound these too.
      auto timer = std::make_shared<asio::steady_timer>(io_, ServerState::kRoomCheck);
      auto held = std::make_shared<tcp::socket>(std::move(socket));
      timer->async_wait([this, timer, held, id, peer, checks_left](const auto& error) {
        if (error || state_.shutting_down) {
          boost::system::error_code ignored;
          held->close(ignored);
          return state_.socket_closed(id);
        }
        open_line_session(std::move(*held), id, peer, checks_left - 1);
      });
      return;
    }
    log_warn("session ", id, " from ", peer.address().to_string(), ':', peer.port(),
             " refused: ", state_.sessions, " sessions already");
    return refuse(std::move(socket), id, *refusal);
  }
  log_info("connection ", id, " from ", peer.address().to_string(), ':', peer.port(),
           state_.options.token ? ": waiting for its token" : ": a session");
  auto connection = std::make_shared<TcpConnection>(std::move(socket), id, state_, tls_);
  state_.add_client(id, connection);
  connection->start();
}

void TcpServer::accept_next_http() {
  http_acceptor_->async_accept(
      asio::make_strand(io_), [this](const boost::system::error_code& error, tcp::socket socket) {
        if (error == asio::error::operation_aborted) return;  // shutting down
        if (error) {
          return accept_later(http_accept_backoff_, http_accept_retry_, error, " (http)",
                              &TcpServer::accept_next_http);
        }
        http_accept_backoff_.succeeded();
        on_http_accept(std::move(socket));
        accept_next_http();
      });
}

void TcpServer::accept_later(AcceptBackoff& backoff, asio::steady_timer& timer,
                             const boost::system::error_code& error, const char* which,
                             void (TcpServer::*accept_again)()) {
  const auto step = backoff.failed(AcceptBackoff::Clock::now());
  if (step.log_with_unlogged) {
    log_error("accept failed", which, ": ", error.message(), "; trying again in ",
              step.delay.count(), " ms (", *step.log_with_unlogged,
              " more failures since the last such line)");
  }
  timer.expires_after(step.delay);
  timer.async_wait([this, accept_again](const boost::system::error_code& waited) {
    if (waited || state_.shutting_down) return;
    (this->*accept_again)();
  });
}

// Until its request is in, an HTTP connection waits as an unauthenticated
// one does: no session, no table, and the first to go when too many wait.
void TcpServer::on_http_accept(tcp::socket socket) {
  boost::system::error_code ignored;
  const auto peer = socket.remote_endpoint(ignored);
  const std::uint64_t id = next_id_++;
  if (!admit(socket, id, Port::kHttp, peer)) return;
  log_debug("connection ", id, " from ", peer.address().to_string(), ':', peer.port(), " (http)");
  auto connection = std::make_shared<HttpConnection>(std::move(socket), id, state_, tls_);
  state_.connections.emplace(id, connection);
  state_.add_waiting(id, connection);
  connection->start();
}

bool TcpServer::admit(tcp::socket& socket, std::uint64_t id, Port port, const tcp::endpoint& peer) {
  // Before anything else: from here every connection has TCP's watch.
  watch_for_vanished_peer(socket.native_handle());
  const std::string address = peer.address().to_string();
  if (state_.admit(id, port, address)) return true;
  const bool http = port == Port::kHttp;
  const auto& counts = state_.counts;
  const bool address_full = counts.full_for(port, address) == ConnectionCounts::Full::kAddress;
  log_warn("connection ", id, " from ", address, ':', peer.port(), http ? " (http)" : "",
           " closed at once: ", address_full ? "its address" : "the port", " has its cap of ",
           address_full ? counts.caps().http_per_address : counts.cap_of(port),
           " connections open");
  boost::system::error_code ignored;
  socket.close(ignored);
  return false;
}

// One error line, then the socket closes; existing sessions are not touched.
// Over TLS the line follows the handshake, which has the grace period to
// finish.
void TcpServer::refuse(tcp::socket socket, std::uint64_t id, std::string error_line) {
  auto text = std::make_shared<std::string>(std::move(error_line) + '\n');
  auto stream = std::make_shared<ByteStream>(tls_ ? ByteStream(std::move(socket), *tls_)
                                                  : ByteStream(std::move(socket)));
  auto deadline = std::make_shared<asio::steady_timer>(io_, state_.options.auth_timeout);
  const auto close = [stream, deadline, context = tls_, &state = state_, id] {
    deadline->cancel();
    boost::system::error_code ignored;
    stream->socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream->close(ignored);
    state.socket_closed(id);
  };
  deadline->async_wait([stream, &state = state_, id](const boost::system::error_code& error) {
    boost::system::error_code ignored;
    if (error) return;
    stream->close(ignored);
    state.socket_closed(id);
  });
  stream->async_handshake(
      ByteStream::TlsStream::server, [stream, text, close](const boost::system::error_code& error) {
        if (error) return close();
        asio::async_write(
            *stream, asio::buffer(*text),
            [text, close](const boost::system::error_code&, std::size_t) { close(); });
      });
}

void TcpServer::shut_down(int signal) {
  log_info("signal ", signal, ": stopping ", state_.sessions, " sessions");
  boost::system::error_code ignored;
  acceptor_.close(ignored);
  if (http_acceptor_) http_acceptor_->close(ignored);
  accept_retry_.cancel();
  http_accept_retry_.cancel();
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

bool TcpServer::wait_for_ending_sessions(std::chrono::milliseconds limit) {
  if (state_.sessions_ending == 0) return true;
  log_info("waiting for ", state_.sessions_ending, " closing sessions' searches to end and answer");
  state_.on_last_connection_closed = nullptr;
  const auto until = std::chrono::steady_clock::now() + limit;
  const auto work = asio::make_work_guard(io_);
  while (state_.sessions_ending > 0 && std::chrono::steady_clock::now() < until) {
    if (io_.stopped()) io_.restart();
    io_.run_one_until(until);
  }
  return state_.sessions_ending == 0;
}

bool is_ip_address(const std::string& host) {
  boost::system::error_code error;
  asio::ip::make_address(host, error);
  return !error;
}

bool is_loopback_address(const std::string& host) {
  return asio::ip::make_address(host).is_loopback();
}

std::optional<std::string> tls_files_problem(const ServerOptions& options) {
  if (!options.tls()) return std::nullopt;
  try {
    load_tls_context(options);
  } catch (const boost::system::system_error& failure) {
    return "cannot use the TLS certificate '" + *options.tls_certificate_file + "' and key '" +
           *options.tls_key_file + "': " + failure.code().message();
  }
  return std::nullopt;
}

std::optional<std::string> serve(const ServerOptions& options, const ListeningCallback& listening) {
  const auto limit = raise_open_file_limit(descriptors_needed(options));
  if (const auto warning = open_file_limit_warning(limit, options)) log_warn(*warning);
  const ConnectionCaps caps = connection_caps(options, limit.soft);
  if (options.http) {
    log_info("connections at once: ", caps.lines, " on the line port, ", caps.http,
             " on the HTTP port (", caps.http_per_address, " from one address)");
  } else {
    log_info("connections at once: ", caps.lines, " on the line port");
  }
  asio::io_context io;
  try {
    TcpServer tcp(io, options, caps);
    const auto endpoint = tcp.local_endpoint();
    listening(Listener::kLines, endpoint.address().to_string(), endpoint.port());
    if (const auto http = tcp.http_endpoint()) {
      listening(Listener::kHttp, http->address().to_string(), http->port());
    }
    tcp.start();
    io.run();
    if (!tcp.wait_for_ending_sessions(kEndingSessionsWait)) {
      log_warn("a closing session's job still runs; exiting without it");
    }
  } catch (const boost::system::system_error& e) {
    return e.code().message();
  }
  return std::nullopt;
}

}  // namespace brudno::protocol
