#include "protocol/logging.hpp"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <mutex>

#include "protocol/log_limit.hpp"

namespace brudno::protocol {

std::optional<std::string> configure_logging(const std::string& level,
                                             const std::optional<std::string>& file) {
  const auto parsed = spdlog::level::from_str(level);
  // from_str answers "off" for any name it does not know.
  if (parsed == spdlog::level::off && level != "off") {
    return "unknown log level '" + level + "' (trace, debug, info, warn, error, critical, off)";
  }
  if (file) {
    // spdlog would make the missing folders of the path: a mistyped path
    // should be an error, not a new folder somewhere.
    std::ofstream probe(*file, std::ios::app);
    if (!probe) {
      return "cannot open the log file '" + *file + "': " + std::strerror(errno);
    }
  }
  try {
    auto logger =
        file ? spdlog::basic_logger_mt("brudno", *file) : spdlog::stderr_color_mt("brudno");
    logger->set_level(parsed);
    logger->flush_on(spdlog::level::info);
    spdlog::set_default_logger(logger);
  } catch (const spdlog::spdlog_ex& e) {
    return std::string("cannot open log: ") + e.what();
  }
  return std::nullopt;
}

namespace {

spdlog::level::level_enum spdlog_level(LogLevel level) {
  switch (level) {
    case LogLevel::kDebug:
      return spdlog::level::debug;
    case LogLevel::kInfo:
      return spdlog::level::info;
    case LogLevel::kWarn:
      return spdlog::level::warn;
    case LogLevel::kError:
      break;
  }
  return spdlog::level::err;
}

}  // namespace

bool log_enabled(LogLevel level) {
  return spdlog::default_logger_raw()->should_log(spdlog_level(level));
}

void write_log(LogLevel level, const std::string& message) {
  static std::mutex mutex;
  static LogRateLimit limit;
  std::optional<std::uint64_t> held_back;
  bool admitted = false;
  {
    const std::lock_guard lock(mutex);
    admitted = limit.admit(LogRateLimit::Clock::now(), held_back);
  }
  if (held_back) {
    spdlog::warn("{} log lines held back in the last second (at most {} a second)", *held_back,
                 LogRateLimit::kLinesPerSecond);
  }
  if (admitted) spdlog::log(spdlog_level(level), bounded_log_line(message));
}

}  // namespace brudno::protocol
