#pragma once
// What the connections of one server share: the options, the table-memory
// and thread budgets, the list of live connections and their counts against
// the caps. Only the server's single I/O thread touches the plain members;
// search threads reach only the budgets, which are thread safe.

#include <cassert>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "protocol/connection_counts.hpp"
#include "protocol/handshake_turns.hpp"
#include "protocol/hash_budget.hpp"
#include "protocol/server_options.hpp"
#include "protocol/thread_budget.hpp"

namespace brudno::protocol {

class WebContent;

// What the server asks of every open connection, whatever it speaks (the
// line protocol over TCP or a WebSocket, or HTTP before an upgrade).
class ServerConnection {
 public:
  // Where a connection that waits to prove who it is stands, for choosing
  // which to close when too many wait.
  enum class Waiting {
    kSilent,  // nothing received since it began waiting, nothing unread
    kSpoke,   // something read, but no token (or request) whole, nothing unread
    kUnread,  // bytes in its socket not read yet: its token may be among them
  };
  // Why a waiting connection is closed to make room.
  enum class Room {
    // Too many wait: it is told why, and closes as any connection does.
    kToWait,
    // A new connection finds its port or address at its cap: the socket is
    // closed at once, its descriptor wanted now (ServerState::admit()).
    kForDescriptor,
  };
  virtual ~ServerConnection() = default;
  [[nodiscard]] virtual Waiting waiting_state() = 0;
  // Too many connections wait to prove who they are (their token, or their
  // first HTTP request), or their port is at its cap, and this one has
  // waited longest.
  virtual void close_unauthenticated(Room room) = 0;
  // The server stops: a running search answers, then the connection closes.
  virtual void shut_down() = 0;
};

class ServerState {
 public:
  // With the caps of an open-file limit that holds all that `options` want.
  explicit ServerState(ServerOptions options) : ServerState(options, connection_caps(options, 0)) {}
  ServerState(ServerOptions options, ConnectionCaps caps)
      : options(std::move(options)),
        counts(caps),
        hash(this->options.max_total_hash_megabytes),
        threads(this->options.threads > 0
                    ? this->options.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))) {}

  // A connection that has not proved who it is joins the waiting ones; when
  // they are at their limit (ServerOptions::waiting_limit()), the silent one
  // that has waited longest is closed, or, when none is silent, the oldest
  // that has sent something but not its token; one whose bytes wait unread
  // in its socket never is (they are read first, and may be its token), so
  // the limit may be passed while such bytes wait. A stranger who opens
  // connections and sends nothing pushes out only his own: a client that
  // speaks at once always gets its turn.
  void add_waiting(std::uint64_t id, const std::shared_ptr<ServerConnection>& connection);
  // Before a new line-protocol client is served: nothing when it may go on,
  // or the error line that refuses it (without a token, the session limit;
  // with one, the client only waits for its token, among the others waiting).
  [[nodiscard]] std::optional<std::string> refusal_of_new_client() const;
  // Serves the client admitted above: a session at once without a token, one
  // waiting for its token with one.
  void add_client(std::uint64_t id, const std::shared_ptr<ServerConnection>& connection);

  // A connection just accepted on `port` from `address`: counted, or false
  // when its port or address is at its cap (ConnectionCounts) and no
  // waiting connection there could be closed to make room (as
  // add_waiting() chooses it, closed at once); the caller then closes it.
  [[nodiscard]] bool admit(std::uint64_t id, Port port, const std::string& address);
  // The socket of connection `id` is closed: its place under the caps is free.
  void socket_closed(std::uint64_t id) { counts.closed(id); }

  const ServerOptions options;
  // The connections open on each port, against their caps.
  ConnectionCounts counts;
  // With --http: the page's files (owned by the server).
  const WebContent* web = nullptr;
  HashBudget hash;
  ThreadBudget threads;
  // TLS handshakes, a few at once per peer address, on both ports.
  HandshakeTurns handshakes;
  // Every connection whose socket is open, a closing one among them.
  std::map<std::uint64_t, std::weak_ptr<ServerConnection>> connections;
  // Those still to send their token or their HTTP request, oldest (smallest
  // id) first.
  std::map<std::uint64_t, std::weak_ptr<ServerConnection>> unauthenticated;
  // Sessions being served (authenticated ones, when there is a token): a
  // closing connection has given its slot back already, while it waits for
  // the client to read the last of its output.
  std::size_t sessions = 0;
  // Closing connections whose session's job, told to give up, had not yet
  // ended, until they have closed: each holds its memory until the job
  // ends, then has the job's last output (its bestmove) to send. They have
  // given their slot back (session_given_up()): a client that resets its
  // connection mid-search does not keep the next one out while the search
  // winds down. As many again as --max-sessions may be ending at once.
  std::size_t sessions_ending = 0;
  // A session whose job is still to end was given up: its slot moves to
  // sessions_ending.
  void session_given_up() {
    assert(sessions > 0);
    --sessions;
    ++sessions_ending;
  }
  // A given-up session's connection has gone (ServerConnection::forget()).
  void given_up_session_closed() {
    assert(sessions_ending > 0);
    --sessions_ending;
  }
  // How long a new session waits for a slot before it is refused: a client
  // that has just reset its connection and comes straight back finds its
  // old slot taken until the I/O thread has read the reset, which on a
  // loaded machine may come after the new connection.
  static constexpr std::chrono::milliseconds kRoomCheck{25};
  static constexpr int kRoomChecks = 10;
  // Whether a new session would pass --max-sessions, or the ending ones
  // would pass as many again.
  [[nodiscard]] bool sessions_full() const {
    return sessions >= options.max_sessions ||
           sessions + sessions_ending >= 2 * options.max_sessions;
  }
  // Set on SIGINT or SIGTERM; the server stops once no connection is left.
  bool shutting_down = false;
  std::function<void()> on_last_connection_closed;
  // Called when the last connection has gone and the server goes on: it
  // hands freed memory back to the system (idle_memory.hpp).
  std::function<void()> on_idle;
  // After a connection of either port has left `connections`: the last one
  // to go stops a stopping server, or makes the server idle.
  void after_connection_gone() {
    if (!connections.empty()) return;
    if (shutting_down) {
      if (on_last_connection_closed) on_last_connection_closed();
    } else if (on_idle) {
      on_idle();
    }
  }

 private:
  // Closes one waiting connection as add_waiting() says, if one may go,
  // among those that `eligible` accepts (by id); false when none did.
  bool make_room(const std::function<bool(std::uint64_t)>& eligible, ServerConnection::Room room);
};

}  // namespace brudno::protocol
