#include "protocol/stdin_loop.hpp"

#include <istream>
#include <string>

#include "protocol/held_lines.hpp"
#include "protocol/line_reader.hpp"
#include "protocol/line_sink.hpp"
#include "protocol/logging.hpp"
#include "protocol/uci_session.hpp"

namespace brudno::protocol {
namespace {

// Runs the held lines the session takes now.
void release(HeldLines& held, UciSession& session) {
  while (!session.quit_requested()) {
    const auto line = held.next_to_run(session);
    if (!line) return;
    session.handle_line(*line);
  }
}

}  // namespace

int run_uci_loop(std::istream& in, std::ostream& out) {
  StreamSink sink(out);
  return run_uci_loop(
      [&in](std::string& line) { return static_cast<bool>(std::getline(in, line)); }, sink);
}

int run_uci_loop(const LineSource& next_line, LineSink& out, SessionLimits limits) {
  // The reader outlives the session, whose job-end callback wakes it.
  LineReader reader(next_line, kLinesReadAhead);
  UciSession session(out, std::move(limits));
  session.on_job_end([&reader] { reader.wake(); });
  HeldLines held;
  std::string line;
  while (true) {
    release(held, session);
    if (session.quit_requested()) return 0;
    // Held lines behind a search that ends by itself wait for it, and the
    // input is read on meanwhile, so that `stop`, `isready` and `quit` act
    // at once; past kLinesReadAhead held lines, reading waits for the search
    // too. Behind one only the client can end, reading goes on: the `stop`
    // is still to come.
    if (held.size() >= kLinesReadAhead && !session.waits_for_client()) {
      session.wait_for_job();
      continue;
    }
    const LineReader::Event event = reader.next(line);
    if (event == LineReader::Event::kWoken) continue;  // a job ended: release() goes on
    if (event == LineReader::Event::kEnd) break;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    log_debug("<< ", line);
    if (session.takes_now(line, !held.empty())) {
      session.handle_line(line);
    } else {
      held.hold(line);
    }
    if (session.quit_requested()) return 0;
  }
  log_debug("end of input");
  // The held lines still run; a search only `stop` could end is stopped.
  while (!held.empty()) {
    session.end_of_input();
    release(held, session);
    if (session.quit_requested()) return 0;
  }
  session.end_of_input();
  return 0;
}

}  // namespace brudno::protocol
