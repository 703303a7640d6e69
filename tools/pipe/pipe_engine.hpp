#pragma once
// An engine binary as a child process on two pipes, as a GUI runs it; its
// standard error is the caller's, so sanitizer reports are seen. Every
// read has a time limit, so a broken engine fails a test or a benchmark
// instead of hanging it.

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace brudno::tools {

class PipeEngine {
 public:
  // Starts `binary` (a path; no PATH search) with `args`. One that cannot be
  // started says why on standard error and behaves as an engine that exited
  // at once with status 127: its output ends, wait_exit() returns 127.
  PipeEngine(const std::string& binary, const std::vector<std::string>& args);
  ~PipeEngine();
  PipeEngine(const PipeEngine&) = delete;
  PipeEngine& operator=(const PipeEngine&) = delete;

  void send(const std::string& line);
  // The next line, or nothing when the time runs out or the output ends.
  std::optional<std::string> read_line(
      std::chrono::milliseconds timeout = std::chrono::seconds(20));
  // Lines up to and including the first that starts with `prefix`; the last
  // element is that line, unless the time ran out first.
  std::vector<std::string> read_until(const std::string& prefix,
                                      std::chrono::milliseconds timeout = std::chrono::seconds(20));
  // The engine's output has ended (it closed it, or exited): no line will come.
  [[nodiscard]] bool output_ended() const { return output_ended_; }
  // Closes the engine's standard input: end of input.
  void close_input();
  // Sends a signal (SIGTERM, say) to the engine process.
  void signal(int number);
  // The engine's process id, for reading its /proc entries.
  [[nodiscard]] pid_t pid() const { return pid_; }
  // The exit status, or nothing if the engine is still running after `timeout`.
  std::optional<int> wait_exit(std::chrono::milliseconds timeout = std::chrono::seconds(20));

 private:
  pid_t pid_ = -1;
  int to_engine_ = -1;
  int from_engine_ = -1;
  std::string buffer_;
  bool output_ended_ = false;
  // Once known: the engine's exit status (127 when it could not be started).
  std::optional<int> exit_status_;
};

bool starts_with(const std::string& line, const std::string& prefix);
// How many of `lines` start with `prefix`.
std::size_t count_prefix(const std::vector<std::string>& lines, const std::string& prefix);

}  // namespace brudno::tools
