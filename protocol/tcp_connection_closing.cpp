// A connection's closing: the session stopped and given back, the output
// flushed (within the write deadline, as any output), then the end of the
// stream as each transport has it (TLS's close_notify, a WebSocket's close
// frame, TCP's shutdown), with a linger for a client still sending, and the
// server told when its last client is gone (tcp_connection.hpp).
#include <cassert>
#include <chrono>

#include "protocol/logging.hpp"
#include "protocol/tcp_connection.hpp"

namespace brudno::protocol {
namespace asio = boost::asio;
namespace websocket = boost::beast::websocket;

namespace {

// After the last reply the client may still be sending (the rest of an
// over-long line): read and discard for this long so that closing does not
// reset the connection before it has read our error line. A stopping server
// waits less: its clients have their bestmoves, and it should exit promptly.
constexpr auto kLinger = std::chrono::milliseconds(2000);
constexpr auto kShutdownLinger = std::chrono::milliseconds(100);

}  // namespace

void TcpConnection::finish(std::string_view reason, std::string error_line) {
  if (finishing_) return;
  finishing_ = true;
  log_info("session ", id_, ": closing (", reason, ')');
  grace_timer_.cancel();
  idle_timer_.cancel();
  server_.unauthenticated.erase(id_);
  // Before its TLS handshake a client cannot be told anything.
  if (!error_line.empty() && handshake_done_) send(std::move(error_line));
  // The search is told to stop; the session's slot and table go back once
  // its job has ended, not when the client closes its socket. A job still
  // running ends in after_job(), which flushes then: its bestmove is among
  // what it printed last.
  release_session();
  if (awaits_job()) return;
  asio::post(strand_, [self = shared_from_this()] {
    if (!self->writing_) self->shut_down_after_flush();
  });
}

void TcpConnection::release_session() {
  if (!holds_slot_ || awaits_job()) return;
  if (session_ && session_->give_up()) {
    // At most once: once the job has ended, give_up() awaits nothing more.
    assert(!counted_as_ending_);
    awaited_job_ = shared_from_this();
    counted_as_ending_ = true;
    server_.session_given_up();  // the slot goes back now, the memory when the job ends
    return;
  }
  holds_slot_ = false;
  // No job runs: the thread ends at once. Its table and every other holding
  // go back to the server's total as the session ends (SessionMemory).
  session_.reset();
  if (!counted_as_ending_) --server_.sessions;
}

// The session's job has ended (after_job()): the given-up session goes, and
// the closing goes on where it waited.
void TcpConnection::end_awaited_job() {
  const auto self = std::move(awaited_job_);
  release_session();
  assert(!awaits_job());  // the job called the job-end callback last
  if (closed_) return forget();
  if (!writing_) shut_down_after_flush();
}

void TcpConnection::shut_down_after_flush() {
  // A job still to end has its last lines (its bestmove) to send first:
  // end_awaited_job() comes back here.
  if (closed_ || writing_ || awaits_job()) return;
  if (stream_.is_websocket()) return close_websocket();
  auto& bytes = stream_.bytes();
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
  auto& stream = stream_.websocket();
  if (!stream.is_open()) return close_now();
  stream.async_close(
      websocket::close_code::normal,
      asio::bind_executor(strand_, [self = shared_from_this()](const boost::system::error_code&) {
        self->close_now();
      }));
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
  stream_.bytes().socket().async_read_some(
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
  write_deadline_.cancel();
  stream_.close(ignored);
  handshake_turn_.give_back();
  server_.socket_closed(id_);
  server_.unauthenticated.erase(id_);
  release_session();
  // The server keeps counting the connection until its job has ended.
  if (!awaits_job()) forget();
}

void TcpConnection::forget() {
  server_.connections.erase(id_);
  if (counted_as_ending_) {
    counted_as_ending_ = false;
    server_.given_up_session_closed();
  }
  if (dropped_info_lines_ > 0) {
    log_info("session ", id_, ": ", dropped_info_lines_, " info lines dropped for a slow reader");
  }
  log_info("session ", id_, ": closed; ", server_.sessions, " sessions remain");
  server_.after_connection_gone();
}

void TcpConnection::shut_down() {
  finish("server shutting down");
}

}  // namespace brudno::protocol
