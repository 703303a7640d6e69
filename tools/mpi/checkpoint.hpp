#pragma once
// A farm's checkpoint: each finished result appended to a file as it
// arrives, so that a job that lost a rank or its wall time resumes where it
// stopped. The first line names the job (its command line and item count);
// a rerun of the same job skips what the file holds, another job is refused.
// A record cut short by the kill is ignored and its item done again.

#include <cstddef>
#include <fstream>
#include <map>
#include <optional>
#include <string>

namespace brudno::tools::mpi {

class Checkpoint {
 public:
  // Opens `path` for the job `identity` of `count` items, creating it if
  // absent; nullopt with `error` set if it belongs to another job or cannot
  // be written.
  static std::optional<Checkpoint> open(const std::string& path, const std::string& identity,
                                        std::size_t count, std::string& error);

  // The results the file held, by item.
  [[nodiscard]] const std::map<std::size_t, std::string>& finished() const { return finished_; }

  // Appends one result and flushes it to the file.
  void append(std::size_t item, const std::string& result);

 private:
  std::map<std::size_t, std::string> finished_;
  std::ofstream file_;
};

}  // namespace brudno::tools::mpi
