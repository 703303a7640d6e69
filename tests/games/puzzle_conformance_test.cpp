// The conformance suite every single-agent puzzle runs: those of
// games/puzzle_registry.hpp, each typed test made from the registry. The goal
// test knows a goal built without a search and the puzzle's fixed start (no
// goal); play and undo restore a state exactly (all it shows of itself, and
// of each successor) along random walks; step costs are positive; a key names
// one state; every heuristic is nonnegative and never above the true distance
// (breadth-first or uniform-cost search); and the solution checker
// (engine/single_agent/solution_check.hpp) accepts each strategy's plan at
// the cost the strategy claims, rejects the plan cut short or with a move its
// state does not have, and agrees with the goal test on random walks. A new
// puzzle gets all of it by its registry line; its PuzzleSuiteTraits say
// where it differs from the defaults (no default state, a known goal, a fixed
// start, heuristics, the length of a walk).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "engine/single_agent/solution_check.hpp"
#include "engine/single_agent/strategies.hpp"
#include "games/puzzle_registry.hpp"
#include "games/sliding_tile/heuristics.hpp"

// The test files of one executable are compiled as one unit: this file's
// helpers keep to a namespace of their own.
namespace brudno::games::puzzle_suite {
namespace {

using engine::CostOf;
using engine::MoveList;

// What the suite assumes of a puzzle unless its traits say otherwise.
template <class P>
struct DefaultPuzzleTraits {
  // The instances the random walks start from: the default state.
  static std::vector<P> starts() { return {P{}}; }
  // A goal built without a search; none known.
  static std::optional<P> known_goal() { return std::nullopt; }
  // The state every instance of the puzzle starts from (which is no goal); none.
  static std::optional<P> fixed_start() { return std::nullopt; }
  // Heuristics, each admissible on every instance here; none.
  static std::tuple<> heuristics() { return {}; }
  // Moves of a random walk: few enough that the searches from its states
  // take milliseconds.
  static constexpr int kWalkMoves = 8;
  // What a state shows of itself beyond its key, goal test and successors.
  static std::string text(const P& state) {
    if constexpr (requires { state.to_text(); }) {
      return state.to_text();
    } else {
      return {};
    }
  }
};

template <class P>
struct PuzzleSuiteTraits : DefaultPuzzleTraits<P> {};

template <int W, int H>
struct PuzzleSuiteTraits<SlidingTile<W, H>> : DefaultPuzzleTraits<SlidingTile<W, H>> {
  using Board = SlidingTile<W, H>;
  // (The walks start from the default board, the goal, and scramble it.)
  // The goal read from its text: the blank, then tiles 1 to N-1 in order.
  static std::optional<Board> known_goal() {
    std::string text;
    for (int tile = 0; tile < Board::kCells; ++tile) text += std::to_string(tile) + ' ';
    auto board = Board::parse(text);
    if (std::holds_alternative<Board>(board)) return std::get<Board>(board);
    ADD_FAILURE() << std::get<std::string>(board);
    return std::nullopt;
  }
  static auto heuristics() { return std::tuple{MisplacedTiles{}, Manhattan{}, LinearConflict{}}; }
  static constexpr int kWalkMoves = 12;
};

template <>
struct PuzzleSuiteTraits<RouteProblem> : DefaultPuzzleTraits<RouteProblem> {
  // The textbook's map, read once; none where the published data is missing.
  static const RoadMap* map() {
    static const std::optional<RoadMap> loaded = []() -> std::optional<RoadMap> {
      auto read = RoadMap::load(std::string(BRUDNO_SHARED_DATA) + "/puzzles/romania.txt");
      if (auto* map = std::get_if<RoadMap>(&read)) return std::move(*map);
      return std::nullopt;
    }();
    return loaded ? &*loaded : nullptr;
  }
  // From every city to the one the straight-line distances are measured to
  // (Bucharest), where the heuristic holds.
  static std::vector<RouteProblem> starts() {
    std::vector<RouteProblem> routes;
    const RoadMap* roads = map();
    if (roads == nullptr || !roads->straight_line_target()) return routes;
    for (int city = 0; city < roads->cities(); ++city)
      routes.emplace_back(*roads, city, *roads->straight_line_target());
    return routes;
  }
  static std::optional<RouteProblem> known_goal() {
    const RoadMap* roads = map();
    if (roads == nullptr || !roads->straight_line_target()) return std::nullopt;
    const int destination = *roads->straight_line_target();
    return RouteProblem(*roads, destination, destination);
  }
  static auto heuristics() { return std::tuple{StraightLineDistance{}}; }
  static std::string text(const RouteProblem& state) { return state.map().name(state.city()); }
  static constexpr int kWalkMoves = 6;
};

template <>
struct PuzzleSuiteTraits<Queens> : DefaultPuzzleTraits<Queens> {
  // Four queens: queens have no keys, and a breadth-first tree search solves
  // four of them at once, eight not.
  static std::vector<Queens> starts() { return {Queens(4)}; }
  // Eight queens on rows 1 5 8 6 3 7 2 4, the first solution in
  // lexicographic order, placed column by column from the top row.
  static std::optional<Queens> known_goal() {
    Queens queens(8);
    const std::uint32_t rows[] = {0, 4, 7, 5, 2, 6, 1, 3};
    for (std::uint32_t column = 0; column < 8; ++column) {
      if (rows[column] != 0) queens.play(Queens::Move{column, 0, rows[column]});
    }
    EXPECT_EQ(queens.to_text(), "1 5 8 6 3 7 2 4");
    return queens;
  }
  // Every queen on the top row.
  static std::optional<Queens> fixed_start() { return Queens(8); }
  static constexpr int kWalkMoves = 6;
};

template <>
struct PuzzleSuiteTraits<InstantInsanity> : DefaultPuzzleTraits<InstantInsanity> {
  // Cube k shows R G B W on its sides turned k places on: with the top and
  // bottom hidden (orientation 0) each side of the tower shows four colours.
  static constexpr std::string_view kStackingCubes = "RRGBWR RGBWRR RBWRGR RWRGBR";

