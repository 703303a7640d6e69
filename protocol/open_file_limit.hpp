#pragma once
// The process's limit on open file descriptors (RLIMIT_NOFILE) against what
// the server's limits need: each connection holds a socket, and past the
// limit accept() fails. The caps on connections (connection_caps.hpp) are
// derived from the limit this finds.

#include <cstdint>
#include <optional>
#include <string>

#include "protocol/connection_caps.hpp"
#include "protocol/server_options.hpp"

namespace brudno::protocol {

// Descriptors the server may need at once with `options`: what each of its
// ports wants (connections_wanted_per_port()) and the spare ones.
[[nodiscard]] inline std::uint64_t descriptors_needed(const ServerOptions& options) {
  const std::uint64_t ports = options.http ? 2 : 1;
  return ports * connections_wanted_per_port(options) + kSpareDescriptors;
}

struct OpenFileLimit {
  std::uint64_t soft = 0;  // RLIM_INFINITY reads as the largest value
  std::uint64_t hard = 0;
};

// Raises the soft limit toward the hard one, as far as `wanted` (never
// lowers it); returns the limits now.
OpenFileLimit raise_open_file_limit(std::uint64_t wanted);

// The warning to log when `limit` cannot hold what `options` need, or
// nothing when it can.
[[nodiscard]] std::optional<std::string> open_file_limit_warning(const OpenFileLimit& limit,
                                                                 const ServerOptions& options);

}  // namespace brudno::protocol
