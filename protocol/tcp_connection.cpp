#include "protocol/tcp_connection.hpp"

#include <boost/beast/core/buffers_to_string.hpp>
#include <new>
#include <type_traits>
#include <utility>

#include "protocol/auth_token.hpp"
#include "protocol/http_request_line.hpp"
#include "protocol/idle_memory.hpp"
#include "protocol/logging.hpp"
#include "protocol/server_state.hpp"

namespace brudno::protocol {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {

// After the last reply the client may still be sending (the rest of an
// over-long line): read and discard for this long so that closing does not
// reset the connection before it has read our error line. A stopping server
// waits less: its clients have their bestmoves, and it should exit promptly.
constexpr auto kLinger = std::chrono::milliseconds(2000);
constexpr auto kShutdownLinger = std::chrono::milliseconds(100);

bool is_search_info(std::string_view line) {
  return line.starts_with("info ") && !line.starts_with("info string");
}

}  // namespace

void TcpConnection::Sink::write_line(std::string_view line) {
  // Called from search threads: only a post, never the socket.
  if (auto self = connection.lock()) {
    asio::post(self->strand_,
               [self, text = std::string(line)]() mutable { self->send(std::move(text)); });
  }
}

namespace {

using Stream = TcpConnection::Stream;

template <class S>
constexpr bool kIsWebSocket = std::is_same_v<S, TcpConnection::WebSocket>;

Stream make_stream(TcpConnection::Socket socket, asio::ssl::context* tls) {
  if (tls == nullptr) return Stream(std::in_place_type<ByteStream>, std::move(socket));
  return Stream(std::in_place_type<ByteStream>, std::move(socket), *tls);
}

asio::io_context& io_context_of(const asio::any_io_executor& executor) {
  return static_cast<asio::io_context&>(asio::query(executor, asio::execution::context));
}

asio::io_context& io_context_of(Stream& stream) {
  return std::visit(
      [](auto& each) -> asio::io_context& { return io_context_of(each.get_executor()); }, stream);
}

}  // namespace

TcpConnection::TcpConnection(Socket socket, std::uint64_t id, ServerState& server,
                             std::shared_ptr<asio::ssl::context> tls)
    : strand_(asio::make_strand(io_context_of(socket.get_executor()))),
      tls_context_(std::move(tls)),
      stream_(make_stream(std::move(socket), tls_context_.get())),
      handshake_done_(tls_context_ == nullptr),
      grace_timer_(strand_),
      idle_timer_(strand_),
      linger_timer_(strand_),
      id_(id),
      server_(server),
      input_(server.options.max_line_bytes + 1),  // the line and its newline
      authenticated_(!server.options.token),
      holds_slot_(authenticated_) {}

TcpConnection::TcpConnection(Stream websocket, std::uint64_t id, ServerState& server)
    : strand_(asio::make_strand(io_context_of(websocket))),
      stream_(std::move(websocket)),
      handshake_done_(true),
      grace_timer_(strand_),
      idle_timer_(strand_),
      linger_timer_(strand_),
      id_(id),
      server_(server),
      input_(server.options.max_line_bytes + 1),
      authenticated_(!server.options.token),
      holds_slot_(authenticated_) {
  std::visit(
      [&](auto& stream) {
        if constexpr (kIsWebSocket<std::decay_t<decltype(stream)>>) {
          // A message is read whole: it may hold no more than a line may.
          stream.read_message_max(server.options.max_line_bytes + 1);
          stream.text(true);
        }
      },
      stream_);
}

TcpConnection::~TcpConnection() = default;

void TcpConnection::start() {
  sink_.connection = weak_from_this();
  asio::dispatch(strand_, [self = shared_from_this()] {
    if (!self->handshake_done_ || !self->authenticated_) self->arm_grace_timer();
    if (self->handshake_done_) return self->begin();
    std::get<ByteStream>(self->stream_)
        .async_handshake(
            asio::ssl::stream_base::server,
            asio::bind_executor(self->strand_, [self](const boost::system::error_code& error) {
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
  });
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
  limits.thread_budget = &server_.threads;
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

void TcpConnection::read_next() {
  if (finishing_ || reading_) return;
  if (backlog_blocks_input()) {
    read_paused_ = true;  // write_next() resumes reading once the client catches up
    return;
  }
  reading_ = true;
  auto handler = asio::bind_executor(
      strand_, [self = shared_from_this()](const auto& error, std::size_t bytes) {
        self->on_read(error, bytes);
      });
  std::visit(
      [&](auto& stream) {
        if constexpr (kIsWebSocket<std::decay_t<decltype(stream)>>) {
          stream.async_read(
              message_, asio::bind_executor(
                            strand_, [self = shared_from_this()](const auto& error, std::size_t) {
                              self->on_message(error);
                            }));
        } else {
          asio::async_read_until(stream, input_, '\n', std::move(handler));
        }
      },
      stream_);
}

void TcpConnection::on_message(const boost::system::error_code& error) {
  reading_ = false;
  if (finishing_) return;
  if (error == websocket::error::message_too_big) {
    // The WebSocket is failed already (a close frame with code 1009 says
    // why): nothing more can be sent on it.
    log_warn("session ", id_, ": message longer than ", server_.options.max_line_bytes,
             " bytes; disconnecting");
    return finish("message too long");
  }
  // A close frame, or a client gone without one: the end of its input.
  if (error == websocket::error::closed || error == asio::error::eof ||
      error == asio::ssl::error::stream_truncated || error == asio::error::connection_reset) {
    return on_end_of_input();
  }
  if (error) return finish(error.message());
  const std::string text = beast::buffers_to_string(message_.data());
  message_.consume(message_.size());
  arm_idle_timer();
  // The lines of the message; "go" and "go\n" are both one line.
  std::string_view rest = text;
  do {
    const auto end = rest.find('\n');
    std::string line(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    take_line(std::move(line));
  } while (!rest.empty() && !finishing_);
  if (!finishing_) read_on();
}

void TcpConnection::read_on() {
  // While lines wait for a job that ends by itself, reading goes on for a
  // `stop`, `isready` or `quit` behind them, up to kLinesReadAhead held
  // lines, and then waits for after_job(); behind a search only the client
  // can end, it goes on, since the `stop` is still to come.
  if (reads_on()) read_next();
}

bool TcpConnection::reads_on() const {
  return held_lines_.size() < kLinesReadAhead || session_->waits_for_client();
}

void TcpConnection::on_read(const boost::system::error_code& error, std::size_t bytes) {
  reading_ = false;
  if (finishing_) return;
  if (error == asio::error::not_found) {
    log_warn("session ", id_, ": line longer than ", server_.options.max_line_bytes,
             " bytes; disconnecting");
    return finish("line too long", "info string error: line too long (more than " +
                                       std::to_string(server_.options.max_line_bytes) +
                                       " bytes); closing the connection");
  }
  // A TLS client's close_notify reads as eof; a TLS client that closes its
  // socket without one, as a truncated stream: both end its input.
  if (error == asio::error::eof || error == asio::ssl::error::stream_truncated) {
    return on_end_of_input();
  }
  if (error) return finish(error.message());
  std::string line(asio::buffers_begin(input_.data()),
                   asio::buffers_begin(input_.data()) + static_cast<std::ptrdiff_t>(bytes - 1));
  input_.consume(bytes);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (!first_line_read_) {
    first_line_read_ = true;
    if (is_http_request_line(line)) {
      // A browser's request (a web page posting a form to this port, its
      // body written as engine commands): nothing of it is read as a command.
      log_warn("connection ", id_, ": an HTTP request on the line port; closing");
      finishing_ = true;
      return close_now();
    }
  }
  arm_idle_timer();
  take_line(std::move(line));
  if (!finishing_) read_on();
}

void TcpConnection::take_line(std::string line) {
  if (!session_ || session_->takes_now(line, !held_lines_.empty())) return on_line(line);
  if (held_lines_.size() >= kMaxHeldLines) {
    log_warn("session ", id_, ": more than ", kMaxHeldLines,
             " lines wait for a search; disconnecting");
    return finish("too many held lines",
                  "info string error: more than " + std::to_string(kMaxHeldLines) +
                      " lines wait for the running search (send stop); closing the connection");
  }
  held_lines_.hold(std::move(line));
}

void TcpConnection::after_job() {
  if (finishing_) return;
  while (!finishing_) {
    const auto line = held_lines_.next_to_run(*session_);
    if (!line) break;
    on_line(*line);
  }
  if (finishing_) return;
  if (input_ended_) {
    // As on stdin: the held lines still run, a search only `stop` could end
    // is stopped, and a finite one finishes and answers.
    if (!session_->end_of_input_pending() && held_lines_.empty()) finish("client disconnected");
  } else if (reads_on()) {
    read_next();
  }
}

void TcpConnection::on_end_of_input() {
  input_ended_ = true;
  if (!held_lines_.empty()) {
    // after_job() goes on with them, once a search only `stop` could end is stopped.
    if (session_) (void)session_->end_of_input_pending();
    return;
  }
  if (session_ && session_->end_of_input_pending()) return;  // after_job() finishes
  finish("client disconnected");
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
  log_debug("session ", id_, " << ", line);
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

bool TcpConnection::authenticate(std::string_view line) {
  constexpr std::string_view kCommand = "auth ";
  if (!line.starts_with(kCommand)) return false;
  if (!tokens_match(line.substr(kCommand.size()), *server_.options.token)) return false;
  authenticated_ = true;
  grace_timer_.cancel();
  server_.unauthenticated.erase(id_);
  if (server_.sessions >= server_.options.max_sessions) {
    log_warn("session ", id_, " refused: ", server_.sessions, " sessions already");
    finish("session limit", "info string error: the server has its maximum of " +
                                std::to_string(server_.options.max_sessions) +
                                " sessions; try again later");
    return true;
  }
  ++server_.sessions;
  holds_slot_ = true;
  log_info("session ", id_, ": authenticated");
  send("info string authenticated");
  open_session();
  return true;
}

void TcpConnection::arm_grace_timer() {
  grace_timer_.expires_after(server_.options.auth_timeout);
  grace_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
    if (error || self->finishing_ || self->closed_) return;
    const auto seconds = std::to_string(self->server_.options.auth_timeout.count());
    if (!self->handshake_done_) {
      log_info("connection ", self->id_, ": no TLS handshake within ", seconds, " s; closing");
      return self->close_now();
    }
    if (self->authenticated_) return;
    log_info("connection ", self->id_, ": no token within ", seconds, " s; disconnecting");
    self->finish("authentication timed out", "info string error: no 'auth <token>' within " +
                                                 seconds + " seconds; closing the connection");
  });
}

TcpConnection::Waiting TcpConnection::waiting_state() {
  boost::system::error_code error;
  const std::size_t unread = std::visit(
      [&](auto& stream) { return beast::get_lowest_layer(stream).socket().available(error); },
      stream_);
  if (!error && unread > 0) return Waiting::kUnread;
  // A WebSocket has sent its upgrade request, a TLS client its handshake.
  const bool spoke = input_.size() > 0 || message_.size() > 0 ||
                     std::holds_alternative<WebSocket>(stream_) ||
                     (tls_context_ && handshake_done_);
  return spoke ? Waiting::kSpoke : Waiting::kSilent;
}

void TcpConnection::close_unauthenticated() {
  log_info("connection ", id_, ": closed to make room for a newer one waiting to authenticate");
  finish("too many waiting to authenticate",
         "info string error: too many connections are waiting to authenticate; closing the "
         "one that has waited longest");
}

void TcpConnection::arm_idle_timer() {
  const auto timeout = server_.options.idle_timeout;
  if (timeout.count() == 0 || finishing_) return;
  idle_timer_.expires_after(timeout);
  idle_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
    if (error || self->finishing_) return;  // re-armed or closed
    if (self->session_ && self->session_->searching()) {
      self->arm_idle_timer();  // an analyst watching a long search is not idle
      return;
    }
    log_info("session ", self->id_, ": idle for ", self->server_.options.idle_timeout.count(),
             " s; disconnecting");
    self->finish("idle", "info string error: no input for " +
                             std::to_string(self->server_.options.idle_timeout.count()) +
                             " seconds; closing the connection");
  });
}

bool TcpConnection::backlog_blocks_input() const {
  return outbox_bytes_ > 4 * server_.options.output_backlog_bytes;
}

void TcpConnection::send(std::string line) {
  if (closed_) return;
  // A client that does not read loses search progress lines, never the
  // answers to its commands or a bestmove.
  if (is_search_info(line) && outbox_bytes_ > server_.options.output_backlog_bytes) {
    if (dropped_info_lines_++ == 0) log_warn("session ", id_, ": slow reader; dropping info");
    return;
  }
  line += '\n';
  outbox_bytes_ += line.size();
  outbox_.push_back(std::move(line));
  if (!writing_) write_next();
}

void TcpConnection::write_next() {
  if (closed_) return;
  if (outbox_.empty()) {
    writing_ = false;
    if (read_paused_ && !backlog_blocks_input()) {
      read_paused_ = false;
      read_next();
    }
    if (finishing_) shut_down_after_flush();
    return;
  }
  writing_ = true;
  auto handler = asio::bind_executor(
      strand_, [self = shared_from_this()](const boost::system::error_code& error, std::size_t) {
        if (error) {
          // The client is gone: nothing more can reach it.
          log_info("session ", self->id_, ": write failed: ", error.message());
          self->writing_ = false;
          self->finishing_ = true;
          return self->close_now();
        }
        self->outbox_bytes_ -= self->outbox_.front().size();
        self->outbox_.pop_front();
        self->write_next();
      });
  std::visit(
      [&](auto& stream) {
        const std::string& line = outbox_.front();
        if constexpr (kIsWebSocket<std::decay_t<decltype(stream)>>) {
          // One line a message, without its newline.
          stream.async_write(asio::buffer(line.data(), line.size() - 1), std::move(handler));
        } else {
          asio::async_write(stream, asio::buffer(line), std::move(handler));
        }
      },
      stream_);
}

void TcpConnection::finish(std::string_view reason, std::string error_line) {
  if (finishing_) return;
  finishing_ = true;
  log_info("session ", id_, ": closing (", reason, ')');
  grace_timer_.cancel();
  idle_timer_.cancel();
  server_.unauthenticated.erase(id_);
  // Before its TLS handshake a client cannot be told anything.
  if (!error_line.empty() && handshake_done_) send(std::move(error_line));
  // The search stops and its thread ends here; whatever it printed last, its
  // bestmove among it, is already posted to the strand, ahead of the flush
  // below. The session's slot and table go back now, not when the client
  // closes its socket.
  release_session();
  asio::post(strand_, [self = shared_from_this()] {
    if (!self->writing_) self->shut_down_after_flush();
  });
}

void TcpConnection::release_session() {
  if (!holds_slot_) return;
  holds_slot_ = false;
  if (session_) {
    session_->abandon();
    server_.hash.release(session_->hash_megabytes());
    session_.reset();
  }
  --server_.sessions;
}

void TcpConnection::shut_down_after_flush() {
  if (closed_ || writing_) return;
  if (std::holds_alternative<WebSocket>(stream_)) return close_websocket();
  auto& bytes = std::get<ByteStream>(stream_);
  if (bytes.is_tls()) {
    if (!handshake_done_) return close_now();
    // The client's own close_notify, or the linger time, whichever comes
    // first; the client has the linger time to read our last lines.
    linger_timer_.expires_after(server_.shutting_down ? kShutdownLinger : kLinger);
    linger_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
      if (!error) self->close_now();
    });
    // A TLS stream allows one read at a time, and a shutdown reads: with a
    // read still under way (a close by a timer, not after a line) the
    // connection closes at the linger time without a close_notify.
    if (reading_) return;
    bytes.async_shutdown(asio::bind_executor(
        strand_, [self = shared_from_this()](const boost::system::error_code& error) {
          // A client still sending (the rest of an over-long line) fails the
          // shutdown with its data: closing now would reset the connection
          // before it has read our last line, so its bytes are read and
          // dropped below TLS until it closes or the linger time ends.
          if (error) return self->discard_input();
          self->close_now();
        }));
    return;
  }
  boost::system::error_code ignored;
  bytes.socket().shutdown(Socket::shutdown_send, ignored);
  drain_then_close();
}

// A close frame, answered by the client's or cut off at the linger time; a
// read under way ends with the close.
void TcpConnection::close_websocket() {
  linger_timer_.expires_after(server_.shutting_down ? kShutdownLinger : kLinger);
  linger_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
    if (!error) self->close_now();
  });
  std::visit(
      [&](auto& stream) {
        if constexpr (kIsWebSocket<std::decay_t<decltype(stream)>>) {
          if (!stream.is_open()) return close_now();
          stream.async_close(websocket::close_code::normal,
                             asio::bind_executor(strand_, [self = shared_from_this()](
                                                              const boost::system::error_code&) {
                               self->close_now();
                             }));
        }
      },
      stream_);
}

