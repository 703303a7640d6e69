// brudno behind PolyGlot, the UCI-to-xboard adapter that xboard and many
// other GUIs drive engines through: a game in the xboard protocol, where
// every reply must be a legal move of the game as the test keeps it.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "games/chess/chess.hpp"
#include "tools/pipe/pipe_engine.hpp"

namespace brudno::testing {
namespace {

using namespace std::chrono_literals;
using tools::starts_with;

constexpr const char* kPolyglot = "/usr/games/polyglot";

// The engine's next move, skipping PolyGlot's other lines; empty on a
// timeout or a complaint such as "Illegal move".
std::string next_move(tools::PipeEngine& adapter) {
  while (const auto line = adapter.read_line(60s)) {
    if (starts_with(*line, "move ")) return line->substr(5);
    if (starts_with(*line, "Illegal move") || starts_with(*line, "Error")) {
      ADD_FAILURE() << *line;
      return {};
    }
  }
  ADD_FAILURE() << "no move from the engine";
  return {};
}

void play_reply(games::Chess& game, const std::string& text) {
  const auto move = game.parse_move(text);
  ASSERT_TRUE(move) << "'" << text << "' is not legal in " << game.to_text();
  game.play(*move);
}

TEST(PolyglotEndToEnd, AGameThroughTheXboardAdapter) {
  if (!std::filesystem::exists(kPolyglot)) {
    GTEST_SKIP() << kPolyglot << " is not installed (tools/setup.sh installs it)";
  }
  // -noini: no settings file of the user's is read; the engine is brudno.
  tools::PipeEngine adapter(kPolyglot, {"-noini", "-ec", BRUDNO_BINARY});
  adapter.send("xboard");
  adapter.send("protover 2");
  bool ready = false;
  while (const auto line = adapter.read_line(30s)) {
    if ((ready = *line == "feature done=1")) break;
  }
  ASSERT_TRUE(ready) << "PolyGlot did not finish its handshake with brudno";

  // The test plays White's first legal move each time; brudno answers as
  // Black, searching four plies deep.
  adapter.send("new");
  adapter.send("sd 4");
  games::Chess game = games::Chess::start_position();
  for (int turn = 0; turn < 8 && game.status() == engine::Status::kOngoing; ++turn) {
    engine::MoveList<games::Chess::Move> moves;
    game.legal_moves(moves);
    const auto mine = games::Chess::move_text(moves[turn % moves.size()]);
    play_reply(game, mine);
    adapter.send("usermove " + mine);
    if (game.status() != engine::Status::kOngoing) break;
    const auto reply = next_move(adapter);
    ASSERT_FALSE(reply.empty());
    play_reply(game, reply);
  }
  // Then brudno takes White from here: `go` makes it move for the side to move.
  adapter.send("force");
  adapter.send("new");
  adapter.send("sd 3");
  adapter.send("go");
  games::Chess fresh = games::Chess::start_position();
  const auto white = next_move(adapter);
  ASSERT_FALSE(white.empty());
  play_reply(fresh, white);
  adapter.send("quit");
  EXPECT_EQ(adapter.wait_exit(10s), 0);
}

}  // namespace
}  // namespace brudno::testing
