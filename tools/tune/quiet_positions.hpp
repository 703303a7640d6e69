#pragma once
// The positions of a game that an evaluation tuner learns from. The static
// evaluation cannot see a capture about to happen, so a position counts only
// when it is quiet: the side to move is not in check, the move played from
// it neither captures nor promotes, and no capture there wins material by
// static exchange. The first plies after the opening are left out too: the
// opening book chose them, not the engines.

#include <functional>

#include "games/chess/chess.hpp"
#include "tools/tune/pgn_reader.hpp"

namespace brudno::tools::tune {

struct QuietFilter {
  int skip_plies = 8;  // plies after the game's start position that are not used
};

// Calls `visit` with each quiet position of `game`, in the order played.
void for_each_quiet_position(const PgnGame& game, const QuietFilter& filter,
                             const std::function<void(const games::Chess&)>& visit);

// The filter's test of one position and the move played from it.
bool is_quiet(const games::Chess& position, games::Chess::Move played);

}  // namespace brudno::tools::tune
