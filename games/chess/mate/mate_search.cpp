#include "games/chess/mate/mate_search.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <new>
#include <type_traits>
#include <utility>

namespace brudno::games::chess {
namespace {

// Mixed into the key where the fifty-move rule could end a line: the same
// board then answers differently for different clocks.
std::uint64_t clock_key(int halfmove_clock) {
  std::uint64_t x = static_cast<std::uint64_t>(halfmove_clock) + 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

constexpr std::uint8_t as_byte(int moves) {
  return static_cast<std::uint8_t>(std::clamp(moves, 0, 255));
}

}  // namespace

const MateEntry* MateTable::probe(std::uint64_t key) const {
  const MateEntry* bucket = buckets_.bucket(key);
  for (std::size_t i = 0; i < kWays; ++i) {
    if (bucket[i].key == key && !bucket[i].empty()) return &bucket[i];
  }
  return nullptr;
}

// The entry of `key`, else an empty one, else the one that cost least to
// find (the fewest moves proved or disproved): long results are dearer.
std::pair<MateEntry*, bool> MateTable::slot_for(std::uint64_t key) {
  MateEntry* bucket = buckets_.bucket(key);
  MateEntry* cheapest = &bucket[0];
  for (std::size_t i = 0; i < kWays; ++i) {
    MateEntry& entry = bucket[i];
    if (entry.key == key && !entry.empty()) return {&entry, false};
    if (entry.empty()) {
      cheapest = &entry;
      continue;
    }
    const auto worth = [](const MateEntry& e) { return std::max(e.proved, e.disproved); };
    if (!cheapest->empty() && worth(entry) < worth(*cheapest)) cheapest = &entry;
  }
  const bool empty = cheapest->empty();
  *cheapest = MateEntry{key, 0, 0, 0};
  return {cheapest, empty};
}

void MateTable::store_proved(std::uint64_t key, int moves, Move move) {
  const auto [entry, filled] = slot_for(key);
  if (!entry->proved || moves < entry->proved) {
    entry->proved = as_byte(moves);
    entry->move = move.bits();
  }
  if (filled) buckets_.filled_one();
}

void MateTable::store_disproved(std::uint64_t key, int moves) {
  const auto [entry, filled] = slot_for(key);
  entry->disproved = std::max(entry->disproved, as_byte(moves));
  if (filled) buckets_.filled_one();
}

// The df-pn table may grow as large as the mate table asked for (64 MB
// beside a shared one): it starts small and grows with what is stored.
MateSearch::MateSearch(const Chess& root, const std::atomic<bool>& stop,
                       std::size_t table_megabytes, Method method)
    : position_(root),
      stop_(stop),
      own_table_(std::make_unique<MateTable>(table_megabytes)),
      table_(*own_table_),
      method_(method),
      numbers_(method == Method::kProofNumbers ? std::make_unique<ProofNumberTable>(table_megabytes)
                                               : nullptr) {}

MateSearch::MateSearch(const Chess& root, const std::atomic<bool>& stop, MateTable& table,
                       Method method, std::size_t numbers_megabytes)
    : position_(root),
      stop_(stop),
      table_(table),
      method_(method),
      numbers_(method == Method::kProofNumbers
                   ? std::make_unique<ProofNumberTable>(numbers_megabytes)
                   : nullptr) {}

// An entry keyed without the clock is true whatever the clock when it was
// found with no line reaching the rule; one keyed with it, of that clock.
void MateSearch::watch_clock_for(int moves) {
  clock_in_key_ = position_.halfmove_clock() + 2 * moves >= 100;
}

std::uint64_t MateSearch::table_key() const {
  return clock_in_key_ ? position_.key() ^ clock_key(position_.halfmove_clock()) : position_.key();
}

bool MateSearch::poll_stop() {
  if (!aborted_ && (nodes_ & 1023) == 0 && stop_.load(std::memory_order_relaxed)) aborted_ = true;
  return aborted_;
}

std::optional<int> MateSearch::shortest_mate(int moves) {
  watch_clock_for(moves);
  if (method_ == Method::kProofNumbers) return tighten(std::min(moves, kMaxMoves));
  for (int n = 1; n <= std::min(moves, kMaxMoves); ++n) {
    if (attack(n, 0)) return n;
    if (aborted_) return std::nullopt;
  }
  return std::nullopt;
}

std::optional<MateSearch::Key> MateSearch::first_key(int moves) {
  const auto length = shortest_mate(moves);
  if (!length) return std::nullopt;
  const auto move = mating_move(*length);
  if (!move) return std::nullopt;  // stopped
  return Key{*move, *length};
}

std::vector<MateSearch::Key> MateSearch::all_keys(int moves) {
  watch_clock_for(moves);
  std::vector<Key> keys;
  MoveList first;
  position_.legal_moves(first);
  if (position_.status() != engine::Status::kOngoing) return keys;
  if (method_ == Method::kProofNumbers) {
    // Each first move to its own shortest mate, proved then tightened.
    for (const Move move : first) {
      position_.play(move);
      const auto after = defender_shortest(std::min(moves, kMaxMoves) - 1);
      position_.undo(move);
      if (aborted_) return {};
      if (after) keys.push_back({move, *after + 1});
    }
    std::stable_sort(keys.begin(), keys.end(),
                     [](const Key& a, const Key& b) { return a.moves < b.moves; });
    return keys;
  }
  // Every first move by itself, each to its own shortest mate: n moves in
  // all are the first and a mate in n - 1 against every reply.
  for (int n = 1; n <= std::min(moves, kMaxMoves); ++n) {
    for (const Move move : first) {
      if (std::any_of(keys.begin(), keys.end(), [&](const Key& key) { return key.move == move; }))
        continue;
      position_.play(move);
      const bool mates = defend(n - 1, 1);
      position_.undo(move);
      if (aborted_) return {};
      if (mates) keys.push_back({move, n});
    }
  }
  return keys;
}

bool MateSearch::attacker_mates(int moves) {
  watch_clock_for(moves);
  return moves >= 1 && attack(std::min(moves, kMaxMoves), 0);
}

bool MateSearch::defender_mated(int moves) {
  watch_clock_for(moves);
  return defend(std::min(moves, kMaxMoves), 0);
}

std::optional<int> MateSearch::distance(int moves) {
  return shortest_mate(moves);
}

std::optional<int> MateSearch::mate_within(int moves) {
  if (method_ == Method::kDepthFirst) return shortest_mate(moves);
  watch_clock_for(moves);
  const int limit = std::min(moves, kMaxMoves);
  if (limit < 1 || !attack(limit, 0)) return std::nullopt;
  return proved_length(limit);
}

std::optional<Move> MateSearch::mating_move(int moves) {
  if (moves < 1) return std::nullopt;
  watch_clock_for(moves);
  MoveList list;
  position_.legal_moves(list);
  const MateEntry* entry = table_.probe(table_key());
  order_attacks(list, entry ? entry->move : 0);
  const Chess::CheckInfo checks = position_.check_info();
  for (const Move move : list) {
    if (moves == 1 && !position_.gives_check(move, checks)) continue;
    position_.play(move);
    const bool mates = defend(moves - 1, 1);
    position_.undo(move);
    if (aborted_) return std::nullopt;
    if (mates) return move;
  }
  return std::nullopt;
}

bool MateSearch::attack(int moves, int ply) {
  assert(moves >= 1);
  if (method_ == Method::kProofNumbers) return prove_attack(moves);
  ++nodes_;
  if (poll_stop()) return false;
  // The fifty-move rule ends the game before the attacker moves.
  if (position_.halfmove_clock() >= 100) return false;
  const std::uint64_t key = table_key();
  std::uint16_t table_move = 0;
  if (const MateEntry* entry = table_.probe(key)) {
    if (entry->proved && entry->proved <= moves) return true;
    if (entry->disproved >= moves) return false;
    table_move = entry->move;
  }
  // A mate at once is cheap to find (checks only) and spares the longer
  // lines below every other move.
  if (moves > 1 && attack(1, ply)) return true;
  if (aborted_) return false;

  MoveList list;
  // Only a check can mate in one: the rest never needs playing.
  if (moves == 1) {
    position_.checking_moves(list);
  } else {
    position_.legal_moves(list);
  }
  order_attacks(list, table_move);
  for (const Move move : list) {
    position_.play(move);
    const bool mates = defend(moves - 1, ply + 1);
    position_.undo(move);
    if (aborted_) return false;
    if (mates) {
      history_[move.bits() % history_.size()] += static_cast<std::uint32_t>(moves * moves);
      table_.store_proved(key, moves, move);
      return true;
    }
  }
  table_.store_disproved(key, moves);
  return false;
}

bool MateSearch::defend(int moves, int ply) {
  ++nodes_;
  if (moves == 0) {
    // Mated now, or not at all: a check with no legal reply.
    return position_.in_check() && !position_.has_legal_move();
  }
  MoveList list;
  position_.legal_moves(list);
  if (list.empty()) return position_.in_check();        // mate, or stalemate
  if (position_.halfmove_clock() >= 100) return false;  // drawn, the defender not mated
  order_defences(list, ply);
  for (const Move move : list) {
    position_.play(move);
    const bool mated = attack(moves, ply + 1);
    position_.undo(move);
    if (aborted_) return false;
    if (!mated) {
      killers_[static_cast<std::size_t>(
          std::min<int>(ply, static_cast<int>(killers_.size()) - 1))] = move;
      return false;
    }
  }
  return true;
}

void MateSearch::order_attacks(MoveList& moves, std::uint16_t table_move) const {
  const Chess::CheckInfo checks = position_.check_info();
  sort_moves(moves, [&](Move move) {
    if (move.bits() == table_move) return 1 << 30;
    int score = static_cast<int>(
        std::min<std::uint32_t>(history_[move.bits() % history_.size()], (1u << 20) - 1));
    if (position_.gives_check(move, checks)) score += 1 << 28;
    if (position_.is_capture(move) || Chess::is_promotion(move))
      score += (1 << 24) + position_.move_hint(move);
    return score;
  });
}

void MateSearch::order_defences(MoveList& moves, int ply) const {
  const Move killer =
      killers_[static_cast<std::size_t>(std::min<int>(ply, static_cast<int>(killers_.size()) - 1))];
  sort_moves(moves, [&](Move move) {
    if (move == killer) return 1 << 30;
    // Taking an attacker is the likeliest defence; the king's moves next.
    int score = position_.is_capture(move) ? 1000 + position_.move_hint(move) : 0;
    if (type_of(position_.piece_on(move.from())) == kKing) score += 100;
    return score;
  });
}

}  // namespace brudno::games::chess
