#pragma once
// The lines a transport holds while its session's job runs, in the order
// they came (see UciSession::takes_now()): a batch of `position`/`go` pairs
// piped in gets every search, one after the other.

#include <cstddef>
#include <deque>
#include <optional>
#include <string>

#include "protocol/uci_session.hpp"

namespace brudno::protocol {

// How many lines a transport holds behind a search that ends by itself
// while it reads on, so that a `stop`, `isready` or `quit` behind them acts
// at once; past them it waits for the search's end before reading more.
inline constexpr std::size_t kLinesReadAhead = 256;

class HeldLines {
 public:
  void hold(std::string line) {
    bytes_ += line.size();
    lines_.push_back(std::move(line));
  }
  [[nodiscard]] bool empty() const { return lines_.empty(); }
  [[nodiscard]] std::size_t size() const { return lines_.size(); }
  // The bytes of the lines held, newlines not counted.
  [[nodiscard]] std::size_t bytes() const { return bytes_; }

  // Takes out the next held line the session takes now: the first, or,
  // behind one that waits for the running search, a line that acts on it at
  // once (`stop`, `isready`, `quit`, ...), held only while the table
  // changed. Nothing when every held line waits.
  [[nodiscard]] std::optional<std::string> next_to_run(const UciSession& session) {
    for (auto line = lines_.begin(); line != lines_.end(); ++line) {
      if (session.takes_now(*line, line != lines_.begin())) {
        std::string taken = std::move(*line);
        lines_.erase(line);
        bytes_ -= taken.size();
        return taken;
      }
    }
    return std::nullopt;
  }

 private:
  std::deque<std::string> lines_;
  std::size_t bytes_ = 0;
};

}  // namespace brudno::protocol