void TcpConnection::drain_then_close() {
  linger_timer_.expires_after(server_.shutting_down ? kShutdownLinger : kLinger);
  linger_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
    if (!error) self->close_now();
  });
  discard_input();
}

// Reads and drops what the client still sends, until it closes its side.
// Reads the socket itself, under TLS too: after a close_notify nothing more
// of the client's is decoded, only kept from resetting the connection.
void TcpConnection::discard_input() {
  std::get<ByteStream>(stream_).socket().async_read_some(
      asio::buffer(discarded_),
      asio::bind_executor(strand_, [self = shared_from_this()](
                                       const boost::system::error_code& error, std::size_t) {
        if (error) return self->close_now();
        self->discard_input();
      }));
}

void TcpConnection::close_now() {
  if (closed_) return;
  closed_ = true;
  boost::system::error_code ignored;
  linger_timer_.cancel();
  grace_timer_.cancel();
  idle_timer_.cancel();
  std::visit([&](auto& stream) { beast::get_lowest_layer(stream).close(ignored); }, stream_);
  server_.unauthenticated.erase(id_);
  release_session();
  server_.connections.erase(id_);
  if (dropped_info_lines_ > 0) {
    log_info("session ", id_, ": ", dropped_info_lines_, " info lines dropped for a slow reader");
  }
  log_info("session ", id_, ": closed; ", server_.sessions, " sessions remain");
  if (server_.connections.empty() && server_.shutting_down) {
    if (server_.on_last_connection_closed) server_.on_last_connection_closed();
    return;
  }
  if (server_.connections.empty()) {
    // Once no client is left, hand freed memory back to the system: after the
    // handlers this close has cancelled have run and let the connection go.
    asio::post(strand_, [&server = server_] {
      if (server.connections.empty()) return_freed_memory();
    });
  }
}

void TcpConnection::shut_down() {
  finish("server shutting down");
}

}  // namespace brudno::protocol
