#pragma once
// The exact mate search behind `go mate N` and `brudno mate`: does the side
// to move force checkmate within N of its own moves, and by which first
// moves? Unlike the main search it prunes nothing it cannot prove: at the
// attacker's nodes it tries moves (checks first) until one forces mate, at
// the defender's it searches every legal reply, and its table keeps for each
// position the fewest moves within which a mate was proved and the most
// within which none exists. With one move left only checks are tried, the
// only moves that can mate.
//
// Two methods answer "does the attacker mate within n?". Depth-first
// proof-number search (df-pn, Nagai 2002, with the 1 + epsilon thresholds of
// Pawlewicz and Lew) is the default: it expands next the node that looks
// cheapest to settle, counting the defender's replies after each attacker
// move (fewer replies, closer to mate) and, to refute, the defence that
// looks easiest to hold; the last plies (a mate in two, a defender with
// two moves left against it) are solved depth first, where numbers would
// choose little and cost a table probe each. The shortest mate is then
// found by proving a mate within N first and asking again below the length
// of the mate found, until none exists. The plain depth-first search,
// deepening from mate in one, is kept as the tests' oracle.
//
// The repetition rule is not looked at: a mate that repeats a position has a
// shorter one that does not (the shortest mate from a position only shrinks
// along its lines), so repetitions never change the answer. The fifty-move
// rule is, and where the root's clock is near it the clock is in the table key.

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "games/chess/chess.hpp"
#include "games/chess/mate/growing_buckets.hpp"
#include "games/chess/mate/proof_number_table.hpp"

namespace brudno::games::chess {

using MoveList = Chess::MoveList;

// What the table knows of one position with the attacker to move.
struct MateEntry {
  std::uint64_t key = 0;
  std::uint16_t move = 0;      // a first move of the proved mate
  std::uint8_t proved = 0;     // a mate within this many moves is proved (0: none)
  std::uint8_t disproved = 0;  // no mate within this many moves (0: nothing known)

  [[nodiscard]] bool empty() const { return proved == 0 && disproved == 0; }
};

class MateTable {
 public:
  // At most `megabytes`, grown to it as entries are stored (growing_buckets.hpp).
  explicit MateTable(std::size_t megabytes) : buckets_(megabytes) {}
  [[nodiscard]] const MateEntry* probe(std::uint64_t key) const;
  // Starts loading the bucket of `key`, to be probed after other work.
  void prefetch(std::uint64_t key) const { buckets_.prefetch(key); }
  void store_proved(std::uint64_t key, int moves, Move move);
  void store_disproved(std::uint64_t key, int moves);
  // Forgets everything (a new game): what it holds stays true, but takes memory.
  void clear() { buckets_.clear(); }

 private:
  static constexpr std::size_t kWays = 4;
  // The entry of `key`, else an empty one, else the cheapest to lose; and
  // whether it was empty.
  std::pair<MateEntry*, bool> slot_for(std::uint64_t key);
  GrowingBuckets<MateEntry, kWays> buckets_;
};

class MateSearch {
 public:
  // The longest mate asked for: the table keeps move counts in a byte and
  // the proof's plies stay well inside engine::kMaxPly.
  static constexpr int kMaxMoves = 50;

  struct Key {
    Move move;
    int moves = 0;  // the shortest mate this first move forces
  };

  enum class Method {
    kProofNumbers,  // df-pn, proving then tightening: the fast one
    kDepthFirst,    // depth-first, deepening from mate in one: the oracle
  };

  // With a table of its own, or one kept from search to search: what a
  // table holds is true of the position whatever the search that found it.
  MateSearch(const Chess& root, const std::atomic<bool>& stop, std::size_t table_megabytes = 64,
             Method method = Method::kProofNumbers);
  // Its proof-number table grows to `numbers_megabytes` at most.
  MateSearch(const Chess& root, const std::atomic<bool>& stop, MateTable& table,
             Method method = Method::kProofNumbers, std::size_t numbers_megabytes = 64);

  // The fewest moves within which the side to move mates, at most `moves`;
  // nothing when there is no such mate or the search was stopped (stopped()).
  std::optional<int> shortest_mate(int moves);
  // A first move of a shortest mate within `moves`, and its length.
  std::optional<Key> first_key(int moves);
  // Every first move that mates within `moves`, with its shortest mate,
  // shortest first (ties in move generation order).
  std::vector<Key> all_keys(int moves);

