#pragma once
// The connections open on each port of the server, and on the HTTP port per
// peer address, against their caps (connection_caps.hpp): whether one more
// may be let in, and which open ones closing would make room for it. Only
// the server's I/O thread uses it.

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "protocol/connection_caps.hpp"

namespace brudno::protocol {

enum class Port { kLines, kHttp };

class ConnectionCounts {
 public:
  explicit ConnectionCounts(ConnectionCaps caps) : caps_(caps) {}

  // Which cap a new connection on `port` from `address` would pass.
  enum class Full { kNo, kPort, kAddress };
  [[nodiscard]] Full full_for(Port port, const std::string& address) const;
  // Whether closing the open connection `id` would make room for a new one
  // that found the port or the address `full`.
  [[nodiscard]] bool frees_room(std::uint64_t id, Port port, const std::string& address,
                                Full full) const;

  void opened(std::uint64_t id, Port port, const std::string& address);
  // Its socket is closed; a second call, or one for an id never opened, does nothing.
  void closed(std::uint64_t id);

  [[nodiscard]] std::size_t open_on(Port port) const { return per_port_[index(port)]; }
  [[nodiscard]] std::size_t cap_of(Port port) const {
    return port == Port::kLines ? caps_.lines : caps_.http;
  }
  [[nodiscard]] const ConnectionCaps& caps() const { return caps_; }

 private:
  struct Place {
    Port port;
    std::string address;
  };
  static std::size_t index(Port port) { return port == Port::kLines ? 0 : 1; }

  ConnectionCaps caps_;
  std::map<std::uint64_t, Place> places_;
  std::array<std::size_t, 2> per_port_{};
  std::map<std::string, std::size_t> http_per_address_;
};

}  // namespace brudno::protocol
