#pragma once
// What the soak reads of the server's process from /proc: its resident
// memory and its open descriptors.

#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace brudno::tools {

// A field of /proc/PID/status in kB: VmRSS (all resident memory), RssAnon
// (heap and stacks) or RssFile (pages of the binary and libraries, which stay
// once the code has run); -1 when it cannot be read.
inline long status_kb(pid_t pid, const std::string& field) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with(field + ":")) return std::stol(line.substr(field.size() + 1));
  }
  return -1;
}

inline long resident_kb(pid_t pid) {
  return status_kb(pid, "VmRSS");
}

inline std::size_t open_descriptors(pid_t pid) {
  std::error_code error;
  std::size_t count = 0;
  for (std::filesystem::directory_iterator it("/proc/" + std::to_string(pid) + "/fd", error), end;
       !error && it != end; it.increment(error)) {
    ++count;
  }
  return count;
}

}  // namespace brudno::tools