  // --- on the current position, for the proof and the reported line ---------
  [[nodiscard]] Chess& position() { return position_; }
  // Does the side to move (the attacker) mate within `moves` moves?
  bool attacker_mates(int moves);
  // With the defender to move: is it mated now (`moves` 0) or does every
  // reply leave the attacker a mate within `moves`?
  bool defender_mated(int moves);
  // The fewest moves, at most `moves`, within which the attacker mates.
  std::optional<int> distance(int moves);
  // Whether the attacker mates within `moves`, and the fewest moves of a
  // mate proved so far (a bound, not always the shortest): for a proof,
  // whose inner positions need a mate, not the shortest one.
  std::optional<int> mate_within(int moves);
  // A move after which the defender is mated within `moves` - 1 more moves.
  std::optional<Move> mating_move(int moves);

  [[nodiscard]] bool stopped() const { return aborted_; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }

 private:
  bool attack(int moves, int ply);
  bool defend(int moves, int ply);
  [[nodiscard]] std::uint64_t table_key() const;
  // Whether the fifty-move rule can decide a question of `moves` moves from
  // the current position: then the clock is part of the table's key.
  void watch_clock_for(int moves);
  bool poll_stop();
  // Orders the attacker's moves: the table's move, checks, captures, then by history.
  void order_attacks(MoveList& moves, std::uint16_t table_move) const;
  // Sorts `moves` by `score(move)`, highest first, keeping generation order
  // among equals. By insertion: the lists are short, and std::stable_sort
  // took a heap buffer at every node.
  template <class Score>
  static void sort_moves(MoveList& moves, Score score) {
    std::array<std::pair<int, Move>, engine::kMaxMoves> scored;
    const std::size_t count = moves.size();
    for (std::size_t i = 0; i < count; ++i) {
      const std::pair<int, Move> item{score(moves[i]), moves[i]};
      std::size_t j = i;
      for (; j > 0 && scored[j - 1].first < item.first; --j) scored[j] = scored[j - 1];
      scored[j] = item;
    }
    for (std::size_t i = 0; i < count; ++i) moves[i] = scored[i].second;
  }
  void order_defences(MoveList& moves, int ply) const;

  // --- df-pn (mate_proof_numbers.cpp) ----------------------------------------
  // The attacker to move: is there a mate within `moves`? Solved to the end.
  bool prove_attack(int moves);
  // The defender to move: the fewest attacker moves within which every reply
  // is mated, at most `moves`, or nothing.
  std::optional<int> defender_shortest(int moves);
  // The shortest mate from the current position (attacker to move), proving first.
  std::optional<int> tighten(int moves);
  // The fewest moves of a mate proved for the current position, at most `moves`.
  [[nodiscard]] int proved_length(int moves) const;
  // A node's numbers from what is known without expanding it: the tables,
  // the rules, a mate in one (tried at once), else a first estimate.
  ProofNumbers attacker_leaf(int moves);
  ProofNumbers defender_leaf(int moves);
  // The defender to move, one attacker move left after its reply: solved at once.
  ProofNumbers defender_one_move();
  // The attacker to move with two moves left (table key `key`): solved at once.
  ProofNumbers attacker_depth_first(std::uint64_t key, int moves);
  ProofNumbers defender_depth_first(int moves);
  void order_by_attacker_moves(MoveList& list);
  // Expands the node until its numbers reach a threshold or it is solved.
  ProofNumbers attacker_search(int moves, std::uint32_t proof_limit, std::uint32_t disproof_limit);
  ProofNumbers defender_search(int moves, std::uint32_t proof_limit, std::uint32_t disproof_limit);
  ProofNumbers expand_attacker(int moves, std::uint32_t proof_limit, std::uint32_t disproof_limit);
  ProofNumbers expand_defender(int moves, std::uint32_t proof_limit, std::uint32_t disproof_limit);
  [[nodiscard]] std::uint64_t node_key(int moves, bool defender) const;

  Chess position_;
  const std::atomic<bool>& stop_;
  std::unique_ptr<MateTable> own_table_;
  MateTable& table_;
  Method method_;
  std::unique_ptr<ProofNumberTable> numbers_;
  // The children's numbers of every node being expanded, frame above frame.
  std::vector<ProofNumbers> children_;
  bool clock_in_key_ = false;
  bool aborted_ = false;
  std::uint64_t nodes_ = 0;
  // Refutations by ply: a reply that broke one attack often breaks its siblings.
  std::vector<Move> killers_ = std::vector<Move>(2 * kMaxMoves + 2);
  // The defender's reply that last escaped a mate in one (defender_one_move).
  Move last_escape_{};
  // Attacker moves that forced mate, by from and to squares.
  std::vector<std::uint32_t> history_ = std::vector<std::uint32_t>(64 * 64);
};

}  // namespace brudno::games::chess
