// The df-pn half of MateSearch (mate_search.hpp says when it is used).
//
// A node is a position with the number of attacker moves left: the
// attacker to move with n left (an OR node: one move must mate within n),
// or the defender to move with n left after its reply (an AND node: every
// reply must leave a mate within n). Moves left only fall along a line, so
// the graph has no cycles and the numbers need no repetition handling.
// Solved attacker nodes go to the mate table as the depth-first search
// writes them (a proof of n holds for every n above, a disproof for every n
// below); the proof-number table keeps the rest.

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "games/chess/mate/mate_search.hpp"

namespace brudno::games::chess {
namespace {

constexpr std::uint32_t kInfinite = ProofNumbers::kInfinite;
// Attacker positions with this many moves left or fewer are solved depth
// first at once, and defender positions with kDepthFirstReplies: near the
// leaves the numbers choose little and cost a probe each.
constexpr int kDepthFirstMoves = 2;
constexpr int kDepthFirstReplies = 2;
// A defender solved depth first asks its children for a solved answer.
static_assert(kDepthFirstReplies <= kDepthFirstMoves);

ProofNumbers proved_in(int length) {
  assert(length >= 0 && length <= MateSearch::kMaxMoves);
  return ProofNumbers{0, kInfinite, static_cast<std::uint8_t>(length)};
}

ProofNumbers refuted() {
  return ProofNumbers{kInfinite, 0, 0};
}

// Sums stop below infinity: an unsolved node never reads as solved.
std::uint32_t add_capped(std::uint32_t a, std::uint32_t b) {
  return static_cast<std::uint32_t>(
      std::min<std::uint64_t>(std::uint64_t{a} + b, std::uint64_t{kInfinite} - 1));
}

// 1 + epsilon (Pawlewicz and Lew): the best child is searched until it
// looks a quarter worse than the second best, not merely worse, which
// spares most of the switching back and forth between near-equal children.
std::uint32_t second_best_limit(std::uint32_t second) {
  return static_cast<std::uint32_t>(
      std::min<std::uint64_t>(std::uint64_t{second} + second / 4 + 1, kInfinite));
}

std::uint64_t node_salt(std::uint64_t x) {
  x += 0x632BE59BD9B4E019ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// df-pn's step at either kind of node: the child easiest by one number
// (`Chosen`: the proof at an attacker's node, where one move must mate; the
// disproof at a defender's, where one reply must hold), the runner-up's
// number, which bounds the chosen child's search, and the other number
// over every child: summed, and as its largest plus one for each other
// child not yet settled by it.
struct Easiest {
  std::size_t index = 0;
  std::uint32_t first = ProofNumbers::kInfinite;
  std::uint32_t second = ProofNumbers::kInfinite;
  std::uint32_t sum = 0;
  std::uint32_t largest = 0;
  std::uint32_t open = 0;

  [[nodiscard]] std::uint32_t largest_plus_open() const {
    if (open == 0) return 0;
    if (largest >= kInfinite - 1) return largest;
    return add_capped(largest, open - 1);
  }
};

template <std::uint32_t ProofNumbers::*Chosen, std::uint32_t ProofNumbers::*Summed>
Easiest easiest_child(const ProofNumbers* children, std::size_t count) {
  Easiest easiest;
  for (std::size_t i = 0; i < count; ++i) {
    const ProofNumbers& child = children[i];
    easiest.sum = add_capped(easiest.sum, child.*Summed);
    easiest.largest = std::max(easiest.largest, child.*Summed);
    easiest.open += child.*Summed != 0;
    if (child.*Chosen < easiest.first) {
      easiest.second = easiest.first;
      easiest.first = child.*Chosen;
      easiest.index = i;
    } else if (child.*Chosen < easiest.second) {
      easiest.second = child.*Chosen;
    }
  }
  return easiest;
}

}  // namespace

std::uint64_t MateSearch::node_key(int moves, bool defender) const {
  return table_key() ^ node_salt(static_cast<std::uint64_t>(moves) * 2 + (defender ? 1 : 0));
}

bool MateSearch::prove_attack(int moves) {
  const ProofNumbers result = attacker_search(moves, kInfinite, kInfinite);
  return !aborted_ && result.proved();
}

int MateSearch::proved_length(int moves) const {
  const MateEntry* entry = table_.probe(table_key());
  return entry && entry->proved && entry->proved <= moves ? entry->proved : moves;
}

// Proving within N is quick where a mate exists; what costs is showing that
// none is shorter, done once, just below the length found, instead of for
// every length from one up.
std::optional<int> MateSearch::tighten(int moves) {
  if (moves < 1 || !attack(moves, 0)) return std::nullopt;
  int best = proved_length(moves);
  while (best > 1) {
    const bool shorter = attack(best - 1, 0);
    if (aborted_) return std::nullopt;
    if (!shorter) break;
    best = proved_length(best - 1);
  }
  return best;
}

std::optional<int> MateSearch::defender_shortest(int moves) {
  if (moves < 0) return std::nullopt;
  ProofNumbers result = defender_search(moves, kInfinite, kInfinite);
  if (aborted_ || !result.proved()) return std::nullopt;
  int best = result.length;
  while (best > 0) {
    result = defender_search(best - 1, kInfinite, kInfinite);
    if (aborted_) return std::nullopt;
    if (!result.proved()) break;
    best = result.length;
  }
  return best;
}

// The tables' buckets are fetched while the moves are generated: a probe
// that waits for memory is most of a leaf's cost otherwise.
ProofNumbers MateSearch::attacker_leaf(int moves) {
  // The fifty-move rule ends the game before the attacker moves.
  if (moves < 1 || position_.halfmove_clock() >= 100) return refuted();
  if (moves == 1) {
    // Only a check can mate, and whether one does is cheap to see: the
    // node is solved here, never expanded, and kept out of the table (to
    // test again costs about what a probe that misses the cache does).
    MoveList list;
    position_.checking_moves(list);
    for (const Move move : list) {
      position_.play(move);
      const bool mate = !position_.has_legal_move();
      position_.undo(move);
      if (mate) return proved_in(1);
    }
    return refuted();
  }
  const std::uint64_t key = table_key();
  table_.prefetch(key);
  if (moves <= kDepthFirstMoves) return attacker_depth_first(key, moves);
  const std::uint64_t numbers_key = node_key(moves, false);
  numbers_->prefetch(numbers_key);
  // Every move must be refuted: the fewer there are, the nearer the
  // disproof. A defence that checks, leaving the attacker only its check
  // evasions, is tried first.
  const std::size_t moves_here = position_.count_legal_moves();
  if (const MateEntry* entry = table_.probe(key)) {
    if (entry->proved && entry->proved <= moves) return proved_in(entry->proved);
    if (entry->disproved >= moves) return refuted();
  }
  if (const ProofNumberEntry* entry = numbers_->probe(numbers_key)) return entry->numbers();
  if (moves_here == 0) return refuted();  // the attacker is mated or stalemated
  return ProofNumbers{1, static_cast<std::uint32_t>(moves_here), 0};
}

// A mate in two or three is solved at once, depth first: each attacker move
// against every reply. Numbers would mostly pick the same moves at the price
// of a table probe for each.
ProofNumbers MateSearch::attacker_depth_first(std::uint64_t key, int moves) {
  MoveList list;
  position_.legal_moves(list);
  const MateEntry* entry = table_.probe(key);
  if (entry) {
    if (entry->proved && entry->proved <= moves) return proved_in(entry->proved);
    if (entry->disproved >= moves) return refuted();
  }
  order_attacks(list, entry ? entry->move : 0);
  for (const Move move : list) {
    position_.play(move);
    const ProofNumbers after = defender_leaf(moves - 1);
    position_.undo(move);
    if (after.proved()) {
      table_.store_proved(key, after.length + 1, move);
      return proved_in(after.length + 1);
    }
  }
  table_.store_disproved(key, moves);
  return refuted();
}

// The reply that leaves the attacker fewest moves first (a check, say):
// the attacker's mate after it is the quickest to refute.
void MateSearch::order_by_attacker_moves(MoveList& list) {
  sort_moves(list, [&](Move move) {
    position_.play(move);
    const auto attacker_moves = static_cast<int>(position_.count_legal_moves());
    position_.undo(move);
    return -attacker_moves;
  });
}

// Each reply in turn against the attacker's depth-first mate, until one escapes.
ProofNumbers MateSearch::defender_depth_first(int moves) {
  MoveList list;
  position_.legal_moves(list);
  if (list.empty()) return position_.in_check() ? proved_in(0) : refuted();  // or stalemate
  if (position_.halfmove_clock() >= 100) return refuted();                   // not mated
  order_by_attacker_moves(list);
  int longest = 0;
  for (const Move move : list) {
    position_.play(move);
    const ProofNumbers after = attacker_leaf(moves);
    position_.undo(move);
    if (!after.proved()) return refuted();
    longest = std::max<int>(longest, after.length);
  }
  return proved_in(longest);
}

ProofNumbers MateSearch::defender_leaf(int moves) {
  if (moves == 1) return defender_one_move();
  if (moves <= kDepthFirstReplies) return defender_depth_first(moves);
  const std::uint64_t numbers_key = node_key(moves, true);
  numbers_->prefetch(numbers_key);
  const std::size_t replies = position_.count_legal_moves();
  if (replies == 0) return position_.in_check() ? proved_in(0) : refuted();  // or stalemate
  if (moves < 1 || position_.halfmove_clock() >= 100) return refuted();      // not mated
  if (const ProofNumberEntry* entry = numbers_->probe(numbers_key)) return entry->numbers();
  // Every reply must be answered: the fewer there are, the nearer the mate.
  return ProofNumbers{static_cast<std::uint32_t>(replies), 1, 0};
}

// With one attacker move left after the reply, every reply is tried for a
// mate in one until one escapes, without numbers or their table: these
// are the most numerous nodes, and a probe that misses the cache costs
// about as much as a mate in one. The answer is the same in any order;
// the likeliest escapes go first (taking a piece, a king's move), picked
// in passes rather than sorted, since the first reply tried usually escapes.
ProofNumbers MateSearch::defender_one_move() {
  const auto escapes = [&](Move move) {
    position_.play(move);
    const bool mated = attacker_leaf(1).proved();
    position_.undo(move);
    if (!mated) last_escape_ = move;
    return !mated;
  };
  // The reply that escaped last time mostly escapes the attacker's next try
  // as well: tried first, before the replies are even listed.
  const Move last = last_escape_;
  const bool tried_last = position_.is_legal_plain(last);
  if (tried_last && escapes(last)) return refuted();
  MoveList list;
  position_.legal_moves(list);
  if (list.empty()) return position_.in_check() ? proved_in(0) : refuted();  // or stalemate
  if (position_.halfmove_clock() >= 100) return refuted();                   // not mated
  const Square king = position_.king_square(static_cast<Color>(position_.side_to_move()));
  const auto pass = [&](auto in_pass) {
    for (const Move move : list) {
      if (in_pass(move) && !(tried_last && move == last) && escapes(move)) return true;
    }
    return false;
  };
  const auto first = [&](Move move) { return position_.is_capture(move); };
  const auto second = [&](Move move) { return !first(move) && move.from() == king; };
  const auto rest = [&](Move move) { return !first(move) && move.from() != king; };
  if (pass(first) || pass(second) || pass(rest)) return refuted();
  return proved_in(1);
}

ProofNumbers MateSearch::attacker_search(int moves, std::uint32_t proof_limit,
                                         std::uint32_t disproof_limit) {
  const ProofNumbers known = attacker_leaf(moves);
  if (known.solved() || known.proof >= proof_limit || known.disproof >= disproof_limit)
    return known;
  return expand_attacker(moves, proof_limit, disproof_limit);
}

ProofNumbers MateSearch::defender_search(int moves, std::uint32_t proof_limit,
                                         std::uint32_t disproof_limit) {
  const ProofNumbers known = defender_leaf(moves);
  if (known.solved() || known.proof >= proof_limit || known.disproof >= disproof_limit)
    return known;
  return expand_defender(moves, proof_limit, disproof_limit);
}

ProofNumbers MateSearch::expand_attacker(int moves, std::uint32_t proof_limit,
                                         std::uint32_t disproof_limit) {
  assert(moves >= 2);
  ++nodes_;
  if (poll_stop()) return ProofNumbers{};
  const std::uint64_t key = table_key();
  MoveList list;
  position_.legal_moves(list);
  if (list.empty()) {  // the attacker is mated or stalemated
    table_.store_disproved(key, moves);
    return refuted();
  }
  const MateEntry* entry = table_.probe(key);
  order_attacks(list, entry ? entry->move : 0);
  const std::size_t base = children_.size();
  const std::size_t count = list.size();
  for (std::size_t i = 0; i < count; ++i) {
    position_.play(list[i]);
    const ProofNumbers child = defender_leaf(moves - 1);
    position_.undo(list[i]);
    if (child.proved()) {
      children_.resize(base);
      table_.store_proved(key, child.length + 1, list[i]);
      return proved_in(child.length + 1);
    }
    children_.push_back(child);
  }

  ProofNumbers result;
  for (;;) {
    // One move must mate: the node's proof is its easiest child's, its
    // disproof all of theirs.
    const Easiest easiest =
        easiest_child<&ProofNumbers::proof, &ProofNumbers::disproof>(&children_[base], count);
    const std::size_t best = easiest.index;
    const std::uint32_t best_proof = easiest.first;
    const std::uint32_t second_proof = easiest.second;
    // Every move must be refuted, but the refutations share much (the
    // same replies, positions reached in another order): summed, the
    // attacker's many moves make a node look far harder to refute than it
    // is and the search turns away from it. The largest plus the count of the
    // others (a known remedy for df-pn's double counting) measured 1.3 to
    // 1.5 times faster on the mates in 7 and 8.
    const std::uint32_t disproof = easiest.largest_plus_open();
    if (best_proof == 0) {
      result = proved_in(children_[base + best].length + 1);
      table_.store_proved(key, result.length, list[best]);
      break;
    }
    if (disproof == 0) {
      result = refuted();
      table_.store_disproved(key, moves);
      break;
    }
    result = ProofNumbers{best_proof, disproof, 0};
    if (result.proof >= proof_limit || result.disproof >= disproof_limit) break;
    const ProofNumbers chosen = children_[base + best];
    position_.play(list[best]);
    const ProofNumbers searched =
        defender_search(moves - 1, std::min(proof_limit, second_best_limit(second_proof)),
                        chosen.disproof + (disproof_limit - disproof));
    position_.undo(list[best]);
    if (aborted_) break;
    children_[base + best] = searched;
  }
  children_.resize(base);
  if (!aborted_) numbers_->store(node_key(moves, false), result);
  return result;
}

ProofNumbers MateSearch::expand_defender(int moves, std::uint32_t proof_limit,
                                         std::uint32_t disproof_limit) {
  assert(moves >= 1);
  ++nodes_;
  if (poll_stop()) return ProofNumbers{};
  MoveList list;
  position_.legal_moves(list);
  assert(!list.empty());  // defender_leaf settles mate and stalemate
  // Children solved at once are tried in this order until one escapes.
  if (moves <= kDepthFirstMoves) {
    order_by_attacker_moves(list);
  } else {
    order_defences(list, 0);
  }
  const std::size_t base = children_.size();
  const std::size_t count = list.size();
  for (std::size_t i = 0; i < count; ++i) {
    position_.play(list[i]);
    const ProofNumbers child = attacker_leaf(moves);
    position_.undo(list[i]);
    if (child.disproved()) {
      children_.resize(base);
      numbers_->store(node_key(moves, true), refuted());
      return refuted();
    }
    children_.push_back(child);
  }

  ProofNumbers result;
  for (;;) {
    // Every reply must be mated: the node's proof is all of theirs, its
    // disproof the easiest child's.
    const Easiest easiest =
        easiest_child<&ProofNumbers::disproof, &ProofNumbers::proof>(&children_[base], count);
    const std::size_t best = easiest.index;
    const std::uint32_t best_disproof = easiest.first;
    const std::uint32_t second_disproof = easiest.second;
    const std::uint32_t proof = easiest.sum;
    if (proof == 0) {
      // Every reply mated: the node's mate is its longest defence's.
      int longest = 0;
      for (std::size_t i = 0; i < count; ++i) {
        longest = std::max<int>(longest, children_[base + i].length);
      }
      result = proved_in(longest);
      break;
    }
    if (best_disproof == 0) {
      result = refuted();
      break;
    }
    result = ProofNumbers{proof, best_disproof, 0};
    if (result.proof >= proof_limit || result.disproof >= disproof_limit) break;
    const ProofNumbers chosen = children_[base + best];
    position_.play(list[best]);
    const ProofNumbers searched =
        attacker_search(moves, chosen.proof + (proof_limit - proof),
                        std::min(disproof_limit, second_best_limit(second_disproof)));
    position_.undo(list[best]);
    if (aborted_) break;
    children_[base + best] = searched;
  }
  children_.resize(base);
  if (!aborted_) numbers_->store(node_key(moves, true), result);
  return result;
}

}  // namespace brudno::games::chess
