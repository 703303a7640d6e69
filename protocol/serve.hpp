#pragma once
// `brudno serve` as the command line sees it: a few functions, so that Boost.Asio
// is compiled only in the server's own files (tcp_server.cpp and its parts),
// not in every file that starts or configures a server.

#include <functional>
#include <optional>
#include <string>

#include "protocol/server_options.hpp"

namespace brudno::protocol {

// True if `host` is an IPv4 or IPv6 address (a name is not).
[[nodiscard]] bool is_ip_address(const std::string& host);
// True if `host`, an IP address, is a loopback one (127.0.0.0/8, ::1).
[[nodiscard]] bool is_loopback_address(const std::string& host);

// Why the TLS certificate and key of `options` cannot be used (unreadable,
// not PEM, a key that is not the certificate's), or nothing when they can
// or there is no TLS.
[[nodiscard]] std::optional<std::string> tls_files_problem(const ServerOptions& options);

// Called once the server listens, for each of its addresses (the line
// protocol's, then the HTTP one's when there is one), with the address and
// the port it is bound to (the port chosen by the system when it was 0).
enum class Listener { kLines, kHttp };
using ListeningCallback =
    std::function<void(Listener listener, const std::string& address, unsigned short port)>;

// Listens as `options` say and serves until SIGINT or SIGTERM (TcpServer).
// Returns why it could not listen, or nothing once it stopped cleanly.
std::optional<std::string> serve(const ServerOptions& options, const ListeningCallback& listening);

}  // namespace brudno::protocol
