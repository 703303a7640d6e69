#pragma once
// The games brudno hosts, in the order `uci` lists them: the one list the
// session's games (protocol/game_list.hpp) and the conformance suite
// (tests/games/conformance_test.cpp) are made from. A new game is one entry
// here; tests/games/registry_test.cpp fails while a folder of games/ is
// named by no registry.

#include "engine/game.hpp"
#include "games/chess/chess.hpp"
#include "games/connect4/connect4.hpp"
#include "games/g2048/g2048.hpp"
#include "games/registry.hpp"
#include "games/synthetic/synthetic.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace brudno::games {

// A game carries its own name (kName).
template <engine::Game... Games>
using GameRegistry = Registry<Games...>;

using RegisteredGames = GameRegistry<Chess, TicTacToe, ConnectFour, SyntheticTree, Game2048>;

}  // namespace brudno::games
