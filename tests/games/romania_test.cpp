// Route finding on the textbook's Romania map: every strategy's route, cost
// and order of expansion, against the book's figures and traces (Russell and
// Norvig, 3rd ed., figures 3.15, 3.23 and 3.24) and, where the book gives no
// trace, against the order its conventions imply (worked out in the comments).

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "engine/single_agent/best_first.hpp"
#include "engine/single_agent/breadth_first.hpp"
#include "engine/single_agent/depth_first.hpp"
#include "engine/single_agent/ida_star.hpp"
#include "games/romania/route_problem.hpp"

namespace brudno::games {
namespace {

const std::string kMapFile = std::string(BRUDNO_SHARED_DATA) + "/puzzles/romania.txt";

class Romania : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kMapFile)) GTEST_SKIP() << "no map at " << kMapFile;
    auto loaded = RoadMap::load(kMapFile);
    ASSERT_TRUE(std::holds_alternative<RoadMap>(loaded)) << std::get<std::string>(loaded);
    map_ = std::get<RoadMap>(std::move(loaded));
  }

  RouteProblem route(std::string_view from, std::string_view to) const {
    return RouteProblem(*map_, *map_->find(from), *map_->find(to));
  }

  std::string names(const std::vector<int>& cities) const {
    std::string text;
    for (const int city : cities) text += (text.empty() ? "" : " ") + map_->name(city);
    return text;
  }

  std::string route_text(const RouteProblem& start,
                         const engine::OutcomeOf<RouteProblem>& outcome) {
    return names(cities_on(start, outcome.path));
  }

  // A trace that records the city of every expanded state.
  struct Expansions {
    std::vector<int>* cities;
    void operator()(const RouteProblem& state) const { cities->push_back(state.city()); }
  };

  std::optional<RoadMap> map_;
};

TEST_F(Romania, TheMapAsPublished) {
  EXPECT_EQ(map_->cities(), 20);
  EXPECT_EQ(map_->road_count(), 23);
  int total = 0;
  for (int road = 0; road < map_->road_count(); ++road) total += map_->road(road).km;
  EXPECT_EQ(total, 2483);
  ASSERT_TRUE(map_->straight_line_target());
  EXPECT_EQ(map_->name(*map_->straight_line_target()), "Bucharest");
  EXPECT_EQ(map_->find("Rimnicu Vilcea"), map_->find("Rimnicu_Vilcea"));
  EXPECT_FALSE(map_->find("Paris"));
}

TEST_F(Romania, UniformCostFindsTheShortestRouteInOrderOfPathCost) {
  std::vector<int> expanded;
  const auto start = route("Arad", "Bucharest");
  const auto outcome = engine::uniform_cost_search(start, {}, Expansions{&expanded});
  ASSERT_TRUE(outcome.solved);
  EXPECT_EQ(outcome.cost, 418);
  EXPECT_EQ(route_text(start, outcome), "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest");
  // g: 0, 75, 118, 140, 146, 220, 229, 239, 299, 317, 366, 374; then Bucharest
  // comes up at 418 and is the goal (no ties on the way).
  EXPECT_EQ(names(expanded),
            "Arad Zerind Timisoara Sibiu Oradea Rimnicu_Vilcea Lugoj Fagaras Mehadia Pitesti "
            "Craiova Drobeta");
}

TEST_F(Romania, UniformCostFromSibiuAsInTheBook) {
  // Figure 3.15's example: Rimnicu Vilcea (80), Fagaras (99), Pitesti (177),
  // and Bucharest taken at 278, not at 310 through Fagaras. The book draws only
  // part of the map; on the whole map Arad, Oradea, Zerind, Craiova and
  // Timisoara also come up below 278.
  std::vector<int> expanded;
  const auto start = route("Sibiu", "Bucharest");
  const auto outcome = engine::uniform_cost_search(start, {}, Expansions{&expanded});
  ASSERT_TRUE(outcome.solved);
  EXPECT_EQ(outcome.cost, 278);
  EXPECT_EQ(route_text(start, outcome), "Sibiu Rimnicu_Vilcea Pitesti Bucharest");
  EXPECT_EQ(names(expanded),
            "Sibiu Rimnicu_Vilcea Fagaras Arad Oradea Pitesti Zerind Craiova Timisoara");
}

