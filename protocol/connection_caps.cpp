#include "protocol/connection_caps.hpp"

#include <algorithm>
#include <limits>

namespace brudno::protocol {

std::size_t connections_wanted_per_port(const ServerOptions& options) {
  return 2 * (options.max_sessions + options.waiting_limit());
}

ConnectionCaps connection_caps(const ServerOptions& options, std::uint64_t open_file_limit) {
  const std::size_t wanted = connections_wanted_per_port(options);
  // A limit that could not be read (0) caps nothing.
  const std::uint64_t available = open_file_limit == 0 ? std::numeric_limits<std::uint64_t>::max()
                                  : open_file_limit > kSpareDescriptors
                                      ? open_file_limit - kSpareDescriptors
                                      : 0;
  const auto at_most = [&](std::uint64_t count) {
    return static_cast<std::size_t>(std::min<std::uint64_t>(count, wanted));
  };
  // Never less than the line port's sessions and waiting connections: below
  // that a cap would refuse its own clients, and a limit that short is
  // warned about instead (past it, accept fails and backs off).
  const std::size_t line_room = options.max_sessions + options.waiting_limit();
  ConnectionCaps caps;
  if (!options.http) {
    caps.lines = std::max(line_room, at_most(available));
    return caps;
  }
  const std::size_t least_http = std::min(wanted, kLeastHttpConnections);
  const std::uint64_t after_least_http = available > least_http ? available - least_http : 0;
  caps.lines = std::max(line_room, at_most(after_least_http));
  caps.http = std::max(least_http, at_most(available > caps.lines ? available - caps.lines : 0));
  caps.http_per_address = std::min(caps.http, std::max(caps.http / 4, kLeastHttpPerAddress));
  return caps;
}

}  // namespace brudno::protocol
