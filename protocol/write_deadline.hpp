#pragma once
// A deadline on a connection's output: while something waits to be written,
// a write that makes no progress for the time allowed
// (ServerOptions::write_timeout) ends the connection. Otherwise a client
// that stops reading holds its socket and the buffers behind it for as long
// as it likes, a closing one too, whose session slot is already free for
// another client.
//
// One timer a connection, armed when output begins and re-armed only when
// it fires: a write only notes the time, so a session's stream of lines
// costs no timer operation per line.

#include <chrono>
#include <utility>

#include "protocol/asio.hpp"

namespace brudno::protocol {

class WriteDeadline {
 public:
  using Clock = std::chrono::steady_clock;
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

  WriteDeadline(const Strand& strand, Clock::duration limit) : timer_(strand), limit_(limit) {}

  // A write begins, or one has just made progress: the time allowed starts
  // again. `stalled` (which holds its connection) runs on the strand, once,
  // if that time passes with output still waiting and no progress.
  template <class Stalled>
  void progress(Stalled stalled) {
    pending_ = true;
    last_progress_ = Clock::now();
    if (!armed_) arm(std::move(stalled));
  }
  // Nothing waits to be written: no deadline until the next write.
  void idle() { pending_ = false; }
  // The connection closes: the timer lets it go at once.
  void cancel() {
    pending_ = false;
    armed_ = false;
    timer_.cancel();
  }

 private:
  // Setting the expiry cancels a wait under way, so at most one handler is
  // pending whatever order progress(), idle() and the timer come in.
  template <class Stalled>
  void arm(Stalled stalled) {
    armed_ = true;
    timer_.expires_at(last_progress_ + limit_);
    timer_.async_wait(
        [this, stalled = std::move(stalled)](const boost::system::error_code& error) mutable {
          if (error) return;  // cancelled
          armed_ = false;
          if (!pending_) return;
          if (Clock::now() - last_progress_ < limit_) return arm(std::move(stalled));
          pending_ = false;
          stalled();
        });
  }

  boost::asio::steady_timer timer_;
  Clock::duration limit_;
  Clock::time_point last_progress_;
  bool pending_ = false;
  bool armed_ = false;
};

}  // namespace brudno::protocol