  static InstantInsanity cubes(std::string_view text, bool restrict_first) {
    auto parsed = InstantInsanity::parse(text);
    if (const auto* problem = std::get_if<std::string>(&parsed)) ADD_FAILURE() << *problem;
    auto puzzle = std::get<InstantInsanity>(parsed);
    puzzle.set_restrict_first(restrict_first);
    return puzzle;
  }
  static std::vector<InstantInsanity> starts() {
    return {cubes(InstantInsanity::kClassicCubes, true),
            cubes(InstantInsanity::kClassicCubes, false), cubes(kStackingCubes, true)};
  }
  static std::optional<InstantInsanity> known_goal() {
    auto tower = cubes(kStackingCubes, true);
    for (int cube = 0; cube < InstantInsanity::kCubes; ++cube) tower.play(0);
    return tower;
  }
  // No cube placed yet.
  static std::optional<InstantInsanity> fixed_start() {
    return cubes(InstantInsanity::kClassicCubes, true);
  }
  static std::string text(const InstantInsanity& tower) { return tower.tower_text(); }
  static constexpr int kWalkMoves = InstantInsanity::kCubes;
};

// All a state shows of itself: compared before a move and after its undo.
struct Shown {
  std::string text;
  std::optional<std::uint64_t> key;
  bool goal = false;
  bool dead_end = false;
  std::optional<std::int64_t> value;    // local search's
  std::vector<std::int64_t> estimates;  // each heuristic's (some are kept move by move)
  bool operator==(const Shown&) const = default;
};

template <class P>
Shown shown(const P& state) {
  Shown seen{PuzzleSuiteTraits<P>::text(state), std::nullopt, state.is_goal(),
             engine::is_dead_end(state),        std::nullopt, {}};
  if constexpr (engine::HasKey<P>) seen.key = state.key();
  if constexpr (requires { state.value(); }) seen.value = static_cast<std::int64_t>(state.value());
  std::apply(
      [&](const auto&... heuristic) {
        (seen.estimates.push_back(static_cast<std::int64_t>(heuristic(state))), ...);
      },
      PuzzleSuiteTraits<P>::heuristics());
  return seen;
}

// The state, its successors with their costs, and what each successor shows:
// an undo that left anything behind shows here.
template <class P>
struct Observed {
  Shown self;
  std::vector<typename P::Move> moves;
  std::vector<CostOf<P>> costs;
  std::vector<Shown> successors;
  bool operator==(const Observed&) const = default;
};

template <class P>
Observed<P> observe(P& state) {
  Observed<P> seen{shown(state), {}, {}, {}};
  MoveList<typename P::Move> moves;
  state.successors(moves);
  for (const auto move : moves) {
    seen.moves.push_back(move);
    seen.costs.push_back(engine::step_cost(state, move));
    state.play(move);
    seen.successors.push_back(shown(state));
    state.undo(move);
  }
  return seen;
}

// A random walk from a start: it never takes back its last move (where the
// puzzle names the move that does), and it stops where a state has no other
// successors or is a dead end, which a search would prune.
template <class P>
struct Walk {
  P start;
  std::vector<typename P::Move> moves;
  // The states along it, the start first.
  [[nodiscard]] std::vector<P> states() const {
    std::vector<P> along{start};
    P state = start;
    for (const auto move : moves) {
      state.play(move);
      along.push_back(state);
    }
    return along;
  }
};

template <class P>
std::vector<Walk<P>> random_walks(int count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const auto starts = PuzzleSuiteTraits<P>::starts();
  std::vector<Walk<P>> walks;
  if (starts.empty()) return walks;
  for (int walk = 0; walk < count; ++walk) {
    Walk<P> made{starts[static_cast<std::size_t>(walk) % starts.size()], {}};
    P state = made.start;
    for (int step = 0; step < PuzzleSuiteTraits<P>::kWalkMoves && !engine::is_dead_end(state);
         ++step) {
      MoveList<typename P::Move> successors;
      state.successors(successors);
      MoveList<typename P::Move> moves;
      for (const auto move : successors) {
        if (!engine::undoes<P>(move, made.moves.empty() ? nullptr : &made.moves.back()))
          moves.push_back(move);
      }
      if (moves.empty()) break;
      const auto move = moves[random() % moves.size()];
      state.play(move);
      made.moves.push_back(move);
    }
    walks.push_back(std::move(made));
  }
  return walks;
}

// Generated states a search may make before the suite gives up on it.
constexpr std::uint64_t kSearchBudget = 100'000;

// The cost of a cheapest plan from the state: breadth-first search on unit
// costs, uniform-cost search on the puzzle's own.
template <class P>
std::optional<CostOf<P>> true_distance(const P& state) {
  const engine::SearchBudget budget{kSearchBudget * 10, nullptr};
  engine::OutcomeOf<P> outcome;
  if constexpr (engine::HasStepCosts<P>) {
    static_assert(engine::HasKey<P>,
                  "a heuristic on step costs is checked against uniform-cost search, which "
                  "needs keys");
    outcome = engine::uniform_cost_search(state, budget);
  } else {
    outcome = engine::breadth_first_search(state, budget);
  }
  if (!outcome.solved) return std::nullopt;
  return outcome.cost;
}

// The puzzle's first heuristic, the one the strategies are given; none knows nothing.
template <class P>
auto search_heuristic() {
  const auto heuristics = PuzzleSuiteTraits<P>::heuristics();
  if constexpr (std::tuple_size_v < std::decay_t < decltype(heuristics) >>> 0) {
    return std::get<0>(heuristics);
  } else {
    return engine::ZeroHeuristic{};
  }
}

// Refused, and for the reason expected.
template <class P>
void expect_refused(const P& start, const std::vector<typename P::Move>& plan,
                    const std::string& why) {
  const auto checked = engine::check_solution(start, plan);
  ASSERT_TRUE(std::holds_alternative<std::string>(checked)) << "accepted: " << why;
  EXPECT_EQ(std::get<std::string>(checked), why);
}

template <class P>
class PuzzleConformance : public ::testing::Test {};

// The registry's puzzle types: each test's type parameter, and in its CTest
// name (PuzzleConformance.StepCostsArePositive<brudno::games::RouteProblem>).
template <class... Entries>
using PuzzleTypes = ::testing::Types<typename Entries::Type...>;
using ConformingPuzzles = RegisteredPuzzles::Apply<PuzzleTypes>;
TYPED_TEST_SUITE(PuzzleConformance, ConformingPuzzles);

// A suite written out by hand again could leave a registered puzzle out.
template <class P, class... Suite>
constexpr bool in_puzzle_suite(::testing::Types<Suite...>) {
  return (std::is_same_v<P, Suite> || ...);
}
template <class... Entries>
constexpr bool every_puzzle_in_suite(Registry<Entries...>) {
  return (in_puzzle_suite<typename Entries::Type>(ConformingPuzzles{}) && ...);
}
static_assert(every_puzzle_in_suite(RegisteredPuzzles{}),
              "a registered puzzle has no conformance tests");

TYPED_TEST(PuzzleConformance, TheGoalTestKnowsAGoalAndTheFixedStart) {
  using P = TypeParam;
  const auto goal = PuzzleSuiteTraits<P>::known_goal();
  const auto start = PuzzleSuiteTraits<P>::fixed_start();
  if (!goal && !start) GTEST_SKIP() << "no goal known without a search, and no fixed start";
  if (goal) {
    EXPECT_TRUE(goal->is_goal()) << PuzzleSuiteTraits<P>::text(*goal);
    EXPECT_FALSE(engine::is_dead_end(*goal));
    // Where the goal is, the plan is to do nothing.
    const auto checked = engine::check_solution(*goal, {});
    ASSERT_TRUE(std::holds_alternative<CostOf<P>>(checked)) << std::get<std::string>(checked);
    EXPECT_EQ(std::get<CostOf<P>>(checked), CostOf<P>{});
  }
  if (start) {
    EXPECT_FALSE(start->is_goal()) << PuzzleSuiteTraits<P>::text(*start);
    expect_refused(*start, {}, "the plan ends short of a goal");
  }
}

TYPED_TEST(PuzzleConformance, PlayAndUndoRestoreTheStateExactly) {
  using P = TypeParam;
  const auto walks = random_walks<P>(24, 1);
  if (walks.empty()) GTEST_SKIP() << "no instances (the published data is missing)";
  int checked = 0;
  for (const auto& walk : walks) {
    P state = walk.start;
    const auto at_start = observe(state);
    for (const auto step : walk.moves) {
      const auto before = observe(state);
      for (std::size_t index = 0; index < before.moves.size(); ++index) {
        const auto move = before.moves[index];
        state.play(move);
        if constexpr (engine::HasKey<P>) {
          EXPECT_NE(state.key(), before.self.key) << before.self.text << " then move " << index;
        }
        state.undo(move);
        ASSERT_EQ(observe(state), before) << before.self.text << " after move " << index
                                          << " and its undo: " << PuzzleSuiteTraits<P>::text(state);
        ++checked;
      }
      state.play(step);
    }
    // The whole walk undone, last move first.
    for (auto step = walk.moves.rbegin(); step != walk.moves.rend(); ++step) state.undo(*step);
    ASSERT_EQ(observe(state), at_start) << at_start.self.text;
  }
  EXPECT_GT(checked, 20);
}

TYPED_TEST(PuzzleConformance, StepCostsArePositive) {
  using P = TypeParam;
  const auto walks = random_walks<P>(24, 2);
  if (walks.empty()) GTEST_SKIP() << "no instances (the published data is missing)";
  int checked = 0;
  for (const auto& walk : walks) {
    for (const P& state : walk.states()) {
      MoveList<typename P::Move> moves;
      state.successors(moves);
      for (const auto move : moves) {
        EXPECT_GT(engine::step_cost(state, move), CostOf<P>{}) << PuzzleSuiteTraits<P>::text(state);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 20);
}

// A key names one state: states that show the same text share their key,
// and no two that show different texts do.
TYPED_TEST(PuzzleConformance, AKeyNamesOneState) {
  using P = TypeParam;
  if constexpr (!engine::HasKey<P>) {
    GTEST_SKIP() << "no keys";
  } else {
    const auto walks = random_walks<P>(24, 3);
    if (walks.empty()) GTEST_SKIP() << "no instances (the published data is missing)";
    if (PuzzleSuiteTraits<P>::text(walks.front().start).empty()) GTEST_SKIP() << "no text";
    std::map<std::string, std::uint64_t> key_of_text;
    std::map<std::uint64_t, std::string> text_of_key;
    for (const auto& walk : walks) {
      for (const P& state : walk.states()) {
        const auto text = PuzzleSuiteTraits<P>::text(state);
        const auto by_text = key_of_text.emplace(text, state.key()).first;
        EXPECT_EQ(by_text->second, state.key()) << "one state, two keys: " << text;
        const auto by_key = text_of_key.emplace(state.key(), text).first;
        EXPECT_EQ(by_key->second, text) << "one key, two states";
      }
    }
    EXPECT_GT(key_of_text.size(), 10u);
  }
}

TYPED_TEST(PuzzleConformance, HeuristicsNeverExceedTheTrueDistance) {
  using P = TypeParam;
  using Heuristics = decltype(PuzzleSuiteTraits<P>::heuristics());
  if constexpr (std::tuple_size_v<Heuristics> == 0) {
    GTEST_SKIP() << "no heuristic";
  } else {
    const auto walks = random_walks<P>(8, 4);
    if (walks.empty()) GTEST_SKIP() << "no instances (the published data is missing)";
    std::vector<P> states;
    if (const auto goal = PuzzleSuiteTraits<P>::known_goal()) states.push_back(*goal);
    for (const auto& walk : walks) {
      for (const P& state : walk.states()) {
        if (!engine::is_dead_end(state)) states.push_back(state);
      }
    }
    int checked = 0;
    for (const P& state : states) {
      const auto distance = true_distance(state);
      ASSERT_TRUE(distance) << "no plan found from " << PuzzleSuiteTraits<P>::text(state);
      const auto check = [&](const auto& heuristic) {
        const auto h = heuristic(state);
        EXPECT_GE(h, CostOf<P>{}) << PuzzleSuiteTraits<P>::text(state);
        EXPECT_LE(h, *distance) << PuzzleSuiteTraits<P>::text(state) << ": "
                                << typeid(heuristic).name();
        ++checked;
      };
      std::apply([&](const auto&... heuristic) { (check(heuristic), ...); },
                 PuzzleSuiteTraits<P>::heuristics());
    }
    EXPECT_GT(checked, 20);
  }
}

// The plan with a move of the pool that is none of its state's successors in
// place of the first move it can replace so, and the checker's complaint about
// it; none if every state of the plan has every move of the pool.
template <class P>
std::optional<std::pair<std::vector<typename P::Move>, std::string>> with_a_move_not_there(
    const P& start, const std::vector<typename P::Move>& plan,
    const std::vector<typename P::Move>& pool) {
  P state = start;
  for (std::size_t step = 0; step < plan.size(); ++step) {
    MoveList<typename P::Move> moves;
    state.successors(moves);
    for (const auto move : pool) {
      if (moves.contains(move)) continue;
      auto corrupted = plan;
      corrupted[step] = move;
      return std::pair{
          corrupted, "move " + std::to_string(step + 1) + " is not one of its state's successors"};
    }
    state.play(plan[step]);
  }
  return std::nullopt;
}

TYPED_TEST(PuzzleConformance, TheCheckerAcceptsEachStrategysPlanAndRejectsItCorrupted) {
  using P = TypeParam;
  using Move = typename P::Move;
  const auto walks = random_walks<P>(24, 5);
  if (walks.empty()) GTEST_SKIP() << "no instances (the published data is missing)";
  // Every move the walks' states have, for plans with a move out of place.
  std::vector<Move> pool;
  for (const auto& walk : walks) {
    for (const P& state : walk.states()) {
      MoveList<Move> moves;
      state.successors(moves);
      for (const auto move : moves) {
        if (std::find(pool.begin(), pool.end(), move) == pool.end()) pool.push_back(move);
      }
    }
  }
  // The checker's verdict on a walk is the goal test's on its end (walks
  // stop at a dead end).
  for (const auto& walk : walks) {
    const P end = walk.states().back();
    const auto checked = engine::check_solution(walk.start, walk.moves);
    EXPECT_EQ(std::holds_alternative<CostOf<P>>(checked),
              end.is_goal() && !engine::is_dead_end(end))
        << PuzzleSuiteTraits<P>::text(end);
  }
  // A walk with a move its state does not have in place of its own.
  for (const auto& walk : walks) {
    if (const auto corrupted = with_a_move_not_there(walk.start, walk.moves, pool))
      expect_refused(walk.start, corrupted->first, corrupted->second);
  }
  // The instances: the first starts, and the ends of the first walks.
  std::vector<P> instances;
  const auto starts = PuzzleSuiteTraits<P>::starts();
  for (std::size_t at = 0; at < std::min<std::size_t>(3, starts.size()); ++at)
    instances.push_back(starts[at]);
  for (std::size_t at = 0; at < std::min<std::size_t>(3, walks.size()); ++at) {
    const P end = walks[at].states().back();
    if (!engine::is_dead_end(end)) instances.push_back(end);
  }
  const auto heuristic = search_heuristic<P>();
  const engine::SearchBudget budget{kSearchBudget, nullptr};
  for (const P& start : instances) {
    SCOPED_TRACE(PuzzleSuiteTraits<P>::text(start));
    int solved = 0;
    for (const auto& [name, strategy] : engine::kStrategies) {
      SCOPED_TRACE(std::string(name));
      // Without keys depth-first search is a tree search, which may go as
      // deep as its budget.
      if (strategy == engine::Strategy::kDfs && !engine::HasKey<P>) continue;
      const auto result = engine::run_strategy(strategy, start, heuristic, 2.0, budget);
      if (std::holds_alternative<std::string>(result)) continue;  // it needs keys
      const auto& outcome = std::get<0>(result);
      if (!outcome.solved) {
        EXPECT_TRUE(outcome.stopped) << "no plan, but the budget was not spent";
        continue;
      }
      ++solved;
      const auto checked = engine::check_solution(start, outcome.path);
      ASSERT_TRUE(std::holds_alternative<CostOf<P>>(checked)) << std::get<std::string>(checked);
      EXPECT_EQ(std::get<CostOf<P>>(checked), outcome.cost);
      if (outcome.path.empty()) continue;
      auto cut_short = outcome.path;
      cut_short.pop_back();
      expect_refused(start, cut_short, "the plan ends short of a goal");
      if (const auto corrupted = with_a_move_not_there(start, outcome.path, pool))
        expect_refused(start, corrupted->first, corrupted->second);
    }
    EXPECT_GT(solved, 0) << "no strategy found a plan";
  }
}

// Instant Insanity's goal test looks at the last cube only, trusting that a
// search pruned every clash below it: a plan that goes on from a clash can
// end where is_goal() holds, and the checker's dead-end rule refuses it.
TEST(SolutionCheck, RefusesAPlanThatGoesOnFromADeadEnd) {
  using Traits = PuzzleSuiteTraits<InstantInsanity>;
  const InstantInsanity start = Traits::cubes(Traits::kStackingCubes, true);
  InstantInsanity tower = start;
  std::vector<InstantInsanity::Move> plan = {0};
  tower.play(0);
  // The second cube turned so that a side shows a colour twice.
  for (InstantInsanity::Move turn = 1; turn < InstantInsanity::kOrientations; ++turn) {
    tower.play(turn);
    if (tower.is_dead_end()) {
      plan.push_back(turn);
      break;
    }
    tower.undo(turn);
  }
  ASSERT_EQ(plan.size(), 2u);
  for (const InstantInsanity::Move turn : {0, 0}) {
    tower.play(turn);
    plan.push_back(turn);
  }
  EXPECT_TRUE(tower.is_goal()) << tower.tower_text();
  expect_refused(start, plan, "move 3 goes on from a dead end");
}

}  // namespace
}  // namespace brudno::games::puzzle_suite
