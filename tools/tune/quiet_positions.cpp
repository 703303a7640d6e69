#include "tools/tune/quiet_positions.hpp"

namespace brudno::tools::tune {

using games::Chess;

bool is_quiet(const Chess& position, Chess::Move played) {
  if (position.in_check() || position.is_capture(played) || Chess::is_promotion(played))
    return false;
  Chess::MoveList noisy;
  position.noisy_moves(noisy);
  for (const auto move : noisy) {
    if (position.see_ge(move, 1)) return false;
  }
  return true;
}

void for_each_quiet_position(const PgnGame& game, const QuietFilter& filter,
                             const std::function<void(const Chess&)>& visit) {
  Chess position = game.start;
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    const auto move = game.moves[ply];
    if (static_cast<int>(ply) >= filter.skip_plies && is_quiet(position, move)) visit(position);
    position.play(move);
  }
}

}  // namespace brudno::tools::tune
