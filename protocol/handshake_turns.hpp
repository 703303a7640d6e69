#pragma once
// TLS handshakes by turns: at most a few at once from one peer address, the
// rest waiting theirs in the order they came. Every handshake runs on the
// server's one I/O thread, its key exchange the costliest work that thread
// does; a peer that opens thousands of connections gets its few handshakes
// at a time, and another peer's handshake waits for none of them. Touched
// by the I/O thread only.

#include <cassert>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>

namespace brudno::protocol {

class HandshakeTurns {
 public:
  static constexpr std::size_t kPerAddress = 4;
  // Called when a waiting connection's turn comes: true if it handshakes
  // now, false if it has closed meanwhile (the turn passes on).
  using Start = std::function<bool()>;

  explicit HandshakeTurns(std::size_t per_address = kPerAddress) : per_address_(per_address) {
    assert(per_address > 0);
  }

  // True if the address has a turn free, which the caller now holds;
  // otherwise `start` is kept and called when a turn comes free.
  bool take(const std::string& address, Start start) {
    Turns& turns = by_address_[address];
    if (turns.running < per_address_) {
      ++turns.running;
      return true;
    }
    turns.waiting.push_back(std::move(start));
    return false;
  }

  // A handshake of the address has ended (done or failed, or its connection
  // closed): its turn goes to the first waiting one that still wants it.
  void give_back(const std::string& address) {
    const auto found = by_address_.find(address);
    assert(found != by_address_.end() && found->second.running > 0);
    if (found == by_address_.end()) return;
    Turns& turns = found->second;
    while (!turns.waiting.empty()) {
      const Start start = std::move(turns.waiting.front());
      turns.waiting.pop_front();
      if (start()) return;
    }
    if (--turns.running == 0) by_address_.erase(found);
  }

  [[nodiscard]] std::size_t running(const std::string& address) const {
    const auto found = by_address_.find(address);
    return found == by_address_.end() ? 0 : found->second.running;
  }
  [[nodiscard]] std::size_t waiting(const std::string& address) const {
    const auto found = by_address_.find(address);
    return found == by_address_.end() ? 0 : found->second.waiting.size();
  }
  // Addresses with a handshake running or waiting.
  [[nodiscard]] std::size_t addresses() const { return by_address_.size(); }

 private:
  struct Turns {
    std::size_t running = 0;
    std::deque<Start> waiting;
  };
  std::size_t per_address_;
  std::map<std::string, Turns> by_address_;
};

// One connection's turn: the address it asked one for, and whether it
// holds it. `Connection` has begin_handshake_turn(): false when it has
// closed meanwhile; otherwise it calls held() and starts its handshake.
class HandshakeTurn {
 public:
  template <class Connection>
  void take(HandshakeTurns& turns, std::string address,
            const std::shared_ptr<Connection>& connection) {
    turns_ = &turns;
    address_ = std::move(address);
    const bool now = turns.take(address_, [weak = std::weak_ptr<Connection>(connection)] {
      const auto self = weak.lock();
      return self != nullptr && self->begin_handshake_turn();
    });
    if (now) connection->begin_handshake_turn();
  }
  void held() { held_ = true; }
  // The handshake has ended, or the connection closed: the turn passes on.
  void give_back() {
    if (!held_) return;
    held_ = false;
    turns_->give_back(address_);
  }

 private:
  HandshakeTurns* turns_ = nullptr;
  std::string address_;
  bool held_ = false;
};

}  // namespace brudno::protocol
