#include "protocol/stdin_loop.hpp"

#include <istream>
#include <string>
#include <string_view>

#include "protocol/held_lines.hpp"
#include "protocol/line_reader.hpp"
#include "protocol/line_sink.hpp"
#include "protocol/logging.hpp"
#include "protocol/tokens.hpp"
#include "protocol/uci_session.hpp"

namespace brudno::protocol {
namespace {

bool is_quit(std::string_view line) {
  const auto words = split_words(line);
  return !words.empty() && words[0] == "quit";
}

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
  LineReader reader(next_line);
  UciSession session(out, std::move(limits));
  session.on_job_end([&reader] { reader.wake(); });
  HeldLines held;
  // A `quit` held while the table changes: nothing after it is read, so
  // that no read is under way when the session ends.
  bool quit_held = false;
  std::string line;
  while (true) {
    release(held, session);
    if (session.quit_requested()) return 0;
    // Held lines wait for the running job, and the input is read on
    // meanwhile (by the reader's helper, so that the job's end is seen too):
    // a `stop`, `isready` or `quit` behind them acts at once. Past
    // kLinesReadAhead lines held behind a job that ends by itself, reading
    // waits for it; behind a search only the client can end, it goes on,
    // since the `stop` is still to come.
    if (quit_held || (held.size() >= kLinesReadAhead && !session.waits_for_client())) {
      session.wait_for_job();
      continue;
    }
    const LineReader::Event event = reader.next(line, !held.empty());
    if (event == LineReader::Event::kWoken) continue;  // a job ended: release() goes on
    if (event == LineReader::Event::kEnd) break;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    log_debug("<< ", line);
    if (session.takes_now(line, !held.empty())) {
      session.handle_line(line);
      if (session.quit_requested()) return 0;
    } else {
      quit_held = quit_held || is_quit(line);
      held.hold(line);
    }
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
