#include "tools/match/load_monitor.hpp"

#include <sched.h>

#include <algorithm>
#include <fstream>
#include <thread>

namespace brudno::tools::match {

std::optional<double> load_average() {
  std::ifstream file("/proc/loadavg");
  double one_minute = 0;
  if (file >> one_minute) return one_minute;
  return std::nullopt;
}

int core_count() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace brudno::tools::match
