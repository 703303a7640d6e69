// A connection's read loop: lines from a byte stream or the messages of a
// WebSocket, the first line checked for a browser's request, and the lines
// held while the session runs a job (tcp_connection.hpp).
#include <boost/beast/core/buffers_to_string.hpp>
#include <utility>

#include "protocol/client_text.hpp"
#include "protocol/http_request_line.hpp"
#include "protocol/logging.hpp"
#include "protocol/tcp_connection.hpp"

namespace brudno::protocol {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

void TcpConnection::read_next() {
  if (finishing_ || reading_) return;
  if (backlog_blocks_input()) {
    read_paused_ = true;  // write_next() resumes reading once the client catches up
    return;
  }
  reading_ = true;
  if (stream_.is_websocket()) {
    stream_.async_read_message(
        message_,
        asio::bind_executor(strand_, [self = shared_from_this()](const auto& error, std::size_t) {
          self->on_message(error);
        }));
  } else {
    stream_.async_read_line(
        input_, asio::bind_executor(
                    strand_, [self = shared_from_this()](const auto& error, std::size_t bytes) {
                      self->on_read(error, bytes);
                    }));
  }
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
  // Behind a job that ends by itself, only while the longest line could
  // still be held: such a job's lines are never dropped for their bytes.
  const bool room = held_lines_.size() < kLinesReadAhead &&
                    held_lines_.bytes() + server_.options.max_line_bytes <=
                        server_.options.max_held_bytes();
  return room || (session_ && session_->waits_for_client());
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
  if (!awaiting_slot_ && (!session_ || session_->takes_now(line, !held_lines_.empty()))) {
    return on_line(line);
  }
  if (held_lines_.size() >= kMaxHeldLines) {
    log_warn("session ", id_, ": more than ", kMaxHeldLines,
             " lines wait for a search; disconnecting");
    return finish("too many held lines",
                  "info string error: more than " + std::to_string(kMaxHeldLines) +
                      " lines wait for the running search (send stop); closing the connection");
  }
  if (held_lines_.bytes() + line.size() > server_.options.max_held_bytes()) {
    // Behind a search only the client can end (reads_on() waits behind any
    // other job): the `stop` still to come is read, and this line is not held.
    log_warn("session ", id_, ": more than ", server_.options.max_held_bytes(),
             " bytes of lines wait for a search; a line dropped");
    return send("info string error: more than " +
                std::to_string(server_.options.max_held_bytes()) +
                " bytes of lines wait for the running search (send stop); dropped " +
                quoted_excerpt(line));
  }
  held_lines_.hold(std::move(line));
}

void TcpConnection::after_job() {
  if (awaits_job()) return end_awaited_job();
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

}  // namespace brudno::protocol
