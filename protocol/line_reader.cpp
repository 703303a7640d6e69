#include "protocol/line_reader.hpp"

#include <cassert>
#include <utility>

namespace brudno::protocol {

LineReader::~LineReader() {
  {
    const std::lock_guard lock(mutex_);
    // No read may be under way: run_uci_loop() ends only on a line or the
    // end of input it was given, and reads nothing after a held `quit`.
    assert(!requested_ || read_ || ended_);
    closing_ = true;
  }
  changed_.notify_all();
  if (helper_.joinable()) helper_.join();
}

void LineReader::help() {
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return closing_ || (requested_ && !read_ && !ended_); });
    if (closing_) return;
    lock.unlock();
    // Unlocked: the source may wait for its client as long as it likes.
    std::string line;
    const bool more = source_(line);
    lock.lock();
    if (more) {
      read_ = std::move(line);
    } else {
      ended_ = true;
    }
    changed_.notify_all();
  }
}

LineReader::Event LineReader::next(std::string& line, bool wakeable) {
  std::unique_lock lock(mutex_);
  if (!wakeable && !requested_) {
    if (ended_) return Event::kEnd;
    lock.unlock();
    if (source_(line)) return Event::kLine;
    lock.lock();
    ended_ = true;
    return Event::kEnd;
  }
  if (!requested_ && !ended_) {
    requested_ = true;
    if (!helper_.joinable()) helper_ = std::thread([this] { help(); });
    changed_.notify_all();
  }
  changed_.wait(lock, [&] { return (wakeable && woken_) || read_ || ended_; });
  if (wakeable && woken_) {
    woken_ = false;
    return Event::kWoken;
  }
  woken_ = false;
  requested_ = false;
  if (read_) {
    line = std::move(*read_);
    read_.reset();
    return Event::kLine;
  }
  return Event::kEnd;
}

void LineReader::wake() {
  {
    const std::lock_guard lock(mutex_);
    woken_ = true;
  }
  changed_.notify_all();
}

}  // namespace brudno::protocol
