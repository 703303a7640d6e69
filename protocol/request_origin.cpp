#include "protocol/request_origin.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>

namespace brudno::protocol {
namespace {

std::string lowercase(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower;
}

struct HostAndPort {
  std::string host;  // lowercase; an IPv6 address keeps its brackets
  std::optional<unsigned short> port;
};

// "name", "name:port", "[v6]" or "[v6]:port"; nothing when malformed.
std::optional<HostAndPort> split_host(std::string_view text) {
  if (text.empty()) return std::nullopt;
  std::string_view host = text;
  std::string_view port;
  if (text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    host = text.substr(0, close + 1);
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return std::nullopt;
      port = rest.substr(1);
      if (port.empty()) return std::nullopt;
    }
  } else if (const auto colon = text.find(':'); colon != std::string_view::npos) {
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
    if (port.empty()) return std::nullopt;
  }
  if (host.empty()) return std::nullopt;
  HostAndPort result{lowercase(host), std::nullopt};
  if (!port.empty()) {
    unsigned value = 0;
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (error != std::errc{} || end != port.data() + port.size() || value > 65535) {
      return std::nullopt;
    }
    result.port = static_cast<unsigned short>(value);
  }
  return result;
}

bool names_server(const HostAndPort& reached, const ServerIdentity& server) {
  const unsigned short default_port = server.tls ? 443 : 80;
  if (reached.port.value_or(default_port) != server.port) return false;
  return std::find(server.names.begin(), server.names.end(), reached.host) != server.names.end();
}

}  // namespace

ServerIdentity identity_at(const std::string& local_address, bool loopback, unsigned short port,
                           bool tls, const std::vector<std::string>& server_names) {
  ServerIdentity identity;
  identity.port = port;
  identity.tls = tls;
  const auto add = [&](std::string name) {
    if (std::find(identity.names.begin(), identity.names.end(), name) == identity.names.end()) {
      identity.names.push_back(std::move(name));
    }
  };
  add(local_address.find(':') == std::string::npos ? lowercase(local_address)
                                                   : '[' + lowercase(local_address) + ']');
  add("localhost");
  if (loopback) {
    add("127.0.0.1");
    add("[::1]");
  }
  for (const auto& name : server_names) add(lowercase(name));
  return identity;
}

bool host_names_server(std::string_view host, const ServerIdentity& server) {
  const auto reached = split_host(host);
  return reached && names_server(*reached, server);
}

std::string normalized_origin(std::string_view origin) {
  std::string lower = lowercase(origin);
  if (!lower.empty() && lower.back() == '/') lower.pop_back();
  const auto scheme_end = lower.find("://");
  if (scheme_end == std::string::npos) return {};
  const std::string_view scheme = std::string_view(lower).substr(0, scheme_end);
  if (scheme != "http" && scheme != "https") return {};
  if (!split_host(std::string_view(lower).substr(scheme_end + 3))) return {};
  if (lower.find('/', scheme_end + 3) != std::string::npos) return {};
  return lower;
}

bool origin_is_allowed(std::string_view origin, const ServerIdentity& server,
                       const std::vector<std::string>& allowed) {
  const std::string normal = normalized_origin(origin);
  if (normal.empty()) return false;  // "null" (a sandboxed page, a file) among them
  if (std::find(allowed.begin(), allowed.end(), normal) != allowed.end()) return true;
  const std::string_view own_scheme = server.tls ? "https://" : "http://";
  if (!normal.starts_with(own_scheme)) return false;
  const auto reached = split_host(std::string_view(normal).substr(own_scheme.size()));
  return reached && names_server(*reached, server);
}

}  // namespace brudno::protocol
