#include "protocol/open_file_limit.hpp"

#include <sys/resource.h>

#include <algorithm>

namespace brudno::protocol {

OpenFileLimit raise_open_file_limit(std::uint64_t wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return {};
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < wanted) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max == RLIM_INFINITY
                          ? static_cast<rlim_t>(wanted)
                          : std::min(limit.rlim_max, static_cast<rlim_t>(wanted));
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  return {static_cast<std::uint64_t>(limit.rlim_cur), static_cast<std::uint64_t>(limit.rlim_max)};
}

std::optional<std::string> open_file_limit_warning(const OpenFileLimit& limit,
                                                   const ServerOptions& options) {
  const std::uint64_t needed = descriptors_needed(options);
  if (limit.soft == 0 || limit.soft >= needed) return std::nullopt;
  const ConnectionCaps caps = connection_caps(options, limit.soft);
  std::string capped = std::to_string(caps.lines) + " on the line port";
  if (options.http) capped += " and " + std::to_string(caps.http) + " on the HTTP port";
  return "the open-file limit is " + std::to_string(limit.soft) + " (hard limit " +
         std::to_string(limit.hard) + "), below the " + std::to_string(needed) +
         " descriptors that " + std::to_string(options.max_sessions) +
         " sessions, the connections waiting to authenticate and those closing or being "
         "answered may need: connections are capped at " +
         capped +
         ", and past the limit new connections wait in the system's queue until one closes "
         "(raise the hard limit: ulimit -Hn, or LimitNOFILE= in a systemd unit; or lower "
         "--max-sessions)";
}

}  // namespace brudno::protocol
