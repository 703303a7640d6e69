// Every accepted socket is watched by TCP itself: keepalive probes while it
// is idle, and a limit on unacknowledged data.

#include "protocol/tcp_keepalive.hpp"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

namespace brudno::protocol {
namespace {

int int_option(int descriptor, int level, int name) {
  int value = -1;
  socklen_t size = sizeof value;
  EXPECT_EQ(getsockopt(descriptor, level, name, &value, &size), 0);
  return value;
}

TEST(TcpKeepAlive, AWatchedSocketProbesItsPeerAndDropsUnacknowledgedData) {
  const int descriptor = socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(descriptor, 0);
  EXPECT_TRUE(watch_for_vanished_peer(descriptor));
  EXPECT_EQ(int_option(descriptor, SOL_SOCKET, SO_KEEPALIVE), 1);
  EXPECT_EQ(int_option(descriptor, IPPROTO_TCP, TCP_KEEPIDLE), kKeepAliveIdle.count());
  EXPECT_EQ(int_option(descriptor, IPPROTO_TCP, TCP_KEEPINTVL), kKeepAliveInterval.count());
  EXPECT_EQ(int_option(descriptor, IPPROTO_TCP, TCP_KEEPCNT), kKeepAliveProbes);
  EXPECT_EQ(int_option(descriptor, IPPROTO_TCP, TCP_USER_TIMEOUT), kUnacknowledgedTimeout.count());
  close(descriptor);
}

TEST(TcpKeepAlive, ADescriptorThatIsNoSocketIsReported) {
  EXPECT_FALSE(watch_for_vanished_peer(-1));
}

}  // namespace
}  // namespace brudno::protocol
