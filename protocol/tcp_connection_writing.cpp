// A connection's write queue: the lines of its session, posted by the
// search threads to the strand, written one at a time; a client that does
// not read loses search progress lines first, then stops being read, and is
// closed once its output makes no progress for the write timeout
// (tcp_connection.hpp).
#include <utility>

#include "protocol/logging.hpp"
#include "protocol/tcp_connection.hpp"

namespace brudno::protocol {
namespace asio = boost::asio;

namespace {

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
    write_deadline_.idle();
    if (read_paused_ && !backlog_blocks_input()) {
      read_paused_ = false;
      read_next();
    }
    if (finishing_) shut_down_after_flush();
    return;
  }
  writing_ = true;
  // A line written is progress; one that waits for the client the whole
  // time allowed is not.
  write_deadline_.progress([self = shared_from_this()] { self->close_stalled(); });
  // One line a message on a WebSocket, without its newline.
  stream_.async_write_line(
      outbox_.front(),
      asio::bind_executor(strand_, [self = shared_from_this()](
                                       const boost::system::error_code& error, std::size_t) {
        if (self->closed_) return;
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
      }));
}

void TcpConnection::close_stalled() {
  if (closed_) return;
  log_info("session ", id_, ": no output could be written for ",
           server_.options.write_timeout.count(), " s (", outbox_bytes_,
           " bytes waiting); closing");
  finishing_ = true;
  boost::system::error_code ignored;
  stream_.reset(ignored);
  close_now();
}

}  // namespace brudno::protocol