TEST_F(Romania, GreedyBestFirstGoesThroughFagaras) {
  // Figure 3.23: Arad, Sibiu (253), Fagaras (176), Bucharest (0).
  std::vector<int> expanded;
  const auto start = route("Arad", "Bucharest");
  const auto outcome =
      engine::greedy_best_first_search(start, StraightLineDistance{}, {}, Expansions{&expanded});
  ASSERT_TRUE(outcome.solved);
  EXPECT_EQ(outcome.cost, 450);
  EXPECT_EQ(route_text(start, outcome), "Arad Sibiu Fagaras Bucharest");
  EXPECT_EQ(names(expanded), "Arad Sibiu Fagaras");
}

TEST_F(Romania, AStarExpandsAsInFigure3_24) {
  // f: Arad 366, Sibiu 393, Rimnicu Vilcea 413, Fagaras 415, Pitesti 417,
  // then Bucharest at 418 (it was in the frontier at 450 through Fagaras).
  std::vector<int> expanded;
  const auto start = route("Arad", "Bucharest");
  const auto outcome =
      engine::a_star_search(start, StraightLineDistance{}, {}, Expansions{&expanded});
  ASSERT_TRUE(outcome.solved);
  EXPECT_EQ(outcome.cost, 418);
  EXPECT_EQ(route_text(start, outcome), "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest");
  EXPECT_EQ(names(expanded), "Arad Sibiu Rimnicu_Vilcea Fagaras Pitesti");
  EXPECT_EQ(outcome.expanded, 5u);
}

TEST_F(Romania, WeightedAStarStaysWithinItsWeight) {
  for (const double weight : {1.0, 1.5, 2.0, 5.0}) {
    const auto outcome = engine::best_first_search(
        route("Arad", "Bucharest"), engine::weighted_a_star(weight), StraightLineDistance{});
    ASSERT_TRUE(outcome.solved) << weight;
    EXPECT_LE(outcome.cost, weight * 418) << weight;
    EXPECT_GE(outcome.cost, 418) << weight;
  }
}

TEST_F(Romania, BreadthFirstTestsAtGenerationAndFindsTheFewestRoads) {
  // The successors in the textbook code's order: Arad's are Zerind, Sibiu,
  // Timisoara; Fagaras generates Bucharest, the goal, when it is expanded.
  std::vector<int> expanded;
  const auto start = route("Arad", "Bucharest");
  const auto outcome = engine::breadth_first_search(start, {}, Expansions{&expanded});
  ASSERT_TRUE(outcome.solved);
  EXPECT_EQ(outcome.cost, 450);
  EXPECT_EQ(route_text(start, outcome), "Arad Sibiu Fagaras Bucharest");
  EXPECT_EQ(names(expanded), "Arad Zerind Sibiu Timisoara Oradea Fagaras");
  EXPECT_EQ(outcome.generated, 16u);  // 1 + 3 + 2 + 4 + 2 + 2 + 2
}

TEST_F(Romania, DepthFirstTakesTheFirstRoadFirst) {
  // Zerind first, then Oradea, Sibiu (Arad is explored), Fagaras, Bucharest.
  std::vector<int> expanded;
  auto start = route("Arad", "Bucharest");
  const auto outcome = engine::depth_first_search(start, {}, Expansions{&expanded});
  ASSERT_TRUE(outcome.solved);
  EXPECT_EQ(route_text(start, outcome), "Arad Zerind Oradea Sibiu Fagaras Bucharest");
  EXPECT_EQ(outcome.cost, 75 + 71 + 151 + 99 + 211);
  EXPECT_EQ(names(expanded), "Arad Zerind Oradea Sibiu Fagaras");
  EXPECT_EQ(start.city(), *map_->find("Arad"));  // back where it started
}

