#pragma once
// What the connections of one server share: the options, the table-memory
// and thread budgets and the list of live connections. Only the server's
// single I/O thread touches the plain members; search threads reach only
// the budgets, which are thread safe.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>

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
  virtual ~ServerConnection() = default;
  [[nodiscard]] virtual Waiting waiting_state() = 0;
  // Too many connections wait to prove who they are (their token, or their
  // first HTTP request), and this one has waited longest.
  virtual void close_unauthenticated() = 0;
  // The server stops: a running search answers, then the connection closes.
  virtual void shut_down() = 0;
};

class ServerState {
 public:
  explicit ServerState(ServerOptions options)
      : options(std::move(options)),
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

  const ServerOptions options;
  // With --http: the page's files (owned by the server).
  const WebContent* web = nullptr;
  HashBudget hash;
  ThreadBudget threads;
  // Every connection whose socket is open, a closing one among them.
  std::map<std::uint64_t, std::weak_ptr<ServerConnection>> connections;
  // Those still to send their token or their HTTP request, oldest (smallest
  // id) first.
  std::map<std::uint64_t, std::weak_ptr<ServerConnection>> unauthenticated;
  // Sessions being served (authenticated ones, when there is a token): a
  // closing connection has given its slot back already, while it waits for
  // the client to read the last of its output.
  std::size_t sessions = 0;
  // Set on SIGINT or SIGTERM; the server stops once no connection is left.
  bool shutting_down = false;
  std::function<void()> on_last_connection_closed;

 private:
  // Closes one waiting connection as add_waiting() says, if one may go.
  void make_room_to_wait();
};

}  // namespace brudno::protocol
