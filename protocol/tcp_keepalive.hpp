#pragma once
// TCP's own watch over an accepted socket, so that a peer that vanishes (a
// laptop closed, a network gone, a crash behind a firewall) gives its
// descriptor back without a byte from it: keepalive probes on an idle
// connection, and a limit on how long sent data may go unacknowledged.
// Without them such a connection lasts until the idle timeout, or forever
// with --idle-timeout 0 or a search left running.

#include <chrono>

namespace brudno::protocol {

// Idle this long, the connection is probed every interval; so many probes
// unanswered, it is dropped.
inline constexpr std::chrono::seconds kKeepAliveIdle{30};
inline constexpr std::chrono::seconds kKeepAliveInterval{10};
inline constexpr int kKeepAliveProbes = 3;
// Data sent and not acknowledged for this long drops the connection
// (TCP_USER_TIMEOUT; it also bounds the probing above).
inline constexpr std::chrono::milliseconds kUnacknowledgedTimeout{30'000};

// Sets the above on the TCP socket `descriptor`; false if the system refused
// any of them (the connection is served all the same).
bool watch_for_vanished_peer(int descriptor);

}  // namespace brudno::protocol
