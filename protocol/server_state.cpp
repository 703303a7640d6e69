#include "protocol/server_state.hpp"

namespace brudno::protocol {

void ServerState::add_waiting(std::uint64_t id,
                              const std::shared_ptr<ServerConnection>& connection) {
  if (unauthenticated.size() >= options.waiting_limit()) {
    make_room([](std::uint64_t) { return true; }, ServerConnection::Room::kToWait);
  }
  unauthenticated.emplace(id, connection);
}

bool ServerState::admit(std::uint64_t id, Port port, const std::string& address) {
  const auto full = counts.full_for(port, address);
  if (full != ConnectionCounts::Full::kNo) {
    const bool closed_one = make_room(
        [&](std::uint64_t waiting) { return counts.frees_room(waiting, port, address, full); },
        ServerConnection::Room::kForDescriptor);
    // The one closed has given its place back, unless it had gone already.
    if (!closed_one || counts.full_for(port, address) != ConnectionCounts::Full::kNo) return false;
  }
  counts.opened(id, port, address);
  return true;
}

bool ServerState::make_room(const std::function<bool(std::uint64_t)>& eligible,
                            ServerConnection::Room room) {
  using Waiting = ServerConnection::Waiting;
  auto evicted = unauthenticated.end();
  for (auto it = unauthenticated.begin(); it != unauthenticated.end(); ++it) {
    if (!eligible(it->first)) continue;
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
  if (evicted == unauthenticated.end()) return false;  // every one has bytes to be read
  const auto waiting = evicted->second.lock();
  unauthenticated.erase(evicted);
  if (waiting) waiting->close_unauthenticated(room);
  return true;
}

std::optional<std::string> ServerState::refusal_of_new_client() const {
  if (options.token || !sessions_full()) return std::nullopt;
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
