// HandshakeTurns: a few handshakes at once from one address, the rest in
// the order they came, a closed one passing its turn on.

#include "protocol/handshake_turns.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace brudno::protocol {
namespace {

TEST(HandshakeTurns, AFewAtOnceFromOneAddressTheRestInTurn) {
  HandshakeTurns turns(2);
  std::vector<int> started;
  const auto starter = [&](int id) {
    return [&started, id] {
      started.push_back(id);
      return true;
    };
  };
  EXPECT_TRUE(turns.take("10.0.0.1", starter(1)));
  EXPECT_TRUE(turns.take("10.0.0.1", starter(2)));
  EXPECT_FALSE(turns.take("10.0.0.1", starter(3)));
  EXPECT_FALSE(turns.take("10.0.0.1", starter(4)));
  EXPECT_TRUE(turns.take("10.0.0.2", starter(5))) << "another address waits for none of them";
  EXPECT_TRUE(started.empty()) << "a turn taken at once is the caller's to start";
  EXPECT_EQ(turns.running("10.0.0.1"), 2u);
  EXPECT_EQ(turns.waiting("10.0.0.1"), 2u);

  turns.give_back("10.0.0.1");
  EXPECT_EQ(started, (std::vector<int>{3}));
  EXPECT_EQ(turns.running("10.0.0.1"), 2u);
  turns.give_back("10.0.0.1");
  turns.give_back("10.0.0.1");
  EXPECT_EQ(started, (std::vector<int>{3, 4}));
  EXPECT_EQ(turns.running("10.0.0.1"), 1u);
  turns.give_back("10.0.0.1");
  turns.give_back("10.0.0.2");
  EXPECT_EQ(turns.addresses(), 0u) << "nothing is kept for an address that is done";
}

TEST(HandshakeTurns, AConnectionClosedWhileWaitingPassesItsTurnOn) {
  HandshakeTurns turns(1);
  std::vector<int> started;
  EXPECT_TRUE(turns.take("::1", [] { return true; }));
  for (int id = 1; id <= 3; ++id) {
    EXPECT_FALSE(turns.take("::1", [&started, id] {
      if (id < 3) return false;  // closed while it waited
      started.push_back(id);
      return true;
    }));
  }
  turns.give_back("::1");
  EXPECT_EQ(started, (std::vector<int>{3}));
  EXPECT_EQ(turns.running("::1"), 1u);
  EXPECT_EQ(turns.waiting("::1"), 0u);
  turns.give_back("::1");
  EXPECT_EQ(turns.addresses(), 0u);
}

}  // namespace
}  // namespace brudno::protocol
