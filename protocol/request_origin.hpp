#pragma once
// Whether an HTTP request was meant for this server and, for a WebSocket
// upgrade, whether it comes from this server's own page. A browser lets any
// page open a WebSocket to any address and names the page in the Origin
// header; a DNS-rebinding page reaches the server under the attacker's host
// name, which the browser sends in the Host header. Checking both keeps
// other web pages away from a server on the user's own machine.

#include <string>
#include <string_view>
#include <vector>

namespace brudno::protocol {

// What the server is called at the address a client reached.
struct ServerIdentity {
  // Host names and addresses that name the server, lowercase, an IPv6
  // address in brackets ("[::1]").
  std::vector<std::string> names;
  unsigned short port = 0;
  bool tls = false;
};

// The identity of a server that a client reached at `local_address` (an IP
// address as Boost.Asio writes it) and `port`: that address, `localhost`,
// the loopback addresses when it is one of them, and `server_names`.
[[nodiscard]] ServerIdentity identity_at(const std::string& local_address, bool loopback,
                                         unsigned short port, bool tls,
                                         const std::vector<std::string>& server_names);

// The Host header's value ("127.0.0.1:7781", "localhost", "[::1]:80")
// names the server: one of its names, and its port (or none when the port
// is the scheme's default).
[[nodiscard]] bool host_names_server(std::string_view host, const ServerIdentity& server);

// The Origin header's value ("http://127.0.0.1:7781") is the server's own
// (its scheme, one of its names, its port) or one of `allowed` (exact,
// case-insensitive, a trailing '/' ignored). "null" and anything malformed
// are not.
[[nodiscard]] bool origin_is_allowed(std::string_view origin, const ServerIdentity& server,
                                     const std::vector<std::string>& allowed);

// A --allow-origin value as it is compared: lowercase, no trailing '/';
// nothing if it is not "http(s)://host[:port]".
[[nodiscard]] std::string normalized_origin(std::string_view origin);

}  // namespace brudno::protocol
