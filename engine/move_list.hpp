#pragma once
// A fixed-capacity list of moves on the stack: move generation never allocates.

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>

namespace brudno::engine {

inline constexpr std::size_t kMaxMoves = 256;

template <class Move>
class MoveList {
 public:
  void push_back(Move move) {
    assert(size_ < kMaxMoves);
    moves_[size_++] = move;
  }
  void clear() { size_ = 0; }
  void resize(std::size_t size) {
    assert(size <= size_);
    size_ = size;
  }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  Move& operator[](std::size_t i) {
    assert(i < size_);
    return moves_[i];
  }
  const Move& operator[](std::size_t i) const {
    assert(i < size_);
    return moves_[i];
  }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  [[nodiscard]] bool contains(Move move) const { return std::find(begin(), end(), move) != end(); }

 private:
  // Left uninitialised: a list is made at every node, and only the first
  // size_ entries are ever read.
  std::array<Move, kMaxMoves> moves_;
  std::size_t size_ = 0;
};

}  // namespace brudno::engine
