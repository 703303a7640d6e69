#include "protocol/connection_counts.hpp"

namespace brudno::protocol {

// The address first: closing one of its own connections makes room under
// both caps, closing another address's only under the port's.
ConnectionCounts::Full ConnectionCounts::full_for(Port port, const std::string& address) const {
  if (port == Port::kHttp) {
    const auto from = http_per_address_.find(address);
    if (from != http_per_address_.end() && from->second >= caps_.http_per_address) {
      return Full::kAddress;
    }
  }
  return open_on(port) >= cap_of(port) ? Full::kPort : Full::kNo;
}

bool ConnectionCounts::frees_room(std::uint64_t id, Port port, const std::string& address,
                                  Full full) const {
  const auto place = places_.find(id);
  if (place == places_.end() || place->second.port != port) return false;
  return full != Full::kAddress || place->second.address == address;
}

void ConnectionCounts::opened(std::uint64_t id, Port port, const std::string& address) {
  if (!places_.emplace(id, Place{port, address}).second) return;
  ++per_port_[index(port)];
  if (port == Port::kHttp) ++http_per_address_[address];
}

void ConnectionCounts::closed(std::uint64_t id) {
  const auto place = places_.find(id);
  if (place == places_.end()) return;
  --per_port_[index(place->second.port)];
  if (place->second.port == Port::kHttp) {
    const auto from = http_per_address_.find(place->second.address);
    if (--from->second == 0) http_per_address_.erase(from);
  }
  places_.erase(place);
}

}  // namespace brudno::protocol
