#include "protocol/server_state.hpp"

namespace brudno::protocol {

void ServerState::add_waiting(std::uint64_t id,
                              const std::shared_ptr<ServerConnection>& connection) {
  if (unauthenticated.size() >= options.max_unauthenticated) {
    const auto oldest = unauthenticated.begin();
    const auto waiting = oldest->second.lock();
    unauthenticated.erase(oldest);
    if (waiting) waiting->close_unauthenticated();
  }
  unauthenticated.emplace(id, connection);
}

std::optional<std::string> ServerState::refusal_of_new_client() const {
  if (options.token || sessions < options.max_sessions) return std::nullopt;
  return "info string error: the server has its maximum of " +
         std::to_string(options.max_sessions) + " sessions; try again later";
}

void ServerState::add_client(std::uint64_t id,
                             const std::shared_ptr<ServerConnection>& connection) {
  connections.insert_or_assign(id, connection);  // a WebSocket replaces its HTTP connection
  if (options.token) {
    add_waiting(id, connection);
  } else {
    ++sessions;
  }
}

}  // namespace brudno::protocol
