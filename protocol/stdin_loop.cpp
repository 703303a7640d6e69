#include "protocol/stdin_loop.hpp"

#include <spdlog/spdlog.h>

#include <istream>
#include <string>

#include "protocol/line_sink.hpp"
#include "protocol/uci_session.hpp"

namespace brudno::protocol {

int run_uci_loop(std::istream& in, std::ostream& out) {
  StreamSink sink(out);
  UciSession session(sink);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    spdlog::debug("<< {}", line);
    session.handle_line(line);
    if (session.quit_requested()) return 0;
  }
  spdlog::debug("end of input");
  session.end_of_input();
  return 0;
}

}  // namespace brudno::protocol
