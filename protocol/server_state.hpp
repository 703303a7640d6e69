#pragma once
// What the connections of one server share: the options, the table-memory
// budget and the list of live connections. Only the server's single I/O
// thread touches it; search threads never do.

#include <cstdint>
#include <map>
#include <memory>

#include "protocol/hash_budget.hpp"
#include "protocol/server_options.hpp"

namespace brudno::protocol {

class TcpConnection;

class ServerState {
 public:
  explicit ServerState(ServerOptions options)
      : options(std::move(options)), hash(this->options.max_total_hash_megabytes) {}

  const ServerOptions options;
  HashBudget hash;
  std::map<std::uint64_t, std::weak_ptr<TcpConnection>> connections;
};

}  // namespace brudno::protocol
