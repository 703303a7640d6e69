// The chess search on one and two threads against full-width oracles: the
// mates of published positions found and kept, and the full-width search
// equal to minimax. (tests/games/chess_selective_test.cpp has the selective
// parts on one thread.)

#include <gtest/gtest.h>

#include <ostream>

#include "engine/alphabeta.hpp"
#include "engine/minimax.hpp"
#include "tests/games/chess_search_run.hpp"
#include "tests/games/chess_test_positions.hpp"
#include "tests/sanitized_build.hpp"

namespace brudno::games {
namespace {

using chess_test::position;
using chess_test::search;
using engine::Score;

// Positions with a mate for the side to move. Plain alpha-beta at the full
// width (which keeps the value of minimax, tests/engine/alphabeta_test.cpp)
// proves the mate and its distance; the selective search must find the
// same mate, and play a move that keeps it.
struct MateCase {
  const char* fen;
  int moves;  // a mate in at most this many of the mover's moves
};

// For ctest's list and failure messages: the position, not its bytes.
void PrintTo(const MateCase& mate, std::ostream* out) {
  *out << mate.fen << " (mate in " << mate.moves << " at most)";
}

class ChessMates : public ::testing::TestWithParam<MateCase> {};

TEST_P(ChessMates, TheSelectiveSearchFindsTheMateFullWidthSearchProves) {
  const auto [fen, moves] = GetParam();
  auto root = position(fen);
  const Score proven =
      engine::alphabeta(root, 2 * moves - 1, -engine::kInfinity, engine::kInfinity);
  ASSERT_TRUE(engine::is_decisive(proven) && proven > 0) << "no mate in " << moves << ": " << fen;
  const int plies = engine::plies_to_end(proven);
  for (const int threads : {1, 2}) {
    const auto found = search(root, plies + 2, threads);
    EXPECT_EQ(found.score, engine::win_in(plies)) << fen << " threads " << threads;
    ASSERT_TRUE(found.best_move);
    // The move it plays keeps the mate: the opponent's best reply still loses.
    Chess after = root;
    after.play(*found.best_move);
    EXPECT_EQ(engine::alphabeta(after, plies - 1, -engine::kInfinity, engine::kInfinity),
              engine::loss_in(plies - 1))
        << Chess::move_text(*found.best_move) << " in " << fen;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Published, ChessMates,
    ::testing::Values(
        // The scholar's mate.
        MateCase{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1},
        // A back-rank mate.
        MateCase{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1},
        // Legal's mate: Nf6+ gxf6 Bxf7#.
        MateCase{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2},
        // The smothered mate: Qg8+ Rxg8 Nf7#.
        MateCase{"r5rk/6pp/8/6N1/8/8/1Q4PP/6QK w - - 0 1", 3}));

// The full-width search (selective off) is plain minimax: the search's
// table, ordering and windows change nothing at shallow depths.
TEST(ChessSearch, FullWidthSearchEqualsMinimax) {
  int checked = 0;
  // The sanitized presets check fewer positions: it is their slowest test.
  const int wanted = test_build::kSanitized ? 12 : 30;
  chess_test::for_each_playout_position(11, 1, 24, [&](const Chess& game) {
    if (checked >= wanted || game.status() != engine::Status::kOngoing) return;
    Chess copy = game;
    for (const int depth : {1, 2, 3}) {
      for (const int threads : {1, 2}) {
        EXPECT_EQ(search(game, depth, threads, false).score, engine::minimax(copy, depth))
            << game.to_text() << " depth " << depth << " threads " << threads;
      }
    }
    ++checked;
  });
  EXPECT_EQ(checked, wanted);
}

}  // namespace
}  // namespace brudno::games
