#include "tools/tcp/stalled_readers.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <system_error>
#include <thread>

namespace brudno::tools {

namespace {

sockaddr_in loopback_address(const std::string& address, unsigned short port) {
  sockaddr_in result{};
  result.sin_family = AF_INET;
  result.sin_port = htons(port);
  if (inet_pton(AF_INET, address.c_str(), &result.sin_addr) != 1) {
    throw std::system_error(EINVAL, std::generic_category(), "not an IPv4 address: " + address);
  }
  return result;
}

void send_all(int descriptor, const std::string& bytes) {
  for (std::size_t sent = 0; sent < bytes.size();) {
    const ssize_t written =
        ::send(descriptor, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) throw std::system_error(errno, std::generic_category(), "send");
    sent += static_cast<std::size_t>(written);
  }
}

// Opens one, or throws with what failed; the descriptor is closed on failure.
int open_stalled(const sockaddr_in& server, const sockaddr_in& source, const std::string& request) {
  const int descriptor = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) throw std::system_error(errno, std::generic_category(), "socket");
  const auto fail = [descriptor](const char* what) {
    const int error = errno;
    close(descriptor);
    throw std::system_error(error, std::generic_category(), what);
  };
  // Before connecting: the window offered in the handshake is this small.
  const int smallest = 1;
  if (setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &smallest, sizeof smallest) != 0) {
    fail("SO_RCVBUF");
  }
  // And the segments are those of a path across networks, not loopback's
  // 64 KB: the server's kernel sizes its send buffer by them, to tens of
  // kilobytes instead of megabytes, so that its writes stall as they would
  // for a remote client.
  const int internet_segment = 536;
  if (setsockopt(descriptor, IPPROTO_TCP, TCP_MAXSEG, &internet_segment, sizeof internet_segment) !=
      0) {
    fail("TCP_MAXSEG");
  }
  if (bind(descriptor, reinterpret_cast<const sockaddr*>(&source), sizeof source) != 0) {
    fail("bind");
  }
  if (connect(descriptor, reinterpret_cast<const sockaddr*>(&server), sizeof server) != 0) {
    fail("connect");
  }
  try {
    send_all(descriptor, request);
  } catch (...) {
    close(descriptor);
    throw;
  }
  return descriptor;
}

// From the connection's TCP state: a reset closes it whatever waits unread;
// the peer's end of the stream arrives only once nothing is left before it.
bool peer_has_closed(int descriptor) {
  tcp_info info{};
  socklen_t size = sizeof info;
  if (getsockopt(descriptor, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return true;
  return info.tcpi_state == TCP_CLOSE || info.tcpi_state == TCP_CLOSE_WAIT ||
         info.tcpi_state == TCP_LAST_ACK;
}

// Bytes received and not read: since nothing is ever read, all it received.
bool has_received(int descriptor) {
  int unread = 0;
  return ioctl(descriptor, FIONREAD, &unread) == 0 && unread > 0;
}

template <class Condition>
int wait_for_all(const std::vector<int>& descriptors, Condition condition,
                 std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    int met = 0;
    for (const int descriptor : descriptors) met += condition(descriptor) ? 1 : 0;
    if (met == static_cast<int>(descriptors.size()) ||
        std::chrono::steady_clock::now() >= deadline) {
      return met;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace

StalledReaders::StalledReaders(unsigned short port, int count, const std::string& request,
                               const std::string& source) {
  const sockaddr_in server = loopback_address("127.0.0.1", port);
  const sockaddr_in from = loopback_address(source, 0);
  descriptors_.reserve(static_cast<std::size_t>(count));
  try {
    for (int i = 0; i < count; ++i) descriptors_.push_back(open_stalled(server, from, request));
  } catch (...) {
    for (const int descriptor : descriptors_) close(descriptor);
    throw;
  }
}

StalledReaders::~StalledReaders() {
  for (const int descriptor : descriptors_) close(descriptor);
}

void StalledReaders::send(const std::string& bytes) const {
  for (const int descriptor : descriptors_) send_all(descriptor, bytes);
}

int StalledReaders::closed_by_server() const {
  int closed = 0;
  for (const int descriptor : descriptors_) closed += peer_has_closed(descriptor) ? 1 : 0;
  return closed;
}

int StalledReaders::wait_until_all_closed(std::chrono::milliseconds timeout) const {
  return wait_for_all(descriptors_, peer_has_closed, timeout);
}

int StalledReaders::wait_until_all_answered(std::chrono::milliseconds timeout) const {
  return wait_for_all(descriptors_, has_received, timeout);
}

int StalledReaders::wait_until_all_settled(std::chrono::milliseconds timeout) const {
  return wait_for_all(
      descriptors_,
      [](int descriptor) { return has_received(descriptor) || peer_has_closed(descriptor); },
      timeout);
}

}  // namespace brudno::tools
