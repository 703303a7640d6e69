#pragma once
// The game interface: a concept, so every search is compiled per game and the
// hot loop makes no virtual call. A game is one mutable position (the classic
// "hidden board"): play() and undo() update it incrementally, and the search
// never copies it inside the tree.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "engine/game_traits.hpp"
#include "engine/move_list.hpp"
#include "engine/score.hpp"
#include "engine/selectivity.hpp"

namespace brudno::engine {

// The outcome of a position, for the side to move (the classic `ter`).
enum class Status : std::uint8_t { kOngoing, kWon, kLost, kDrawn };

template <class G>
concept Game = requires(G game, const G& position, typename G::Move move,
                        MoveList<typename G::Move>& moves, std::string_view text) {
  requires std::is_trivially_copyable_v<typename G::Move>;
  requires sizeof(typename G::Move) <= sizeof(std::uint16_t);
  requires std::equality_comparable<typename G::Move>;
  requires std::copyable<G>;
  // Successors in a cheap natural order (the classic `successors`). A position
  // with no legal move whose status is still ongoing is a leaf of a finite tree
  // (the synthetic trees): its evaluate() is its exact value.
  { position.legal_moves(moves) } -> std::same_as<void>;
  { game.play(move) } -> std::same_as<void>;
  { game.undo(move) } -> std::same_as<void>;
  { position.status() } -> std::same_as<Status>;
  // Heuristic value for the side to move (the classic `imval`).
  { position.evaluate() } -> std::convertible_to<Score>;
  // Zobrist key, kept incrementally.
  { position.key() } -> std::same_as<std::uint64_t>;
  // 0 for the side that moves first in the game, 1 for the other: picks the clock.
  { position.side_to_move() } -> std::convertible_to<int>;
  // Text at the protocol boundary.
  { G::kName } -> std::convertible_to<std::string_view>;
  { G::start_position() } -> std::same_as<G>;
  { G::parse(text) } -> std::same_as<std::optional<G>>;
  { position.to_text() } -> std::same_as<std::string>;
  { position.to_display() } -> std::same_as<std::string>;
  { position.parse_move(text) } -> std::same_as<std::optional<typename G::Move>>;
  { G::move_text(move) } -> std::same_as<std::string>;
  // Its traits (engine/game_traits.hpp), read through traits_of() below.
  { G::kTraits } -> std::same_as<const GameTraits&>;
};

// Optional hooks: the search uses them when a game has them. A game has one
// by having its functions, and states each it has by a static_assert
// beside its class (static_assert(engine::HasMoveHints<ConnectFour>)), so
// that a function misspelt there fails to compile instead of leaving the
// search without the hook.

// Priority band for move ordering (captures, threats); higher is tried first.
template <class G>
concept HasMoveHints = Game<G> && requires(const G& position, typename G::Move move) {
  { position.move_hint(move) } -> std::convertible_to<int>;
};

// Shrinks the move list to moves that alone keep the minimax value: a winning
// move alone, a forced block alone. A search that must see every reply (a
// proof of the opponent's side) does not call it.
template <class G>
concept HasForcedMoves = Game<G> && requires(const G& position, MoveList<typename G::Move>& moves) {
  { position.keep_forced_moves(moves) } -> std::same_as<void>;
};

// An upper bound on the plies left until the game ends: a search that deep is exact.
template <class G>
concept HasPlyBound = Game<G> && requires(const G& position) {
  { position.max_plies_left() } -> std::convertible_to<int>;
};

// How soon the game can end from here, in plies: the side to move cannot win
// in fewer than `fastest_win` nor lose in fewer than `fastest_loss`. The search
// narrows its window with it before it looks anything up (Connect Four: no
// immediate win means no win before ply 3).
struct OutcomeHorizon {
  int fastest_win = 1;
  int fastest_loss = 0;
  // When the game is already decided: plies to the end, positive for a win of
  // the side to move, negative for a loss (+1: it wins now; -2: the opponent
  // wins next, whatever it does). 0 when not known.
  int decided = 0;
};

template <class G>
concept HasOutcomeHorizon = Game<G> && requires(const G& position) {
  { position.outcome_horizon() } -> std::same_as<OutcomeHorizon>;
};

// A status without move generation (chess: mate and stalemate need the move
// list). The search asks it for the game's draw rules at every node, with
// `ply` plies since the root, so that a repetition inside the search counts
// at once while one of the game's history before the root needs the rule's
// full count; a node with no legal move is then lost when in check and
// drawn when not. Games without it answer status() at every node.
template <class G>
concept HasRuleStatus = Game<G> && requires(const G& position, int ply) {
  { position.is_draw(ply) } -> std::same_as<bool>;
  { position.in_check() } -> std::same_as<bool>;
};

// A selective search (engine/selective_rules.hpp): a search that does not
// look at every move to the same depth. It prunes and reduces moves by what
// they are (captures, promotions, checks), settles their exchanges by static
// exchange evaluation (`see_ge`: does the move win at least `threshold` on
// its square?), and at the horizon goes on with the noisy moves only
// (captures and promotions; every move when in check), the side to move
// standing pat on evaluate() (quiescence). Its margins and depths are the
// game's own, `static constexpr engine::Selectivity kSelectivity`, in the
// game's evaluation units and tuned on its play (engine/selectivity.hpp).
// Games without these hooks are searched full width to the horizon.
template <class G>
concept HasSelectiveSearch = HasRuleStatus<G> &&
    requires(const G& position, typename G::Move move, MoveList<typename G::Move>& moves,
             int threshold) {
  { G::kSelectivity } -> std::convertible_to<Selectivity>;
  { position.noisy_moves(moves) } -> std::same_as<void>;
  { position.see_ge(move, threshold) } -> std::same_as<bool>;
  { position.is_capture(move) } -> std::same_as<bool>;
  { position.is_promotion(move) } -> std::same_as<bool>;
  { position.gives_check(move) } -> std::same_as<bool>;
};

// A move's slot by the piece that makes it and the square it goes to, one of
// kPieceToSlots, asked before the move is played: the continuation
// histories of the selective search (move_ordering.hpp) keep how a quiet
// move did after each move one and two plies before it by these slots.
template <class G>
concept HasPieceToSlots = Game<G> && requires(const G& position, typename G::Move move) {
  { G::kPieceToSlots } -> std::convertible_to<std::size_t>;
  { position.piece_to_slot(move) } -> std::convertible_to<std::size_t>;
};

// A capture's slot by the piece that makes it, its destination and what it
// takes, one of kCaptureSlots, asked before the move is played: the
// selective search's capture history (move_ordering.hpp) keeps how each
// did.
template <class G>
concept HasCaptureSlots = Game<G> && requires(const G& position, typename G::Move move) {
  { G::kCaptureSlots } -> std::convertible_to<std::size_t>;
  { position.capture_slot(move) } -> std::convertible_to<std::size_t>;
};

// A key of the part of the position that the static value's errors follow
// (chess: the pawns): the selective search's correction history
// (correction_history.hpp) corrects evaluate() by it.
template <class G>
concept HasCorrectionKey = Game<G> && requires(const G& position) {
  { position.correction_key() } -> std::convertible_to<std::uint64_t>;
};

// A null move (passing the turn) for null-move pruning, and whether the side
// to move has pieces besides pawns: without, zugzwang makes passing unsound.
template <class G>
concept HasNullMove = Game<G> && requires(G game, const G& position) {
  { game.play_null() } -> std::same_as<void>;
  { game.undo_null() } -> std::same_as<void>;
  { position.has_non_pawn_material() } -> std::same_as<bool>;
};

// Chance nodes (games with dice, 2048's tile spawns). At a chance node the
// next event is random: legal_moves() lists its outcomes, each with an
// integer weight (chance_weight(); its probability is the weight over the
// node's total), so that expected values are exact sums of integer products,
// never floats that drift. Decision nodes are as in every game, and whose
// turn it is comes from side_to_move() at each node: a child's value counts
// for its parent's side when both have the same side to move (a one-player
// game with chance never changes sides) and negated when they differ. A
// chance node's value is for its own side_to_move(). The search with chance
// nodes (expectiminimax with Star1 and Star2 pruning, engine/chance_worker.hpp)
// needs every leaf value, evaluate() at the horizon and at the end of the
// game alike, to lie within [kMinValue, kMaxValue], stated for side 0 (side 1
// sees them negated), and every node's total weight positive and at most
// kMaxChanceWeight. An outcome of weight 0 cannot happen: it counts for
// nothing, and the pruned searches leave it out.
inline constexpr std::uint32_t kMaxChanceWeight = 1U << 20;

template <class G>
concept HasChance = Game<G> && requires(const G& position, typename G::Move move) {
  { position.is_chance_node() } -> std::same_as<bool>;
  { position.chance_weight(move) } -> std::convertible_to<std::uint32_t>;
  { G::kMinValue } -> std::convertible_to<Score>;
  { G::kMaxValue } -> std::convertible_to<Score>;
};

// The game's traits, checked: each trait agrees with the functions the game
// has, and no trait is declared the old way, as a member of the game beside
// kTraits, where nothing would read it.
template <Game G>
constexpr const GameTraits& traits_of() {
  constexpr const GameTraits& traits = G::kTraits;
  static_assert(
      !requires { G::kPrefetchChildren; },
      "declare prefetch_children in the game's kTraits, not kPrefetchChildren");
  static_assert(
      !requires { G::kHistorySlots; },
      "declare history_slots in the game's kTraits, not kHistorySlots");
  static_assert(
      !requires { G::kAspirationWindow; },
      "declare aspiration_window in the game's kTraits, not kAspirationWindow");
  static_assert(
      !requires { G::kOnlyOutcomes; },
      "declare only_outcomes in the game's kTraits, not kOnlyOutcomes");
  static_assert((traits.history_slots != 0) ==
                    requires(typename G::Move move) {
                      { G::history_slot(move) } -> std::convertible_to<std::size_t>;
                    },
                "kTraits.history_slots and `static std::size_t history_slot(Move)` go together");
  static_assert(
      !requires { G::kSelectivity; } || HasSelectiveSearch<G>,
      "kSelectivity sets the selective search's margins: a game with it has the functions of "
      "HasSelectiveSearch");
  static_assert(traits.aspiration_window > 0, "kTraits.aspiration_window is a positive width");
  static_assert(!(traits.only_outcomes && HasChance<G>),
                "a game with chance nodes has expected values, not only outcomes");
  return traits;
}

// Whether a node asks for its children's table lines before it searches
// them (GameTraits::prefetch_children).
template <Game G>
constexpr bool prefetches_children() {
  return traits_of<G>().prefetch_children;
}

// Every exact value is a win, a loss or a draw (GameTraits::only_outcomes).
template <Game G>
constexpr bool has_only_outcomes() {
  return traits_of<G>().only_outcomes;
}

template <class G>
concept HasOnlyOutcomes = Game<G> && has_only_outcomes<G>();

// The margins and depths of a game's selective search.
template <HasSelectiveSearch G>
constexpr Selectivity selectivity() {
  return G::kSelectivity;
}

// The move as raw bits, for the transposition table and the history table.
template <Game G>
std::uint16_t move_bits(typename G::Move move) {
  std::uint16_t bits = 0;
  static_assert(sizeof(move) <= sizeof(bits));
  std::memcpy(&bits, &move, sizeof(move));
  return bits;
}

// The slots of the tables of move ordering indexed by move
// (GameTraits::history_slots): the game's own where it says how many,
// else one for each value of the move's bits.
template <Game G>
constexpr std::size_t history_slots() {
  if constexpr (traits_of<G>().history_slots != 0) {
    return traits_of<G>().history_slots;
  } else {
    return std::size_t{1} << (8 * sizeof(typename G::Move));
  }
}

template <Game G>
std::size_t history_slot(typename G::Move move) {
  if constexpr (traits_of<G>().history_slots != 0) {
    return G::history_slot(move);
  } else {
    return move_bits<G>(move);
  }
}

// The sizes of the ordering memory's tables for a game: the history
// slots, the piece-to slots of the continuation histories and the capture
// slots of the capture history (0 for a game without them).
struct OrderingShape {
  std::size_t history_slots = 0;
  std::size_t piece_to_slots = 0;
  std::size_t capture_slots = 0;
  bool correction = false;  // a correction history (HasCorrectionKey)
  bool operator==(const OrderingShape&) const = default;
};

template <Game G>
constexpr OrderingShape ordering_shape() {
  OrderingShape shape{history_slots<G>()};
  if constexpr (HasPieceToSlots<G>) shape.piece_to_slots = G::kPieceToSlots;
  if constexpr (HasCaptureSlots<G>) shape.capture_slots = G::kCaptureSlots;
  shape.correction = HasCorrectionKey<G>;
  return shape;
}

template <Game G>
typename G::Move move_from_bits(std::uint16_t bits) {
  typename G::Move move{};
  std::memcpy(&move, &bits, sizeof(move));
  return move;
}

}  // namespace brudno::engine
