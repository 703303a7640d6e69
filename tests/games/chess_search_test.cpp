// The chess search: its selective parts (quiescence, check extension, null
// move, reductions and pruning) against full-width oracles, the draw rules
// seen from inside the search, and published test positions.

#include "games/chess/chess_search.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <ostream>
#include <string>

#include "engine/alphabeta.hpp"
#include "engine/minimax.hpp"
#include "engine/search_memory.hpp"
#include "tests/games/chess_test_positions.hpp"

namespace brudno::games {
namespace {

using chess_test::position;
using engine::Score;

engine::SearchResult<Chess::Move> search(const Chess& root, int depth, int threads = 1,
                                         bool selective = true) {
  static engine::TranspositionTable table(16);
  table.clear();
  const std::atomic<bool> stop{false};
  engine::SearchLimits limits;
  limits.depth = depth;
  engine::SearchSettings settings;
  settings.threads = threads;
  settings.selective = selective;
  return engine::Search<Chess>(table, settings).run(root, limits, stop);
}

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

// The fifty-move rule inside the search: a rook up, but every move of the
// side to move ends the hundredth half-move without a capture or a pawn
// move, so the value is a draw, not the rook.
// What a search learns about move ordering is kept in a SearchMemory from one
// search to the next (a session keeps one across the moves of a game). Each
// search below starts from an empty table, so only that memory carries over.
std::uint64_t nodes_with(engine::SearchMemory* memory, const Chess& root, int depth) {
  engine::TranspositionTable table(16);
  const std::atomic<bool> stop{false};
  engine::SearchLimits limits;
  limits.depth = depth;
  return engine::Search<Chess>(table, {}, memory).run(root, limits, stop).nodes;
}

TEST(ChessSearch, OrderingMemoryCarriesOverUntilCleared) {
  const auto kiwipete =
      position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const auto middlegame =
      position("r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9");
  const std::uint64_t fresh = nodes_with(nullptr, kiwipete, 7);
  engine::SearchMemory memory;
  EXPECT_EQ(nodes_with(&memory, kiwipete, 7), fresh) << "an empty memory is a fresh search";
  nodes_with(&memory, middlegame, 7);
  EXPECT_NE(nodes_with(&memory, kiwipete, 7), fresh)
      << "the histories of the searches before order this one's moves";
  memory.clear();
  EXPECT_EQ(nodes_with(&memory, kiwipete, 7), fresh) << "cleared, as by ucinewgame";
}

// The history and counter-move tables have a slot per from and to square:
// the four promotions of one pawn share theirs, two moves apart do not.
TEST(ChessSearch, HistorySlotsAreTheFromAndToSquares) {
  static_assert(engine::history_slots<Chess>() == 64 * 64);
  const chess::Square a7 = chess::make_square(0, 6);
  const chess::Square a8 = chess::make_square(0, 7);
  const chess::Square b8 = chess::make_square(1, 7);
  const Chess::Move to_queen(a7, a8, Chess::Move::kPromotion, chess::kQueen);
  const Chess::Move to_knight(a7, a8, Chess::Move::kPromotion, chess::kKnight);
  const Chess::Move capture(a7, b8, Chess::Move::kPromotion, chess::kQueen);
  EXPECT_EQ(engine::history_slot<Chess>(to_queen), engine::history_slot<Chess>(to_knight));
  EXPECT_NE(engine::history_slot<Chess>(to_queen), engine::history_slot<Chess>(capture));
  for (const auto move : {to_queen, to_knight, capture}) {
    EXPECT_LT(engine::history_slot<Chess>(move), engine::history_slots<Chess>());
  }
}

TEST(ChessSearch, TheFiftyMoveRuleIsADrawInsideTheSearch) {
  const auto root = position("8/8/8/4k3/8/8/8/R3K3 b - - 99 80");
  const auto result = search(root, 6);
  EXPECT_EQ(result.score, 0);
  const auto fresh = position("8/8/8/4k3/8/8/8/R3K3 b - - 0 80");
  EXPECT_LT(search(fresh, 6).score, -300) << "without the rule, a rook down";
}

// A zugzwang where passing would be White's best: null-move pruning, with
// its verification at depth, must not hide the winning Rf1 (a published
// test of null-move pruning).
TEST(ChessSearch, ZugzwangIsNotHiddenByTheNullMove) {
  const auto root = position("8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1");
  const auto result = search(root, 14);
  ASSERT_TRUE(result.best_move);
  EXPECT_EQ(Chess::move_text(*result.best_move), "e1f1");
}

// Quiescence: at depth 1 a capture that the opponent can take back with a
// pawn is no gain; one of an undefended piece is.
TEST(ChessSearch, QuiescenceSeesTheRecapture) {
  const auto defended = position("4k3/8/2p5/3n4/8/8/8/3QK3 w - - 0 1");
  const auto result = search(defended, 1);
  ASSERT_TRUE(result.best_move);
  EXPECT_NE(Chess::move_text(*result.best_move), "d1d5") << "the queen would be lost";
  const auto hanging = position("4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(Chess::move_text(*search(hanging, 1).best_move), "d1d5");
}

// The full-width search (selective off) is plain minimax: the search's
// table, ordering and windows change nothing at shallow depths.
TEST(ChessSearch, FullWidthSearchEqualsMinimax) {
  int checked = 0;
  chess_test::for_each_playout_position(11, 1, 24, [&](const Chess& game) {
    if (checked >= 30 || game.status() != engine::Status::kOngoing) return;
    Chess copy = game;
    for (const int depth : {1, 2, 3}) {
      for (const int threads : {1, 2}) {
        EXPECT_EQ(search(game, depth, threads, false).score, engine::minimax(copy, depth))
            << game.to_text() << " depth " << depth << " threads " << threads;
      }
    }
    ++checked;
  });
  EXPECT_EQ(checked, 30);
}

// Whatever it prunes, the selective search claims no mate that is not there.
TEST(ChessSearch, NoMateIsClaimedThatFullWidthSearchDenies) {
  int mates = 0;
  chess_test::for_each_playout_position(12, 2, 60, [&](const Chess& game) {
    if (game.status() != engine::Status::kOngoing) return;
    const auto result = search(game, 4);
    if (!engine::is_decisive(result.score)) return;
    const int plies = engine::plies_to_end(result.score);
    if (plies > 5) return;
    Chess copy = game;
    EXPECT_EQ(engine::alphabeta(copy, plies, -engine::kInfinity, engine::kInfinity), result.score)
        << game.to_text();
    ++mates;
  });
  EXPECT_GT(mates, 0) << "the playouts should reach some mates";
}

}  // namespace
}  // namespace brudno::games
