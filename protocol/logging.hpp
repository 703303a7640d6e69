#pragma once
// The log: spdlog, configured once and written through the functions below.
// spdlog's headers and its compile-time format checks cost seconds of
// compiling in every file that logs; here they are compiled in logging.cpp
// alone, and a message is its parts streamed in order.

#include <optional>
#include <sstream>
#include <string>

namespace brudno::protocol {

// Routes spdlog to stderr, or to `file` when given: stdout is the protocol.
// Returns an error message for an unknown level or an unwritable file.
std::optional<std::string> configure_logging(const std::string& level,
                                             const std::optional<std::string>& file);

enum class LogLevel { kDebug, kInfo, kWarn, kError };

// Whether messages at `level` are written: parts are not formatted otherwise.
[[nodiscard]] bool log_enabled(LogLevel level);
void write_log(LogLevel level, const std::string& message);

template <class... Parts>
void log(LogLevel level, const Parts&... parts) {
  if (!log_enabled(level)) return;
  std::ostringstream message;
  (message << ... << parts);
  write_log(level, message.str());
}

template <class... Parts>
void log_debug(const Parts&... parts) {
  log(LogLevel::kDebug, parts...);
}
template <class... Parts>
void log_info(const Parts&... parts) {
  log(LogLevel::kInfo, parts...);
}
template <class... Parts>
void log_warn(const Parts&... parts) {
  log(LogLevel::kWarn, parts...);
}
template <class... Parts>
void log_error(const Parts&... parts) {
  log(LogLevel::kError, parts...);
}

}  // namespace brudno::protocol
