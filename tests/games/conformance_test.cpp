// The conformance suite every game runs: play and undo restore the position
// and its key exactly, positions reached by different move orders share their
// key, texts of positions and moves read back as what they were written
// from, the status agrees with the moves, and the search agrees with plain
// minimax (the solver near the end of the game, at 1 and 2 threads), or with
// plain expectiminimax in a game with chance nodes. Every game the engine
// hosts is here: the typed tests are made from games/game_registry.hpp, with
// the picking game and the chance tree, which only the tests play, after its
// games. A new game gets all of it by its line in the registry (and, where it
// differs from the defaults, its SuiteExpectations).

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "engine/expectiminimax.hpp"
#include "engine/minimax.hpp"
#include "engine/search_definitions.hpp"  // the chance tree's search is compiled here
#include "games/chess/chess_search.hpp"
#include "games/connect4/connect4_search.hpp"
#include "games/g2048/g2048_search.hpp"
#include "games/game_registry.hpp"
#include "games/synthetic/chance_tree.hpp"
#include "games/synthetic/synthetic_search.hpp"
#include "games/tictactoe/tictactoe_search.hpp"

namespace brudno::games {
namespace {

using engine::Game;
using engine::MoveList;
using engine::Score;
using engine::Status;

// What the suite may expect of a game beyond the Game concept.
template <class G>
struct SuiteExpectations {
  // A depth-limited search gives the depth-limited minimax value. Not so
  // where the search keeps only forced moves that are exact only at the
  // end (Connect Four), or prunes selectively (chess).
  static constexpr bool kDepthLimitedSearchIsMinimax = true;
  // Different move orders reach the same position.
  static constexpr bool kTransposes = true;
  // Plies to the end below which the solver is checked against minimax.
  static constexpr int kSolveWithin = 8;
  // The deepest fixed-depth search checked against minimax, and on how many
  // positions.
  static constexpr int kMaxCheckedDepth = 4;
  static constexpr int kPositionsChecked = 1000;
  // A position whose game goes on may have no moves: a leaf of a finite
  // tree without a bound on its plies, valued by evaluate() (the chance tree).
  static constexpr bool kLeavesGoOn = false;
};

template <>
struct SuiteExpectations<Chess> {
  // The full-width search (SearchSettings::selective false) is what is
  // compared: the selective one prunes by design.
  static constexpr bool kDepthLimitedSearchIsMinimax = true;
  static constexpr bool kTransposes = true;
  static constexpr int kSolveWithin = 0;
  static constexpr int kMaxCheckedDepth = 3;
  static constexpr int kPositionsChecked = 24;
  static constexpr bool kLeavesGoOn = false;
};

template <>
struct SuiteExpectations<ConnectFour> {
  static constexpr bool kDepthLimitedSearchIsMinimax = false;
  static constexpr bool kTransposes = true;
  static constexpr int kSolveWithin = 7;
  static constexpr int kMaxCheckedDepth = 4;
  static constexpr int kPositionsChecked = 1000;
  static constexpr bool kLeavesGoOn = false;
};

template <>
struct SuiteExpectations<SyntheticTree> {
  static constexpr bool kDepthLimitedSearchIsMinimax = true;
  static constexpr bool kTransposes = false;  // the key hashes the path
  static constexpr int kSolveWithin = 6;
  static constexpr int kMaxCheckedDepth = 4;
  static constexpr int kPositionsChecked = 1000;
  static constexpr bool kLeavesGoOn = false;
};

template <>
struct SuiteExpectations<PickingGame> {
  // Where a move may take two items, a position is reached with different
  // depths left, and a deeper search's table entry stands in for a shallower
  // one (tests/engine/transposition_oracle_test.cpp has the oracle for it).
  static constexpr bool kDepthLimitedSearchIsMinimax = false;
  static constexpr bool kTransposes = true;
  static constexpr int kSolveWithin = 8;
  static constexpr int kMaxCheckedDepth = 4;
  static constexpr int kPositionsChecked = 1000;
  static constexpr bool kLeavesGoOn = false;
};

template <>
struct SuiteExpectations<Game2048> {
  // Expectiminimax: the search is one thread's whatever the threads asked.
  static constexpr bool kDepthLimitedSearchIsMinimax = true;
  static constexpr bool kTransposes = true;
  static constexpr int kSolveWithin = 0;
  // A spawn multiplies the nodes by up to thirty: two moves deep is enough.
  static constexpr int kMaxCheckedDepth = 2;
  static constexpr int kPositionsChecked = 100;
  static constexpr bool kLeavesGoOn = false;
};

template <>
struct SuiteExpectations<ChanceTree> {
  static constexpr bool kDepthLimitedSearchIsMinimax = true;
  static constexpr bool kTransposes = false;  // the key hashes the path
  static constexpr int kSolveWithin = 0;
  static constexpr int kMaxCheckedDepth = 4;
  static constexpr int kPositionsChecked = 1000;
  static constexpr bool kLeavesGoOn = true;
};

// Random positions of the game: every position of random playouts from
// the start (synthetic trees and picking games: from a few seeded roots).
template <Game G>
std::vector<G> roots() {
  if constexpr (std::is_same_v<G, SyntheticTree>) {
    return {SyntheticTree(3, 8, 5, ChildOrder::kRandom),
            SyntheticTree(5, 6, 6, ChildOrder::kRandom),
            SyntheticTree(2, 12, 7, ChildOrder::kWorstFirst)};
  } else if constexpr (std::is_same_v<G, PickingGame>) {
    return {PickingGame(9, 3), PickingGame(12, 4, false), PickingGame(7, 5)};
  } else if constexpr (std::is_same_v<G, ChanceTree>) {
    // Trees of the default shape, which the text reads back.
    return {ChanceTree(ChanceTreeShape{}, 1), ChanceTree(ChanceTreeShape{}, 7),
            ChanceTree(ChanceTreeShape{}, 12)};
  } else {
    return {G::start_position()};
  }
}

template <Game G>
std::vector<G> random_positions(int playouts, std::uint64_t seed, int max_plies = 80) {
  std::mt19937_64 random(seed);
  std::vector<G> positions;
  const auto starts = roots<G>();
  for (int playout = 0; playout < playouts; ++playout) {
    G position = starts[static_cast<std::size_t>(playout) % starts.size()];
    for (int ply = 0; ply < max_plies && position.status() == Status::kOngoing; ++ply) {
      positions.push_back(position);
      MoveList<typename G::Move> moves;
      position.legal_moves(moves);
      if (moves.empty()) break;
      position.play(moves[random() % moves.size()]);
    }
    positions.push_back(position);
  }
  return positions;
}

template <class G>
class Conformance : public ::testing::Test {};

using ConformingGames = RegisteredGames::With<PickingGame, ChanceTree>::Apply<::testing::Types>;
TYPED_TEST_SUITE(Conformance, ConformingGames);

// A suite written out by hand again could leave a registered game out.
template <class G, class... Suite>
constexpr bool in_suite(::testing::Types<Suite...>) {
  return (std::is_same_v<G, Suite> || ...);
}
template <class... Games>
constexpr bool every_game_in_suite(Registry<Games...>) {
  return (in_suite<Games>(ConformingGames{}) && ...);
}
static_assert(every_game_in_suite(RegisteredGames{}), "a registered game has no conformance tests");

TYPED_TEST(Conformance, PlayAndUndoRestoreThePositionAndKeyExactly) {
  using G = TypeParam;
  int checked = 0;
  for (const G& start : random_positions<G>(40, 1)) {
    G position = start;
    MoveList<typename G::Move> moves;
    if (position.status() == Status::kOngoing) position.legal_moves(moves);
    for (const auto move : moves) {
      position.play(move);
      EXPECT_NE(position.key(), start.key()) << start.to_text() << " then " << G::move_text(move);
      position.undo(move);
      ASSERT_EQ(position.to_text(), start.to_text()) << G::move_text(move);
      ASSERT_EQ(position.key(), start.key()) << start.to_text() << " " << G::move_text(move);
      ASSERT_EQ(position.side_to_move(), start.side_to_move());
      ++checked;
    }
  }
  EXPECT_GT(checked, 200);
}

TYPED_TEST(Conformance, PositionTextAndMoveTextReadBack) {
  using G = TypeParam;
  for (const G& position : random_positions<G>(40, 2)) {
    const auto read = G::parse(position.to_text());
    ASSERT_TRUE(read) << position.to_text();
    EXPECT_EQ(read->to_text(), position.to_text());
    // The key built from the text is the key kept move by move.
    EXPECT_EQ(read->key(), position.key()) << position.to_text();
    EXPECT_EQ(read->side_to_move(), position.side_to_move());
    MoveList<typename G::Move> moves;
    if (position.status() == Status::kOngoing) position.legal_moves(moves);
    for (const auto move : moves) {
      EXPECT_EQ(position.parse_move(G::move_text(move)), move)
          << position.to_text() << " " << G::move_text(move);
    }
  }
  EXPECT_FALSE(G::start_position().parse_move("no such move"));
  EXPECT_FALSE(G::parse("no such position"));
}

// The same position reached by playing moves a, b, c and c, b, a: the same
// text and the same key.
TYPED_TEST(Conformance, TranspositionsShareTheirKey) {
  using G = TypeParam;
  std::mt19937_64 random(3);
  int transpositions = 0;
  std::map<std::string, std::uint64_t> key_of_text;
  for (const G& start : random_positions<G>(60, 4)) {
    auto [known, fresh] = key_of_text.emplace(start.to_text(), start.key());
    EXPECT_EQ(known->second, start.key()) << "one position, two keys: " << start.to_text();
    MoveList<typename G::Move> first_moves;
    if (start.status() == Status::kOngoing) start.legal_moves(first_moves);
    if (first_moves.size() < 2) continue;
    for (int attempt = 0; attempt < 4; ++attempt) {
      const auto a = first_moves[random() % first_moves.size()];
      const auto c = first_moves[random() % first_moves.size()];
      if (a == c) continue;
      G one = start;
      one.play(a);
      if (one.status() != Status::kOngoing) continue;
      MoveList<typename G::Move> replies;
      one.legal_moves(replies);
      if (replies.empty()) continue;
      const auto b = replies[random() % replies.size()];
      G other = start;
      const auto legal = [](G& position, typename G::Move move) {
        if (position.status() != Status::kOngoing) return false;
        MoveList<typename G::Move> moves;
        position.legal_moves(moves);
        if (!moves.contains(move)) return false;
        position.play(move);
        return true;
      };
      if (!legal(one, b) || !legal(one, c)) continue;
      if (!legal(other, c) || !legal(other, b) || !legal(other, a)) continue;
      if (one.to_text() != other.to_text()) continue;
      ++transpositions;
      EXPECT_EQ(one.key(), other.key()) << start.to_text() << ": " << G::move_text(a) << ' '
                                        << G::move_text(b) << ' ' << G::move_text(c);
    }
  }
  if (SuiteExpectations<G>::kTransposes) {
    EXPECT_GT(transpositions, 20);
  }
}

// A position whose game goes on has moves, unless it is a leaf of a finite
// tree, whose value is exact (the synthetic games) or evaluate()'s (the
// chance tree).
TYPED_TEST(Conformance, TheStatusAgreesWithTheMoves) {
  using G = TypeParam;
  for (const G& position : random_positions<G>(60, 5)) {
    MoveList<typename G::Move> moves;
    position.legal_moves(moves);
    if (position.status() != Status::kOngoing || !moves.empty()) continue;
    if constexpr (SuiteExpectations<G>::kLeavesGoOn) {
      continue;
    } else if constexpr (engine::HasPlyBound<G>) {
      EXPECT_EQ(position.max_plies_left(), 0) << "no moves, but not over: " << position.to_text();
    } else {
      ADD_FAILURE() << "no moves, but not over: " << position.to_text();
    }
  }
}

TYPED_TEST(Conformance, SearchEqualsMinimaxAtShallowDepths) {
  using G = TypeParam;
  if (!SuiteExpectations<G>::kDepthLimitedSearchIsMinimax) {
    GTEST_SKIP() << G::kName << " prunes by design at fixed depths: its solver is checked instead";
  }
  engine::TranspositionTable table(1);
  const std::atomic<bool> stop{false};
  int checked = 0;
  const auto positions = random_positions<G>(12, 6);
  // Evenly spread over the playouts, at most kPositionsChecked of them.
  const std::size_t step =
      std::max<std::size_t>(1, positions.size() / SuiteExpectations<G>::kPositionsChecked);
  for (std::size_t at = 0; at < positions.size(); at += step) {
    G position = positions[at];
    for (const int threads : {1, 2}) {
      for (int depth = 1; depth <= SuiteExpectations<G>::kMaxCheckedDepth; ++depth) {
        table.clear();
        engine::SearchLimits limits;
        limits.depth = depth;
        engine::SearchSettings settings;
        settings.threads = threads;
        settings.selective = false;  // the full width: what minimax is
        const auto result = engine::Search<G>(table, settings).run(position, limits, stop);
        Score expected = 0;
        if constexpr (engine::HasChance<G>) {
          expected = engine::expectiminimax(position, depth);
        } else {
          expected = engine::minimax(position, depth);
        }
        ASSERT_EQ(result.score, expected)
            << position.to_text() << " depth " << depth << " threads " << threads;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100);
}

TYPED_TEST(Conformance, SolverEqualsMinimaxNearTheEnd) {
  using G = TypeParam;
  if constexpr (!engine::HasPlyBound<G>) {
    GTEST_SKIP() << G::kName << " has no bound on its length to solve within";
  } else {
    const std::atomic<bool> stop{false};
    const engine::StopConditions never(stop, std::nullopt);
    int checked = 0;
    engine::TranspositionTable table(1);
    for (G position : random_positions<G>(100, 7)) {
      if (position.status() != Status::kOngoing) continue;
      if (position.max_plies_left() > SuiteExpectations<G>::kSolveWithin) continue;
      const auto expected = engine::minimax(position, position.max_plies_left());
      for (const int threads : {1, 2}) {
        table.clear();
        const auto outcome = engine::Solver<G>(table, never, threads).solve(position);
        ASSERT_TRUE(outcome.solved);
        ASSERT_EQ(outcome.score, expected) << position.to_text() << " threads " << threads;
      }
      ++checked;
    }
    EXPECT_GT(checked, 20);
  }
}

}  // namespace
}  // namespace brudno::games
