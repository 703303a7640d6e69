#include "protocol/line_reader.hpp"

#include <utility>

#include "protocol/tokens.hpp"

namespace brudno::protocol {
namespace {

bool is_quit(std::string_view line) {
  const auto words = split_words(line);
  return !words.empty() && words[0] == "quit";
}

}  // namespace

LineReader::LineReader(const Source& source, std::size_t max_ahead)
    : source_(source), max_ahead_(max_ahead), thread_([this] { read_all(); }) {}

LineReader::~LineReader() {
  thread_.join();
}

void LineReader::read_all() {
  std::string line;
  bool more = true;
  while (more) {
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [this] { return lines_.size() < max_ahead_; });
    }
    // Unlocked: the source may wait for its client as long as it likes.
    more = source_(line);
    const bool quit = more && is_quit(line);
    {
      const std::lock_guard lock(mutex_);
      if (more) {
        lines_.push_back(std::move(line));
        line.clear();
      }
      ended_ = !more || quit;
    }
    changed_.notify_all();
    if (quit) return;
  }
}

LineReader::Event LineReader::next(std::string& line) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return woken_ || !lines_.empty() || ended_; });
  if (woken_) {
    woken_ = false;
    return Event::kWoken;
  }
  if (lines_.empty()) return Event::kEnd;
  line = std::move(lines_.front());
  lines_.pop_front();
  lock.unlock();
  changed_.notify_all();  // room for the reader
  return Event::kLine;
}

void LineReader::wake() {
  {
    const std::lock_guard lock(mutex_);
    woken_ = true;
  }
  changed_.notify_all();
}

}  // namespace brudno::protocol
