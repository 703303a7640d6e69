// A connection's guard: the token a client must send first, the grace time
// it has for its TLS handshake and its token, the idle time after which it
// is let go, and what the server asks of a connection still waiting to
// authenticate (tcp_connection.hpp).
#include "protocol/auth_token.hpp"
#include "protocol/logging.hpp"
#include "protocol/tcp_connection.hpp"

namespace brudno::protocol {

bool TcpConnection::authenticate(std::string_view line) {
  constexpr std::string_view kCommand = "auth ";
  if (!line.starts_with(kCommand)) return false;
  if (!tokens_match(line.substr(kCommand.size()), *server_.options.token)) return false;
  authenticated_ = true;
  grace_timer_.cancel();
  server_.unauthenticated.erase(id_);
  take_slot(ServerState::kRoomChecks);
  return true;
}

void TcpConnection::take_slot(int checks_left) {
  if (finishing_ || closed_) return;
  if (server_.sessions_full()) {
    if (checks_left > 0 && !server_.shutting_down) {
      awaiting_slot_ = true;  // take_line() holds the lines that come meanwhile
      grace_timer_.expires_after(ServerState::kRoomCheck);
      grace_timer_.async_wait(asio::bind_executor(
          strand_,
          [self = shared_from_this(), checks_left](const boost::system::error_code& error) {
            if (!error) self->take_slot(checks_left - 1);
          }));
      return;
    }
    awaiting_slot_ = false;
    log_warn("session ", id_, " refused: ", server_.sessions, " sessions already");
    return finish("session limit", "info string error: the server has its maximum of " +
                                       std::to_string(server_.options.max_sessions) +
                                       " sessions; try again later");
  }
  const bool lines_waited = awaiting_slot_;
  awaiting_slot_ = false;
  ++server_.sessions;
  holds_slot_ = true;
  log_info("session ", id_, ": authenticated");
  send("info string authenticated");
  open_session();
  if (lines_waited) after_job();  // the lines held meanwhile run, and reading goes on
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
  const std::size_t unread = stream_.unread_bytes(error);
  if (!error && unread > 0) return Waiting::kUnread;
  // A WebSocket has sent its upgrade request, a TLS client the start of its
  // handshake (which OpenSSL may have read whole, leaving nothing unread).
  const bool spoke = input_.size() > 0 || message_.size() > 0 || stream_.is_websocket() ||
                     (tls_context_ && (handshake_done_ || hello_arrived_));
  return spoke ? Waiting::kSpoke : Waiting::kSilent;
}

void TcpConnection::close_unauthenticated(Room room) {
  if (room == Room::kForDescriptor) {
    log_info("connection ", id_, ": closed at once to make room for a newer one on its port");
    finishing_ = true;
    return close_now();
  }
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

}  // namespace brudno::protocol
