#pragma once
// Aspiration windows, the classic "narrow window, re-search if we miss": an
// iteration first searches a window around the previous score; a score that
// falls out of it widens that side, by a margin that doubles with each miss,
// and the iteration searches again.

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "engine/game.hpp"
#include "engine/score.hpp"

namespace brudno::engine {

// Half-width of the first aspiration window, in the game's evaluation units
// (GameTraits::aspiration_window).
template <Game G>
constexpr Score aspiration_width() {
  return traits_of<G>().aspiration_window;
}

class AspirationWindow {
 public:
  // The full window until centre_on().
  explicit AspirationWindow(Score width) : margin_(std::max(width, 1)) { assert(margin_ > 0); }

  // Around a heuristic score: a decisive one leaves the window full.
  void centre_on(Score previous) {
    assert(!is_decisive(previous));
    alpha_ = clamped(std::int64_t{previous} - margin_);
    beta_ = clamped(std::int64_t{previous} + margin_);
    // The margin is positive and the score far inside the range: the window
    // holds it strictly, so a search that returns it needs no re-search.
    assert(alpha_ < previous && previous < beta_);
  }

  [[nodiscard]] Score alpha() const { return alpha_; }
  [[nodiscard]] Score beta() const { return beta_; }

  // Takes the score of a search of this window: false when it is inside
  // (the iteration is done), else widens the side it fell out of and says
  // to search again. A decisive score opens that side fully. The arithmetic
  // is in 64 bits and clamped, so any number of misses near the edges of
  // the score range stays in range; the margin stops growing once it spans
  // the whole range, so every side is fully open after a bounded number of
  // misses.
  bool widen_around(Score score) {
    assert(alpha_ < beta_);
    [[maybe_unused]] const Score old_alpha = alpha_;
    [[maybe_unused]] const Score old_beta = beta_;
    if (score <= alpha_) {
      alpha_ = is_decisive(score) ? -kInfinity : clamped(std::int64_t{score} - margin_);
      // A fail-low moves alpha down, below the score unless already fully
      // open, and leaves beta where it was.
      assert(alpha_ <= old_alpha && beta_ == old_beta);
      assert(alpha_ < score || alpha_ == -kInfinity);
    } else if (score >= beta_) {
      beta_ = is_decisive(score) ? kInfinity : clamped(std::int64_t{score} + margin_);
      // A fail-high, the mirror image.
      assert(beta_ >= old_beta && alpha_ == old_alpha);
      assert(beta_ > score || beta_ == kInfinity);
    } else {
      return false;
    }
    margin_ = std::min<std::int64_t>(margin_ * 2, std::int64_t{2} * kInfinity);
    assert(margin_ > 0 && alpha_ < beta_);
    return true;
  }

 private:
  static Score clamped(std::int64_t value) {
    return static_cast<Score>(std::clamp<std::int64_t>(value, -kInfinity, kInfinity));
  }

  std::int64_t margin_;
  Score alpha_ = -kInfinity;
  Score beta_ = kInfinity;
};

}  // namespace brudno::engine
