#include "protocol/line_sink.hpp"

#include <ostream>

namespace brudno::protocol {

void StreamSink::write_line(std::string_view line) {
  const std::lock_guard lock(mutex_);
  out_ << line << '\n' << std::flush;
}

}  // namespace brudno::protocol
