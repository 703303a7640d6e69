#pragma once
// What `brudno selfplay` plays and keeps: the search's limit, the openings
// and random plies, the filters a training position must pass and the
// adjudication that ends games early (docs/nnue.md, "Training data").

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "games/chess/chess.hpp"

namespace brudno::tools::selfplay {

struct GameSettings {
  // The search of every move: a node count (the default) or a depth.
  std::optional<std::uint64_t> nodes = 5000;
  std::optional<int> depth;
  std::size_t hash_megabytes = 16;  // each game being played has its own table
  // Game g of a run with seed S draws its opening and random plies from a
  // generator seeded with S and g alone.
  std::uint64_t seed = 1;
  // Game g starts from openings[g % size], or the start position when empty.
  std::vector<games::Chess> openings;
  // The network that searches and scores (--nnue), null for the hand-written evaluation.
  const games::chess::nnue::Network* network = nullptr;
  int random_plies = 8;  // uniformly random legal plies after the opening
  int skip_plies = 8;    // plies after the random ones that are never kept
  // The opening-balance filter: while the first search after the random
  // plies scores at least `opening_bound` centipawns either way (or a mate),
  // the random plies are drawn again, `opening_tries` draws in all; a game
  // with no level draw is dropped, recording nothing. 0: no filter.
  int opening_bound = 100;
  int opening_tries = 8;

  // Filters: a position whose |score| reaches this (or any mate score) is left out.
  int score_bound = 3000;
  // Adjudication. Won when `resign_plies` scores in a row (both sides' searches)
  // give the same side at least `resign_score`.
  int resign_score = 1500;
  int resign_plies = 4;
  // Drawn from full move `draw_move` on when `draw_plies` scores in a row stay
  // under `draw_score` either way.
  int draw_move = 40;
  int draw_score = 10;
  int draw_plies = 8;
  // Drawn when this many plies are played after the opening position.
  int max_plies = 400;
};

}  // namespace brudno::tools::selfplay
