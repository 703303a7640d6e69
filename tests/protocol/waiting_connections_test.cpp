// Which connection waiting to authenticate is closed when too many wait: a
// silent one, oldest first; never one whose bytes (its token, perhaps) are in.
// The same choice makes room under a port's or an address's cap on
// connections, among that port's or address's own.

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>

#include "protocol/server_state.hpp"

namespace brudno::protocol {
namespace {

class FakeConnection : public ServerConnection {
 public:
  explicit FakeConnection(Waiting state) : state(state) {}
  Waiting waiting_state() override { return state; }
  void close_unauthenticated(Room room) override {
    closed = true;
    closed_for = room;
    if (on_close) on_close();
  }
  void shut_down() override {}
  Waiting state;
  bool closed = false;
  Room closed_for = Room::kToWait;
  std::function<void()> on_close;
};

using Waiting = ServerConnection::Waiting;
using Room = ServerConnection::Room;

ServerOptions waiting_limit_of(std::size_t limit) {
  ServerOptions options;
  options.token = "a-token-of-sixteen-characters";
  options.max_unauthenticated = limit;
  return options;
}

TEST(WaitingConnections, TheLimitGrowsWithTheSessionLimit) {
  ServerOptions options;
  EXPECT_EQ(options.waiting_limit(), 2 * options.max_sessions);
  options.max_sessions = 1;
  EXPECT_EQ(options.waiting_limit(), ServerOptions::kLeastWaiting);
  options.max_unauthenticated = 5;
  EXPECT_EQ(options.waiting_limit(), 5u);
}

TEST(WaitingConnections, TheOldestSilentOneGoesNotOneWhoseBytesAreIn) {
  ServerState state(waiting_limit_of(3));
  auto unread = std::make_shared<FakeConnection>(Waiting::kUnread);
  auto spoke = std::make_shared<FakeConnection>(Waiting::kSpoke);
  auto silent = std::make_shared<FakeConnection>(Waiting::kSilent);
  state.add_waiting(1, unread);
  state.add_waiting(2, spoke);
  state.add_waiting(3, silent);
  auto newest = std::make_shared<FakeConnection>(Waiting::kSilent);
  state.add_waiting(4, newest);
  EXPECT_TRUE(silent->closed);
  EXPECT_FALSE(unread->closed);
  EXPECT_FALSE(spoke->closed);
  EXPECT_EQ(state.unauthenticated.count(3), 0u);
  // With no silent one left, the oldest that has spoken without its token.
  newest->state = Waiting::kUnread;
  state.add_waiting(5, std::make_shared<FakeConnection>(Waiting::kSilent));
  EXPECT_TRUE(spoke->closed);
  EXPECT_FALSE(unread->closed);
  EXPECT_FALSE(newest->closed);
}

TEST(WaitingConnections, WhenEveryOneHasBytesInNoneIsClosed) {
  ServerState state(waiting_limit_of(2));
  std::vector<std::shared_ptr<FakeConnection>> connections;
  for (std::uint64_t id = 1; id <= 4; ++id) {
    connections.push_back(std::make_shared<FakeConnection>(Waiting::kUnread));
    state.add_waiting(id, connections.back());
  }
  for (const auto& connection : connections) EXPECT_FALSE(connection->closed);
  EXPECT_EQ(state.unauthenticated.size(), 4u);
}

// Caps far above what the tests open, unless a test says otherwise.
ServerState state_with_caps(ConnectionCaps caps) {
  ServerOptions options = waiting_limit_of(100);
  options.http.emplace();
  return ServerState(options, caps);
}

// A connection as the server accepts it: counted on its port, waiting (or,
// `answering`, out of the waiting ones), its place given back as it closes.
std::shared_ptr<FakeConnection> accept_connection(ServerState& state, std::uint64_t id, Port port,
                                                  const std::string& address, Waiting waiting,
                                                  bool answering = false) {
  auto connection = std::make_shared<FakeConnection>(waiting);
  EXPECT_TRUE(state.admit(id, port, address));
  connection->on_close = [&state, id] { state.socket_closed(id); };
  if (!answering) state.add_waiting(id, connection);
  return connection;
}

TEST(ConnectionCaps, APortAtItsCapClosesItsOldestSilentWaitingOneAtOnce) {
  ServerState state = state_with_caps({3, 3, 3});
  const auto unread = accept_connection(state, 1, Port::kLines, "a", Waiting::kUnread);
  const auto silent = accept_connection(state, 2, Port::kLines, "a", Waiting::kSilent);
  const auto newer = accept_connection(state, 3, Port::kLines, "a", Waiting::kSilent);
  EXPECT_TRUE(state.admit(4, Port::kLines, "b"));
  EXPECT_TRUE(silent->closed);
  EXPECT_EQ(silent->closed_for, Room::kForDescriptor);
  EXPECT_FALSE(unread->closed);
  EXPECT_FALSE(newer->closed);
  EXPECT_EQ(state.counts.open_on(Port::kLines), 3u);
}

TEST(ConnectionCaps, APortFullOfConnectionsBeingAnsweredRefusesTheNewOne) {
  ServerState state = state_with_caps({3, 3, 3});
  for (std::uint64_t id = 1; id <= 3; ++id) {
    accept_connection(state, id, Port::kHttp, "a", Waiting::kSilent, true);
  }
  EXPECT_FALSE(state.admit(4, Port::kHttp, "b"));
  EXPECT_EQ(state.counts.open_on(Port::kHttp), 3u);
  state.socket_closed(2);
  EXPECT_TRUE(state.admit(5, Port::kHttp, "b"));
}

TEST(ConnectionCaps, AnAddressAtItsCapPushesOutOnlyItsOwn) {
  ServerState state = state_with_caps({10, 10, 2});
  const auto other = accept_connection(state, 1, Port::kHttp, "a", Waiting::kSilent);
  const auto older = accept_connection(state, 2, Port::kHttp, "b", Waiting::kSilent);
  const auto newer = accept_connection(state, 3, Port::kHttp, "b", Waiting::kSilent);
  EXPECT_TRUE(state.admit(4, Port::kHttp, "b"));
  EXPECT_TRUE(older->closed);
  EXPECT_FALSE(other->closed);
  EXPECT_FALSE(newer->closed);
  // Every one of its own being answered, the address takes no more.
  accept_connection(state, 5, Port::kHttp, "c", Waiting::kSilent, true);
  accept_connection(state, 6, Port::kHttp, "c", Waiting::kSilent, true);
  EXPECT_FALSE(state.admit(7, Port::kHttp, "c"));
  EXPECT_TRUE(state.admit(8, Port::kHttp, "d"));
}

TEST(ConnectionCaps, APortNeverClosesTheOtherPortsConnectionsForRoom) {
  ServerState state = state_with_caps({1, 10, 10});
  const auto web = accept_connection(state, 1, Port::kHttp, "a", Waiting::kSilent);
  accept_connection(state, 2, Port::kLines, "a", Waiting::kSilent, true);
  EXPECT_FALSE(state.admit(3, Port::kLines, "a"));
  EXPECT_FALSE(web->closed);
}

}  // namespace
}  // namespace brudno::protocol
