// libFuzzer target: chess text. An input's first line is read as a FEN (the
// start position when it is refused) and every later word as a move in UCI
// notation, played when legal. Each position reached must print a FEN that
// reads back to itself with the same key, keep its key equal to one computed
// from scratch, and answer every hook without fault; the moves are then
// taken back, and the first position must come back exactly.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "games/chess/chess.hpp"

namespace {

using brudno::games::Chess;

void require(bool condition) {
  if (!condition) std::abort();
}

void check_position(const Chess& position) {
  const auto again = Chess::parse(position.to_text());
  require(again && again->to_text() == position.to_text() && again->key() == position.key());
  require(position.key() == position.compute_key());
  Chess::MoveList moves;
  Chess::MoveList noisy;
  position.legal_moves(moves);
  position.noisy_moves(noisy);
  require(noisy.size() <= moves.size());
  for (const Chess::Move move : moves) {
    require(position.parse_move(Chess::move_text(move)) == move);
    (void)position.see_ge(move, 0);
    (void)position.gives_check(move);
    (void)position.move_hint(move);
  }
  (void)position.status();
  (void)position.is_draw(4);
  (void)position.evaluate();
  (void)position.to_display();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t end_of_line = text.find('\n');
  std::string error;
  auto parsed = Chess::parse(text.substr(0, end_of_line), error);
  require(parsed.has_value() == error.empty());
  Chess position = parsed.value_or(Chess::start_position());
  const std::string first = position.to_text();
  const std::uint64_t first_key = position.key();
  check_position(position);

  std::vector<Chess::Move> played;
  std::string_view rest = end_of_line == std::string_view::npos ? "" : text.substr(end_of_line + 1);
  while (!rest.empty() && played.size() < 512) {
    const std::size_t space = rest.find_first_of(" \n");
    const std::string_view word = rest.substr(0, space);
    rest = space == std::string_view::npos ? "" : rest.substr(space + 1);
    const auto move = position.parse_move(word);
    if (!move) continue;
    position.play(*move);
    played.push_back(*move);
    check_position(position);
  }
  while (!played.empty()) {
    position.undo(played.back());
    played.pop_back();
  }
  require(position.to_text() == first && position.key() == first_key);
  return 0;
}
