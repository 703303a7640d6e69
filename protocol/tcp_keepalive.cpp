#include "protocol/tcp_keepalive.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace brudno::protocol {

namespace {

bool set_int_option(int descriptor, int level, int name, int value) {
  return setsockopt(descriptor, level, name, &value, sizeof value) == 0;
}

}  // namespace

bool watch_for_vanished_peer(int descriptor) {
  const auto seconds = [](std::chrono::seconds time) { return static_cast<int>(time.count()); };
  bool all = set_int_option(descriptor, SOL_SOCKET, SO_KEEPALIVE, 1);
  all = set_int_option(descriptor, IPPROTO_TCP, TCP_KEEPIDLE, seconds(kKeepAliveIdle)) && all;
  all = set_int_option(descriptor, IPPROTO_TCP, TCP_KEEPINTVL, seconds(kKeepAliveInterval)) && all;
  all = set_int_option(descriptor, IPPROTO_TCP, TCP_KEEPCNT, kKeepAliveProbes) && all;
  all = set_int_option(descriptor, IPPROTO_TCP, TCP_USER_TIMEOUT,
                       static_cast<int>(kUnacknowledgedTimeout.count())) &&
        all;
  return all;
}

}  // namespace brudno::protocol
