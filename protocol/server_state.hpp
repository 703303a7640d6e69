#pragma once
// What the connections of one server share: the options, the table-memory
// and thread budgets and the list of live connections. Only the server's
// single I/O thread touches the plain members; search threads reach only
// the budgets, which are thread safe.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <thread>

#include "protocol/hash_budget.hpp"
#include "protocol/server_options.hpp"
#include "protocol/thread_budget.hpp"

namespace brudno::protocol {

class TcpConnection;

class ServerState {
 public:
  explicit ServerState(ServerOptions options)
      : options(std::move(options)),
        hash(this->options.max_total_hash_megabytes),
        threads(this->options.threads > 0
                    ? this->options.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))) {}

  const ServerOptions options;
  HashBudget hash;
  ThreadBudget threads;
  // Every connection whose socket is open, a closing one among them.
  std::map<std::uint64_t, std::weak_ptr<TcpConnection>> connections;
  // Those still to send their token, oldest (smallest id) first.
  std::map<std::uint64_t, std::weak_ptr<TcpConnection>> unauthenticated;
  // Sessions being served (authenticated ones, when there is a token): a
  // closing connection has given its slot back already, while it waits for
  // the client to read the last of its output.
  std::size_t sessions = 0;
  // Set on SIGINT or SIGTERM; the server stops once no connection is left.
  bool shutting_down = false;
  std::function<void()> on_last_connection_closed;
};

}  // namespace brudno::protocol
