#pragma once
// The process's limit on open file descriptors (RLIMIT_NOFILE) against what
// the server's limits need: each session and each connection waiting to
// authenticate holds a socket, and past the limit accept() fails.

#include <cstdint>
#include <optional>
#include <string>

#include "protocol/server_options.hpp"

namespace brudno::protocol {

// Descriptors the server holds besides its clients' sockets: the listening
// sockets, the log file, a refused client being told so, the TLS files read
// on SIGHUP, the C and Asio runtimes' own.
inline constexpr std::uint64_t kSpareDescriptors = 64;

// Descriptors the server may need at once with `options`.
[[nodiscard]] inline std::uint64_t descriptors_needed(const ServerOptions& options) {
  const bool waits = options.token.has_value() || options.http.has_value();
  return options.max_sessions + (waits ? options.waiting_limit() : 0) + kSpareDescriptors;
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
