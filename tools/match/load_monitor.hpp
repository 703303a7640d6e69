#pragma once
// How busy the machine is, for warning that clocks measured from outside
// would be distorted: an engine that waits for a core still spends its clock.

#include <optional>

namespace brudno::tools::match {

// The 1-minute load average (runnable threads, /proc/loadavg); nothing if unreadable.
std::optional<double> load_average();
// The cores this process may run on.
int core_count();

}  // namespace brudno::tools::match
