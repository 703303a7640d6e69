// The network's evaluation with its accumulators kept along the line.

#include "games/chess/eval/nnue/evaluate.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <vector>

#include "games/chess/eval/nnue/features.hpp"

namespace brudno::games::chess::nnue {
namespace {

// Walking further back than this to the last computed pair costs more than
// building the pair from the board (32 rows a perspective, against 2 to 4 a ply).
constexpr std::size_t kMaxWalkBack = 8;

DenseLayers dense_layers(const Network& net, const DenseStack& stack) {
  return DenseLayers{stack.l1_weight.data(),
                     stack.l1_weight_by_pair.data(),
                     stack.l1_bias.data(),
                     stack.l2_weight.data(),
                     stack.l2_weight_by_pair.data(),
                     stack.l2_bias.data(),
                     stack.out_weight.data(),
                     stack.out_bias,
                     net.hidden_padded,
                     net.l1_padded,
                     net.l2_padded,
                     net.activation_quant,
                     net.dense_shift};
}

// The rows a move adds and removes, from one perspective.
struct RowChanges {
  const std::int16_t* added[2];
  const std::int16_t* removed[2];
  int adds = 0;
  int removes = 0;
};

// The piece changes of a move (up to two pieces off and two on), given the
// position it was played in by the moved and captured pieces it recorded.
struct PieceChanges {
  struct Change {
    Piece piece;
    Square square;
  };
  Change off[2];
  Change on[2];
  int offs = 0;
  int ons = 0;
};

PieceChanges piece_changes(const Chess& position, const Chess::PlayedMove& played) {
  PieceChanges changes;
  if (played.moved == kNoPiece) return changes;  // a null move
  const Chess::Move move = played.move;
  const Color us = color_of(played.moved);
  if (move.kind() == Chess::Move::kCastling) {
    const bool long_side = file_of(move.to()) == 2;
    const Piece rook = make_piece(us, kRook);
    changes.off[changes.offs++] = {played.moved, move.from()};
    changes.off[changes.offs++] = {rook,
                                   position.castling_rook_square(castling_index(us, long_side))};
    changes.on[changes.ons++] = {played.moved, move.to()};
    changes.on[changes.ons++] = {rook, castling_rook_target(us, long_side)};
    return changes;
  }
  changes.off[changes.offs++] = {played.moved, move.from()};
  if (played.captured != kNoPiece) {
    const Square captured_on = move.kind() == Chess::Move::kEnPassant
                                   ? (us == kWhite ? move.to() - 8 : move.to() + 8)
                                   : move.to();
    changes.off[changes.offs++] = {played.captured, captured_on};
  }
  const Piece arriving =
      move.kind() == Chess::Move::kPromotion ? make_piece(us, move.promotion()) : played.moved;
  changes.on[changes.ons++] = {arriving, move.to()};
  return changes;
}

RowChanges rows_of(const Network& net, const PieceChanges& changes, Color perspective) {
  RowChanges rows;
  for (int i = 0; i < changes.ons; ++i)
    rows.added[rows.adds++] =
        net.feature_row(feature_index(perspective, changes.on[i].piece, changes.on[i].square));
  for (int i = 0; i < changes.offs; ++i)
    rows.removed[rows.removes++] =
        net.feature_row(feature_index(perspective, changes.off[i].piece, changes.off[i].square));
  return rows;
}

// The cache's pair of the current ply, brought up to date.
void update_cache(const Chess& position, const Network& net, SimdPath path) {
  AccumulatorCache& cache = position.nnue_cache();
  const std::size_t ply = position.history_length();
  cache.bind(net.id, net.hidden_padded);
  cache.make_room(ply);
  if (cache.computed(ply)) return;
  std::size_t from = ply;
  while (from > cache.base() && ply - from < kMaxWalkBack && !cache.computed(from)) --from;
  if (!cache.computed(from)) {
    build_accumulators(position, net, path, cache.accumulator(ply, kWhite),
                       cache.accumulator(ply, kBlack));
    cache.set_computed(ply);
    return;
  }
  for (std::size_t next = from + 1; next <= ply; ++next) {
    const PieceChanges changes = piece_changes(position, position.played_move(next - 1));
    for (const Color perspective : {kWhite, kBlack}) {
      const RowChanges rows = rows_of(net, changes, perspective);
      update_accumulator(path, cache.accumulator(next, perspective),
                         cache.accumulator(next - 1, perspective), rows.added, rows.adds,
                         rows.removed, rows.removes, net.hidden_padded);
    }
    cache.set_computed(next);
  }
}

}  // namespace

void build_accumulators(const Chess& position, const Network& net, SimdPath path,
                        std::int16_t* white, std::int16_t* black) {
  // At most 32 pieces; added in groups of four rows a pass.
  const std::int16_t* rows[2][32];
  int count = 0;
  for (Bitboard all = position.occupied(); all; all &= all - 1) {
    const Square square = lsb(all);
    const Piece piece = position.piece_on(square);
    rows[kWhite][count] = net.feature_row(feature_index(kWhite, piece, square));
    rows[kBlack][count] = net.feature_row(feature_index(kBlack, piece, square));
    ++count;
  }
  for (const Color perspective : {kWhite, kBlack}) {
    std::int16_t* out = perspective == kWhite ? white : black;
    const std::int16_t* in = net.ft_bias.data();
    for (int first = 0; first < count || first == 0; first += 4) {
      const int group = std::min(4, count - first);
      update_accumulator(path, out, in, rows[perspective] + first, group, nullptr, 0,
                         net.hidden_padded);
      in = out;
    }
  }
}

int score_from_accumulators(const Network& net, SimdPath path, int pieces, const std::int16_t* own,
                            const std::int16_t* other) {
  const DenseStack& stack = net.stack_for(pieces);
  const std::int32_t out =
      net.direct ? propagate_direct(path,
                                    DirectLayer{stack.out_weight.data(), stack.out_bias,
                                                net.hidden_padded, net.activation_quant},
                                    own, other)
                 : propagate(path, dense_layers(net, stack), own, other);
  const std::int64_t scaled = std::int64_t{out} * net.score_scale;
  return static_cast<int>(scaled / (std::int64_t{net.activation_quant} << net.dense_shift));
}

int evaluate(const Chess& position, const Network& net, SimdPath path) {
  update_cache(position, net, path);
  // The pairs the search reads are checked against the board in the debug
  // build (rules/sampled_check.hpp says which).
  assert(!sampled_check_due<SampledCheck::kAccumulators>() ||
         cached_accumulators_match_board(position, net));
  AccumulatorCache& cache = position.nnue_cache();
  const std::size_t ply = position.history_length();
  const auto us = static_cast<Color>(position.side_to_move());
  return score_from_accumulators(net, path, std::popcount(position.occupied()),
                                 cache.accumulator(ply, us), cache.accumulator(ply, ~us));
}

int evaluate_from_scratch(const Chess& position, const Network& net, SimdPath path) {
  const auto width = static_cast<std::size_t>(net.hidden_padded);
  std::vector<std::int16_t> pair(2 * width);
  build_accumulators(position, net, path, pair.data(), pair.data() + width);
  const auto us = static_cast<Color>(position.side_to_move());
  return score_from_accumulators(net, path, std::popcount(position.occupied()),
                                 pair.data() + us * width, pair.data() + (~us) * width);
}

bool cached_accumulators_match_board(const Chess& position, const Network& net) {
  const SimdPath path = engine_simd_path();
  update_cache(position, net, path);
  const auto width = static_cast<std::size_t>(net.hidden_padded);
  // The debug build checks evaluations with this: the engine's own
  // kernels (each is checked against the plain one by the tests, NnueSimd) and
  // a buffer kept per thread, so that the check costs a rebuild, not a plain
  // loop and an allocation under the sanitizers.
  thread_local std::vector<std::int16_t> pair;
  pair.resize(2 * width);
  build_accumulators(position, net, path, pair.data(), pair.data() + width);
  AccumulatorCache& cache = position.nnue_cache();
  const std::size_t ply = position.history_length();
  return std::equal(pair.begin(), pair.begin() + static_cast<std::ptrdiff_t>(width),
                    cache.accumulator(ply, kWhite)) &&
         std::equal(pair.begin() + static_cast<std::ptrdiff_t>(width), pair.end(),
                    cache.accumulator(ply, kBlack));
}

}  // namespace brudno::games::chess::nnue
