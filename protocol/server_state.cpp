#include "protocol/server_state.hpp"

namespace brudno::protocol {

void ServerState::add_waiting(std::uint64_t id,
                              const std::shared_ptr<ServerConnection>& connection) {
  if (unauthenticated.size() >= options.waiting_limit()) make_room_to_wait();
  unauthenticated.emplace(id, connection);
}

void ServerState::make_room_to_wait() {
  using Waiting = ServerConnection::Waiting;
  auto evicted = unauthenticated.end();
  for (auto it = unauthenticated.begin(); it != unauthenticated.end(); ++it) {
    const auto waiting = it->second.lock();
    if (!waiting) {
      evicted = it;  // closing already: its entry goes first
      break;
    }
    const Waiting state = waiting->waiting_state();
    if (state == Waiting::kSilent) {
      evicted = it;
      break;
    }
    if (state == Waiting::kSpoke && evicted == unauthenticated.end()) evicted = it;
  }
  if (evicted == unauthenticated.end()) return;  // every one has bytes to be read
  const auto waiting = evicted->second.lock();
  unauthenticated.erase(evicted);
  if (waiting) waiting->close_unauthenticated();
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