TEST_F(Romania, IterativeDeepeningFindsTheFewestRoads) {
  // Limits 0, 1 and 2 find nothing; at 3, Arad-Zerind-Oradea-Sibiu is cut
  // and Arad-Sibiu-Fagaras-Bucharest found.
  std::vector<int> expanded;
  auto start = route("Arad", "Bucharest");
  const auto outcome = engine::iterative_deepening_search(start, {}, Expansions{&expanded});
  ASSERT_TRUE(outcome.solved);
  EXPECT_EQ(outcome.iterations, 4);
  EXPECT_EQ(route_text(start, outcome), "Arad Sibiu Fagaras Bucharest");
  EXPECT_EQ(outcome.cost, 450);
  EXPECT_EQ(names(expanded),
            "Arad "                               // limit 1
            "Arad Zerind Sibiu Timisoara "        // limit 2
            "Arad Zerind Oradea Sibiu Fagaras");  // limit 3, up to the goal
  const auto limited = engine::depth_limited_search(start, 2);
  EXPECT_FALSE(limited.solved);
}

TEST_F(Romania, IdaStarAgreesWithAStar) {
  auto start = route("Arad", "Bucharest");
  std::vector<int> bounds;
  const auto outcome = engine::ida_star_search(start, StraightLineDistance{}, {}, engine::NoTrace{},
                                               [&](int bound) { bounds.push_back(bound); });
  ASSERT_TRUE(outcome.solved);
  EXPECT_EQ(outcome.cost, 418);
  EXPECT_EQ(route_text(start, outcome), "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest");
  // Each pass's bound is the least f that went over the last: 366, then
  // Sibiu's 393, Rimnicu Vilcea's 413, Fagaras' 415, Pitesti's 417, 418.
  EXPECT_EQ(bounds, (std::vector<int>{366, 393, 413, 415, 417, 418}));
}

TEST_F(Romania, EveryOptimalStrategyAgreesWithFloydWarshall) {
  // The reference: all-pairs shortest distances by Floyd-Warshall.
  const int n = map_->cities();
  std::vector<std::vector<int>> distance(n, std::vector<int>(n, 1 << 29));
  for (int city = 0; city < n; ++city) distance[city][city] = 0;
  for (int road = 0; road < map_->road_count(); ++road) {
    const auto& [a, b, km] = map_->road(road);
    distance[a][b] = distance[b][a] = std::min(distance[a][b], km);
  }
  for (int via = 0; via < n; ++via) {
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b)
        distance[a][b] = std::min(distance[a][b], distance[a][via] + distance[via][b]);
    }
  }
  const int bucharest = *map_->find("Bucharest");
  for (int from = 0; from < n; ++from) {
    for (int to = 0; to < n; ++to) {
      RouteProblem start(*map_, from, to);
      const auto dijkstra = engine::uniform_cost_search(start);
      ASSERT_TRUE(dijkstra.solved);
      EXPECT_EQ(dijkstra.cost, distance[from][to]) << map_->name(from) << " " << map_->name(to);
      // Breadth-first and iterative deepening agree on the number of roads.
      EXPECT_EQ(engine::breadth_first_search(start).path.size(),
                engine::iterative_deepening_search(start).path.size());
    }
    RouteProblem start(*map_, from, bucharest);
    ASSERT_TRUE(StraightLineDistance::available(start));
    EXPECT_EQ(engine::a_star_search(start, StraightLineDistance{}).cost, distance[from][bucharest]);
    EXPECT_EQ(engine::ida_star_search(start, StraightLineDistance{}).cost,
              distance[from][bucharest]);
  }
}

TEST(RoadMapText, BadMapsAreRejectedNamingTheLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"road A B 5\nroad A\n", "line 2: expected 'road CITY1 CITY2 KM'"},
      {"road A B five\n", "line 1: 'five' is not a distance in km"},
      {"road A B -5\n", "line 1: '-5' is not a distance in km"},
      {"road A A 5\n", "line 1: a road from A to itself"},
      {"road A B 5\nroad B A 6\n", "line 2: a second road between B and A"},
      {"road A B 5\nsld A 5\n", "no straight-line distance for B"},
      {"road A B 5\nsld A 5\nsld B 4\n", "no city at straight-line distance 0 (the destination)"},
      {"road A B 5\nflight A B 1\n", "line 2: unknown record 'flight' (expected 'road' or 'sld')"},
      {"", "no roads"},
  };
  for (const auto& [text, message] : cases) {
    std::istringstream in(text);
    const auto parsed = RoadMap::parse(in);
    ASSERT_TRUE(std::holds_alternative<std::string>(parsed)) << text;
    EXPECT_EQ(std::get<std::string>(parsed), message);
  }
}

}  // namespace
}  // namespace brudno::games
