// Which connection waiting to authenticate is closed when too many wait: a
// silent one, oldest first; never one whose bytes (its token, perhaps) are in.

#include <gtest/gtest.h>

#include "protocol/server_state.hpp"

namespace brudno::protocol {
namespace {

class FakeConnection : public ServerConnection {
 public:
  explicit FakeConnection(Waiting state) : state(state) {}
  Waiting waiting_state() override { return state; }
  void close_unauthenticated() override { closed = true; }
  void shut_down() override {}
  Waiting state;
  bool closed = false;
};

using Waiting = ServerConnection::Waiting;

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

}  // namespace
}  // namespace brudno::protocol
