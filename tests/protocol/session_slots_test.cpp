// A session's slot under --max-sessions: a session given up while its job
// winds down (a client that reset its connection mid-search) gives its slot
// back at once, so the next client gets in; the ending sessions are bounded
// too, by as many again.

#include <gtest/gtest.h>

#include <memory>

#include "protocol/server_state.hpp"

namespace brudno::protocol {
namespace {

class FakeConnection : public ServerConnection {
 public:
  Waiting waiting_state() override { return Waiting::kSilent; }
  void close_unauthenticated(Room /*room*/) override {}
  void shut_down() override {}
};

ServerOptions sessions_of(std::size_t most) {
  ServerOptions options;
  options.max_sessions = most;
  return options;
}

TEST(SessionSlots, AGivenUpSessionLetsTheNextClientIn) {
  ServerState state(sessions_of(2));
  state.add_client(1, std::make_shared<FakeConnection>());
  state.add_client(2, std::make_shared<FakeConnection>());
  ASSERT_TRUE(state.refusal_of_new_client().has_value());
  state.session_given_up();  // client 1 reset; its search is still ending
  EXPECT_EQ(state.sessions, 1u);
  EXPECT_EQ(state.sessions_ending, 1u);
  EXPECT_FALSE(state.refusal_of_new_client().has_value());
  state.add_client(3, std::make_shared<FakeConnection>());
  EXPECT_TRUE(state.refusal_of_new_client().has_value());  // two live sessions again
  state.given_up_session_closed();
  EXPECT_EQ(state.sessions_ending, 0u);
  EXPECT_EQ(state.sessions, 2u);
}

TEST(SessionSlots, EndingSessionsAreBoundedByAsManyAgain) {
  ServerState state(sessions_of(2));
  // Two clients reset, then two more: four ending sessions would pass 2 + 2.
  for (std::uint64_t id = 1; id <= 3; ++id) {
    state.add_client(id, std::make_shared<FakeConnection>());
    state.session_given_up();
  }
  EXPECT_EQ(state.sessions, 0u);
  EXPECT_EQ(state.sessions_ending, 3u);
  EXPECT_FALSE(state.refusal_of_new_client().has_value());
  state.add_client(4, std::make_shared<FakeConnection>());
  const auto refusal = state.refusal_of_new_client();
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(*refusal,
            "info string error: the server has its maximum of 2 sessions; try again later");
  state.given_up_session_closed();  // one search ended: room again
  EXPECT_FALSE(state.refusal_of_new_client().has_value());
}

}  // namespace
}  // namespace brudno::protocol
