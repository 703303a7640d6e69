// How many connections each port may hold, from the options and the
// open-file limit: what the options want when the limit holds it, and when
// it does not, the line port's sessions and waiting connections first.

#include "protocol/connection_caps.hpp"

#include <gtest/gtest.h>

#include "protocol/open_file_limit.hpp"

namespace brudno::protocol {
namespace {

// The defaults: 64 sessions, 128 connections waiting; with --http.
ServerOptions with_http() {
  ServerOptions options;
  options.http.emplace();
  return options;
}

TEST(ConnectionCapsFromTheLimit, EachPortGetsTwiceItsSessionsAndWaitingOnesWhenTheLimitHoldsThem) {
  const ServerOptions options = with_http();
  const auto caps = connection_caps(options, 1'000'000);
  EXPECT_EQ(caps.lines, 384u);
  EXPECT_EQ(caps.http, 384u);
  EXPECT_EQ(caps.http_per_address, 96u);
  EXPECT_EQ(descriptors_needed(options), 2 * 384 + kSpareDescriptors);
  // A limit that could not be read caps nothing below what the options want.
  EXPECT_EQ(connection_caps(options, 0).http, 384u);
}

TEST(ConnectionCapsFromTheLimit, AShortLimitIsSharedWithTheLinePortsRoomFirst) {
  const ServerOptions options = with_http();
  // Room for 100 on the HTTP port after the line port's 384: all of it fits.
  const auto fitting = connection_caps(options, kSpareDescriptors + 384 + 100);
  EXPECT_EQ(fitting.lines, 384u);
  EXPECT_EQ(fitting.http, 100u);
  EXPECT_EQ(fitting.http_per_address, 25u);
  // The 256: the line port keeps its 64 sessions and 128 waiting
  // connections, the HTTP port the least that loads the page.
  const auto short_limit = connection_caps(options, 256);
  EXPECT_EQ(short_limit.lines, 192u);
  EXPECT_EQ(short_limit.http, kLeastHttpConnections);
  EXPECT_EQ(short_limit.http_per_address, kLeastHttpPerAddress);
}

TEST(ConnectionCapsFromTheLimit, WithoutHttpTheLinePortHasWhatTheLimitLeaves) {
  const ServerOptions options;
  EXPECT_EQ(connection_caps(options, kSpareDescriptors + 300).lines, 300u);
  EXPECT_EQ(connection_caps(options, 1'000'000).lines, 384u);
  // Never below its sessions and waiting ones: past the limit accept fails
  // and backs off, and the warning says why.
  EXPECT_EQ(connection_caps(options, 64).lines, 192u);
  EXPECT_EQ(connection_caps(options, 64).http, 0u);
}

TEST(ConnectionCapsFromTheLimit, OneAddressMayHoldAQuarterOfTheHttpPortAndAtLeastEight) {
  ServerOptions options = with_http();
  options.max_sessions = 1;  // 16 waiting, the least: 34 a port
  const auto caps = connection_caps(options, 1'000'000);
  EXPECT_EQ(caps.http, 34u);
  EXPECT_EQ(caps.http_per_address, 8u);
}

}  // namespace
}  // namespace brudno::protocol
