#pragma once
// The accumulators of a position's line, one pair (white's and black's
// perspective) per ply of its history, beside the history that undo() uses.
//
// Updated lazily, as Stockfish does: play() only marks the new ply's pair
// stale (forget); the evaluation finds the nearest computed pair below the
// current ply and adds and removes the rows of the moves between (a few
// rows a ply), or builds the pair from the board when none is near. undo()
// changes nothing: the pair of the ply it returns to is still the one
// computed for that position, since every play() to that ply marked it
// stale first. A null move changes no piece: its pair is its parent's.
//
// The pairs of plies from `base` on are kept: a position read from a FEN
// and played a long game starts at the first ply evaluated, not at ply 0.
//
// A copy of the cache is empty: it is a cache, not part of the position's
// value, and a search copies its root position into every thread.

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/chess/types.hpp"

namespace brudno::games::chess::nnue {

class AccumulatorCache {
 public:
  AccumulatorCache() = default;
  AccumulatorCache(const AccumulatorCache& /*other*/) {}
  AccumulatorCache& operator=(const AccumulatorCache& other) {
    if (this != &other) clear();
    return *this;
  }
  AccumulatorCache(AccumulatorCache&&) noexcept = default;
  AccumulatorCache& operator=(AccumulatorCache&&) noexcept = default;
  ~AccumulatorCache() = default;

  // The position `ply` plies into the history is a new one (a move or a
  // null move was just played to it): its pair is stale.
  void forget(std::size_t ply) {
    if (ply >= base_ && ply - base_ < computed_.size()) computed_[ply - base_] = 0;
  }

  // Keeps pairs for the network of id `network` (Network::id, never 0);
  // another network than the last empties it.
  void bind(std::uint64_t network, int width) {
    if (network == network_) return;
    clear();
    network_ = network;
    width_ = width;
  }
  // Room for the pair of `ply`: a ply below the base empties the cache.
  void make_room(std::size_t ply) {
    if (ply < base_ || computed_.empty()) {
      clear();
      base_ = ply;
    }
    const std::size_t count = ply - base_ + 1;
    if (count > computed_.size()) {
      computed_.resize(count, 0);
      values_.resize(count * 2 * static_cast<std::size_t>(width_));
    }
  }
  [[nodiscard]] std::size_t base() const { return base_; }
  [[nodiscard]] bool computed(std::size_t ply) const {
    return ply >= base_ && ply - base_ < computed_.size() && computed_[ply - base_];
  }
  void set_computed(std::size_t ply) {
    assert(ply >= base_ && ply - base_ < computed_.size());
    computed_[ply - base_] = 1;
  }
  // The accumulator of `ply` from `perspective`: width int16.
  [[nodiscard]] std::int16_t* accumulator(std::size_t ply, Color perspective) {
    assert(ply >= base_ && ply - base_ < computed_.size());
    return values_.data() + ((ply - base_) * 2 + perspective) * static_cast<std::size_t>(width_);
  }

 private:
  void clear() {
    computed_.clear();
    values_.clear();
    base_ = 0;
  }

  std::uint64_t network_ = 0;
  int width_ = 0;  // the network's padded hidden width
  std::size_t base_ = 0;
  std::vector<std::uint8_t> computed_;  // per ply from base_
  std::vector<std::int16_t> values_;    // per ply from base_: white's, then black's
};

}  // namespace brudno::games::chess::nnue
