#include "protocol/stdin_loop.hpp"

#include <deque>
#include <istream>
#include <string>

#include "protocol/line_sink.hpp"
#include "protocol/logging.hpp"
#include "protocol/uci_session.hpp"

namespace brudno::protocol {
namespace {

// Lines that wait for the running search, in the order they came (see
// UciSession::takes_now()): a batch of `position`/`go` pairs piped in gets
// every search, one after the other.
class HeldLines {
 public:
  explicit HeldLines(UciSession& session) : session_(session) {}

  void take(const std::string& line) {
    if (session_.takes_now(line, !held_.empty())) return session_.handle_line(line);
    held_.push_back(line);
  }
  // Runs the held lines the session takes now, in order.
  void release() {
    while (!held_.empty() && !session_.quit_requested() &&
           session_.takes_now(held_.front(), false)) {
      const std::string line = std::move(held_.front());
      held_.pop_front();
      session_.handle_line(line);
    }
  }
  [[nodiscard]] bool empty() const { return held_.empty(); }

 private:
  UciSession& session_;
  std::deque<std::string> held_;
};

}  // namespace

int run_uci_loop(std::istream& in, std::ostream& out) {
  StreamSink sink(out);
  return run_uci_loop(
      [&in](std::string& line) { return static_cast<bool>(std::getline(in, line)); }, sink);
}

int run_uci_loop(const LineSource& next_line, LineSink& out, SessionLimits limits) {
  UciSession session(out, std::move(limits));
  HeldLines held(session);
  std::string line;
  while (true) {
    held.release();
    if (session.quit_requested()) return 0;
    // Held lines behind a search that ends by itself: wait for it. Behind
    // one only the client can end, read on: the `stop` is still to come.
    if (!held.empty() && !session.waits_for_client()) {
      session.wait_for_job();
      continue;
    }
    if (!next_line(line)) break;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    log_debug("<< ", line);
    held.take(line);
    if (session.quit_requested()) return 0;
  }
  log_debug("end of input");
  // The held lines still run; a search only `stop` could end is stopped.
  while (!held.empty()) {
    session.end_of_input();
    held.release();
    if (session.quit_requested()) return 0;
  }
  session.end_of_input();
  return 0;
}

}  // namespace brudno::protocol
