// A connection's start and the lines of its session: the TLS handshake, the
// session made when the client is served, and each line it sends (the
// transport, reading, guard, writing and closing are in their own files,
// see tcp_connection.hpp).
#include "protocol/tcp_connection.hpp"

#include <exception>
#include <new>
#include <utility>

#include "protocol/client_text.hpp"
#include "protocol/logging.hpp"
#include "protocol/server_state.hpp"

namespace brudno::protocol {
namespace asio = boost::asio;

TcpConnection::TcpConnection(Socket socket, std::uint64_t id, ServerState& server,
                             std::shared_ptr<asio::ssl::context> tls)
    : strand_(asio::make_strand(ConnectionStream::io_context_of(socket))),
      tls_context_(std::move(tls)),
      stream_(std::move(socket), tls_context_.get()),
      handshake_done_(tls_context_ == nullptr),
      grace_timer_(strand_),
      idle_timer_(strand_),
      linger_timer_(strand_),
      write_deadline_(strand_, server.options.write_timeout),
      id_(id),
      server_(server),
      input_(server.options.max_line_bytes + 1),  // the line and its newline
      authenticated_(!server.options.token),
      holds_slot_(authenticated_) {}

// A message is read whole: it may hold no more than a line may.
TcpConnection::TcpConnection(Stream websocket, std::uint64_t id, ServerState& server)
    : strand_(asio::make_strand(ConnectionStream::io_context_of(websocket))),
      stream_(std::move(websocket), server.options.max_line_bytes + 1),
      handshake_done_(true),
      grace_timer_(strand_),
      idle_timer_(strand_),
      linger_timer_(strand_),
      write_deadline_(strand_, server.options.write_timeout),
      id_(id),
      server_(server),
      input_(server.options.max_line_bytes + 1),
      authenticated_(!server.options.token),
      holds_slot_(authenticated_) {}

TcpConnection::~TcpConnection() = default;

void TcpConnection::start() {
  sink_.connection = weak_from_this();
  asio::dispatch(strand_, [self = shared_from_this()] {
    if (!self->handshake_done_ || !self->authenticated_) self->arm_grace_timer();
    if (self->handshake_done_) return self->begin();
    // The handshake starts once the client's first bytes (its ClientHello)
    // have arrived: from then on it has spoken (waiting_state()), and a
    // flood of silent sockets is closed before a client mid-handshake.
    self->stream_.bytes().socket().async_wait(
        Socket::wait_read,
        asio::bind_executor(self->strand_, [self](const boost::system::error_code& error) {
          if (self->closed_) return;
          if (error) return self->close_now();
          self->hello_arrived_ = true;
          self->take_handshake_turn();
        }));
  });
}

// A few handshakes at once from one address (HandshakeTurns); this one
// starts now or when its turn comes, unless it has closed by then.
void TcpConnection::take_handshake_turn() {
  boost::system::error_code ignored;
  handshake_turn_.take(server_.handshakes,
                       stream_.bytes().socket().remote_endpoint(ignored).address().to_string(),
                       shared_from_this());
}

bool TcpConnection::begin_handshake_turn() {
  if (closed_) return false;
  handshake_turn_.held();
  start_handshake();
  return true;
}

void TcpConnection::start_handshake() {
  stream_.bytes().async_handshake(
      asio::ssl::stream_base::server,
      asio::bind_executor(strand_, [self = shared_from_this()](const boost::system::error_code& error) {
        self->handshake_turn_.give_back();
        if (self->closed_) return;
        if (error) {
          // Plain text, another protocol or a certificate the client
          // rejects: nothing can be said to it, so it is only closed.
          log_info("connection ", self->id_, ": TLS handshake failed: ", error.message());
          return self->close_now();
        }
        self->handshake_done_ = true;
        self->begin();
      }));
}

void TcpConnection::begin() {
  if (authenticated_) {
    grace_timer_.cancel();  // it was waiting for the handshake alone
    open_session();
  }
  if (finishing_) return;  // the session could not be made
  arm_idle_timer();
  read_next();
}

void TcpConnection::open_session() {
  SessionLimits limits;
  limits.max_hash_megabytes = server_.options.max_hash_megabytes;
  limits.max_threads = server_.options.threads;
  limits.reserve_hash = [&budget = server_.hash](std::size_t from, std::size_t to) {
    return budget.change(from, to);
  };
  // The session's budget: its table, the mate search's tables and a puzzle
  // search's states together.
  limits.memory_budget_megabytes = server_.options.max_hash_megabytes;
  limits.thread_budget = &server_.threads;
  limits.sets_host_options = false;
  try {
    session_ = std::make_unique<UciSession>(sink_, std::move(limits));
    // Called on the session's worker thread: only a post, never the socket.
    session_->on_job_end([weak = weak_from_this()] {
      if (auto self = weak.lock()) asio::post(self->strand_, [self] { self->after_job(); });
    });
  } catch (const std::bad_alloc&) {
    // No memory for a new session: refuse this client, keep the others.
    log_error("session ", id_, ": cannot allocate a session; disconnecting");
    finish("out of memory",
           "info string error: the server cannot allocate a new session; try again later");
  }
}

void TcpConnection::on_line(std::string_view line) {
  if (!authenticated_) {
    if (authenticate(line)) return;
    log_warn("session ", id_, ": authentication failed; disconnecting");
    return finish("authentication failed",
                  line.starts_with("auth ")
                      ? "info string error: authentication failed: wrong token; closing the "
                        "connection"
                      : "info string error: authentication failed: the first line must be "
                        "'auth <token>'; closing the connection");
  }
  if (log_enabled(LogLevel::kDebug))
    log_debug("session ", id_, " << ", printable_excerpt(line, 200));
  if (line == "sessions") {
    // The administrative view of the server: how many clients it serves now.
    return send("info string sessions " + std::to_string(server_.sessions));
  }
  try {
    session_->handle_line(line);
  } catch (const std::exception& failure) {
    // The session answers its own errors; this is the last guard, so that
    // nothing one client sends can end the server.
    log_error("session ", id_, ": a line failed: ", failure.what());
    send("info string error: the command failed: " + std::string(failure.what()));
  }
  if (session_->quit_requested()) finish("quit");
}

}  // namespace brudno::protocol
