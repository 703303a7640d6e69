// A team worker's search of chess: what it keeps about the nodes on its way
// from the root (their frames, see TeamPolicy) must describe those nodes
// while any search below them runs, re-searches of the same ply included,
// and a search of part of a node's moves (a singular extension's) is never
// taken for the node's.

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/search_definitions.hpp"
#include "games/chess/chess.hpp"

namespace brudno::engine {
namespace {

using games::Chess;

// Chess whose null moves are verified from `kVerifyDepth` on (the game's own
// rule starts at 12) with a fixed reduction of `kReduction` plies, and tried
// in pawn endings too, where zugzwang makes passing fail: a search a dozen
// plies deep then runs many verification searches that fail low. Each
// searches its node again, at the node's own ply, shallower.
template <int kVerifyDepth, int kReduction>
struct VerifyingChess : Chess {
  explicit VerifyingChess(const Chess& position) : Chess(position) {}
  static constexpr Selectivity kSelectivity = [] {
    Selectivity rules = Chess::kSelectivity;
    rules.null_verify_depth = kVerifyDepth;
    rules.null_base_reduction = kReduction;
    rules.null_depth_divisor = 1000;  // the reduction stays kReduction
    return rules;
  }();
  [[nodiscard]] static bool has_non_pawn_material() { return true; }
  static VerifyingChess start_position() { return VerifyingChess(Chess::start_position()); }
  static std::optional<VerifyingChess> parse(std::string_view fen) {
    const auto position = Chess::parse(fen);
    if (!position) return std::nullopt;
    return VerifyingChess(*position);
  }
};
static_assert(HasNullMove<VerifyingChess<3, 1>>);

struct Counts {
  std::uint64_t nodes = 0;
  std::uint64_t settled = 0;
};

// Iterative deepening of `fen` to `depth` by one worker of `Policy` alone,
// from an empty table; what `read` takes of the worker afterwards.
template <class G, class Policy, class Read>
auto deepen_alone(std::string_view fen, int depth, Read read) {
  TranspositionTable table(16);
  const std::atomic<bool> stop{false};
  const StopConditions abort(stop, std::nullopt);
  SearchWorker<G, Policy> worker(*G::parse(fen), table, abort);
  for (int d = 1; d <= depth; ++d) worker.search_root(d, -kInfinity, kInfinity);
  return read(worker);
}

// By one team worker alone: no other thread writes the table, so no
// ancestor can be settled by another's entry.
template <class G>
Counts search_alone(std::string_view fen, int depth) {
  return deepen_alone<G, TeamPolicy>(fen, depth, [](const auto& worker) {
    return Counts{worker.nodes(), worker.settled_ancestors()};
  });
}

// The same by a lone worker (LonePolicy), which keeps no frames at all.
std::uint64_t nodes_of_lone_worker(std::string_view fen, int depth) {
  return deepen_alone<Chess, LonePolicy>(fen, depth,
                                         [](const auto& worker) { return worker.nodes(); });
}

// The fault this guards against: a null move's verification searched the
// node again at its own ply and left its own, shallower frame there; the
// upper bound it stored for the node's key then settled the node from below
// (TeamPolicy::settles_ancestor), cutting the node's move loop short with
// the reduced depth's value. Alone on its table a worker has no one to be
// settled by, so any settling is that fault. Before the fix both searches
// below settled a node once; with assertions on (the debug preset) the
// node's store also checks that the frame at its ply is its own.
TEST(TeamSearch, AWorkerAloneSettlesNoAncestorAfterANullMoveVerification) {
  const Counts rook_ending =
      search_alone<VerifyingChess<3, 1>>("8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1", 11);
  EXPECT_GT(rook_ending.nodes, 10'000U);
  EXPECT_EQ(rook_ending.settled, 0U);
  const Counts perft_ending =
      search_alone<VerifyingChess<4, 2>>("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 11);
  EXPECT_GT(perft_ending.nodes, 10'000U);
  EXPECT_EQ(perft_ending.settled, 0U);
}

// Singular extensions run in a team's workers as in a lone one. Their
// exclusion search runs at the node's own ply, whose table entry (a lower
// bound above the exclusion's bound, the very reason for the test) would
// settle it if its frame were taken for the node's: a team worker alone on
// its table would then cut its exclusion searches short. It settles
// nothing, and searches the very tree a lone worker does, the nodes
// extended included (had teams no singular extensions, or a settled
// exclusion search, the counts would differ).
TEST(TeamSearch, AWorkerAloneSearchesTheLoneWorkersTreeSingularExtensionsIncluded) {
  for (const std::string_view fen :
       {"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}) {
    const Counts team = search_alone<Chess>(fen, 10);
    EXPECT_EQ(team.settled, 0U) << fen;
    EXPECT_EQ(team.nodes, nodes_of_lone_worker(fen, 10)) << fen;
  }
}

}  // namespace
}  // namespace brudno::engine
