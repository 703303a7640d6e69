#pragma once
// Route finding on a road map: the state is the city the traveller is in, a
// move is a road (its index on the map), its cost the road's length.

#include <cstdint>

#include "engine/move_list.hpp"
#include "engine/problem.hpp"
#include "games/romania/road_map.hpp"

namespace brudno::games {

class RouteProblem {
 public:
  using Move = std::uint8_t;
  using Cost = int;

  RouteProblem(const RoadMap& map, int from, int to) : map_(&map), city_(from), goal_(to) {}

  void successors(engine::MoveList<Move>& moves) const {
    for (const auto road : map_->roads_at(city_)) moves.push_back(road);
  }
  [[nodiscard]] Cost step_cost(Move road) const { return map_->road(road).km; }
  void play(Move road) { city_ = map_->road(road).other_end(city_); }
  void undo(Move road) { city_ = map_->road(road).other_end(city_); }
  [[nodiscard]] bool is_goal() const { return city_ == goal_; }
  [[nodiscard]] std::uint64_t key() const { return static_cast<std::uint64_t>(city_); }
  // Taking the same road again goes back.
  static Move inverse(Move road) { return road; }

  [[nodiscard]] int city() const { return city_; }
  [[nodiscard]] int goal() const { return goal_; }
  [[nodiscard]] const RoadMap& map() const { return *map_; }

 private:
  const RoadMap* map_;
  int city_;
  int goal_;
};

static_assert(engine::HasStepCosts<RouteProblem> && engine::HasKey<RouteProblem> &&
              engine::HasInverseMoves<RouteProblem>);

// The straight-line distance to the goal: admissible, and known only when the
// map's distances are measured to the goal city.
struct StraightLineDistance {
  int operator()(const RouteProblem& state) const {
    return state.map().straight_line_km(state.city());
  }
  static bool available(const RouteProblem& state) {
    return state.map().straight_line_target() == state.goal();
  }
};

// The cities of a path, the start first: "Arad Sibiu Fagaras Bucharest".
inline std::vector<int> cities_on(RouteProblem start, const std::vector<RouteProblem::Move>& path) {
  std::vector<int> cities{start.city()};
  for (const auto road : path) {
    start.play(road);
    cities.push_back(start.city());
  }
  return cities;
}

}  // namespace brudno::games
