#pragma once
// What only the protocol asks of a game, beyond the engine's Game concept:
// the text hooks a game may have at the protocol boundary. A game has one by
// having its functions (as with the engine's hooks, engine/game.hpp); the
// engine never sees any of them.

#include <atomic>
#include <optional>
#include <string>
#include <string_view>

#include "engine/game.hpp"

namespace brudno::protocol {

// `static std::optional<G> parse(std::string_view, std::string& fault)`: the
// game says what is wrong with a text it cannot read.
template <class G>
concept ExplainsBadPositions = requires(std::string_view text, std::string& fault) {
  { G::parse(text, fault) } -> std::same_as<std::optional<G>>;
};

// A Chess960 mode: `parse(text, fault, chess960)` and the standard start
// position's text, kStartFen.
template <class G>
concept HasChess960 = requires(std::string_view text, std::string& fault) {
  { G::parse(text, fault, true) } -> std::same_as<std::optional<G>>;
  { G::kStartFen } -> std::convertible_to<std::string_view>;
};

// `std::string write_move(Move) const`: the root writes the moves of its
// lines, their text depending on a mode of the position (Chess960 castling).
template <class G>
concept WritesMovesFromPosition = requires(const G& position, typename G::Move move) {
  { position.write_move(move) } -> std::same_as<std::string>;
};

// The game's own perft division, `perft_divide(G&, int depth, const
// std::atomic<bool>* abandoned)` found beside the game (chess counts its
// last ply in bulk).
template <class G>
concept HasOwnPerft = requires(G& position, int depth, const std::atomic<bool>* abandoned) {
  perft_divide(position, depth, abandoned);
};

// The protocol's traits of a game, read off its functions.
template <engine::Game G>
struct ProtocolTraits {
  static constexpr bool kExplainsBadPositions = ExplainsBadPositions<G>;
  static constexpr bool kChess960 = HasChess960<G>;
  static constexpr bool kWritesMovesFromPosition = WritesMovesFromPosition<G>;
  static constexpr bool kOwnPerft = HasOwnPerft<G>;
};

}  // namespace brudno::protocol
