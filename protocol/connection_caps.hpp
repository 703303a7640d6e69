#pragma once
// How many connections each port of `brudno serve` may hold at once, so that
// the whole server stays within its open-file limit: past a cap a new
// connection is closed at once instead of taking a descriptor that another
// port, or another client, needs. Each port has a share of its own, so a
// flood of one (the HTTP port, open to any page) never takes what the other
// (the line port, where the analyst's token goes) needs.

#include <cstddef>
#include <cstdint>

#include "protocol/server_options.hpp"

namespace brudno::protocol {

// Descriptors the server holds besides its clients' sockets: the listening
// sockets, the log file, the TLS files read on SIGHUP, the C and Asio
// runtimes' own.
inline constexpr std::uint64_t kSpareDescriptors = 64;

struct ConnectionCaps {
  // Every connection of the port whose socket is open: sessions, those
  // waiting for their token or request, those being answered or refused, and
  // closing ones whose last output is still going out.
  std::size_t lines = 0;
  std::size_t http = 0;  // 0 without --http
  // Connections to the HTTP port from one peer address.
  std::size_t http_per_address = 0;
};

// What one port is given when the limit allows: twice its sessions and
// waiting connections, the second half for those closing, refused or being
// answered.
[[nodiscard]] std::size_t connections_wanted_per_port(const ServerOptions& options);

// The HTTP port keeps at least this many when the open-file limit is short,
// so that the page still loads.
inline constexpr std::size_t kLeastHttpConnections = 16;
// One peer address may hold a quarter of the HTTP port, and at least this
// many (a browser opens six or so to load a page, besides its WebSocket).
inline constexpr std::size_t kLeastHttpPerAddress = 8;

// The caps under an open-file limit of `open_file_limit` descriptors. When
// the limit cannot hold what each port wants, the line port keeps room for
// its sessions and waiting connections first and the HTTP port has what is
// left (at least kLeastHttpConnections); a limit too short even for that is
// warned about at start (open_file_limit_warning()).
[[nodiscard]] ConnectionCaps connection_caps(const ServerOptions& options,
                                             std::uint64_t open_file_limit);

}  // namespace brudno::protocol
