#include "tools/pipe/pipe_engine.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace brudno::tools {

using Clock = std::chrono::steady_clock;

PipeEngine::PipeEngine(const std::string& binary, const std::vector<std::string>& args) {
  ::signal(SIGPIPE, SIG_IGN);  // a test writing to an engine that quit must not die
  int in[2];
  int out[2];
  // Close-on-exec, so that an engine started later (by another thread of a
  // match) does not inherit this one's pipes and keep them open.
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) {
    throw std::runtime_error("pipe failed");
  }
  // Everything the child needs is made here, before it exists: matches and
  // farms start engines from threaded processes, where a child that
  // allocated between fork and exec could deadlock on a lock another thread
  // held. posix_spawn only duplicates the pipe ends and execs.
  std::vector<char*> argv{const_cast<char*>(binary.c_str())};
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // The duplicates are not close-on-exec; the originals close at the exec.
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  const int failure = posix_spawn(&pid_, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  close(out[1]);
  to_engine_ = in[1];
  from_engine_ = out[0];
  if (failure != 0) {
    // As an engine that exits at once: its output ends (the writing end is
    // closed above), and it exits with the shell's 127 for "cannot run".
    pid_ = -1;
    exit_status_ = 127;
    std::fprintf(stderr, "cannot start the engine %s: %s\n", binary.c_str(),
                 std::strerror(failure));
  }
}

PipeEngine::~PipeEngine() {
  if (to_engine_ >= 0) close(to_engine_);
  if (from_engine_ >= 0) close(from_engine_);
  if (pid_ > 0 && waitpid(pid_, nullptr, WNOHANG) == 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

void PipeEngine::send(const std::string& line) {
  const std::string text = line + '\n';
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = write(to_engine_, text.data() + written, text.size() - written);
    if (n <= 0) return;  // the engine has gone; the reads will say so
    written += static_cast<std::size_t>(n);
  }
}

std::optional<std::string> PipeEngine::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    if (const auto end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return line;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd descriptor{from_engine_, POLLIN, 0};
    const int ready = poll(&descriptor, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;  // a signal is not the end of the output
    if (ready <= 0) return std::nullopt;
    char chunk[4096];
    const ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      output_ended_ = true;
      return std::nullopt;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

std::vector<std::string> PipeEngine::read_until(const std::string& prefix,
                                                std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  std::vector<std::string> lines;
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    auto line = read_line(std::max(left, std::chrono::milliseconds{0}));
    if (!line) return lines;
    lines.push_back(*line);
    if (starts_with(*line, prefix)) return lines;
  }
}

void PipeEngine::close_input() {
  if (to_engine_ >= 0) close(to_engine_);
  to_engine_ = -1;
}

void PipeEngine::signal(int number) {
  if (pid_ > 0) kill(pid_, number);
}

std::optional<int> PipeEngine::wait_exit(std::chrono::milliseconds timeout) {
  if (exit_status_) return exit_status_;  // not started, or already waited for
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      return exit_status_;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return std::nullopt;
}

bool starts_with(const std::string& line, const std::string& prefix) {
  return line.rfind(prefix, 0) == 0;
}

std::size_t count_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
  return static_cast<std::size_t>(std::count_if(
      lines.begin(), lines.end(), [&](const auto& line) { return starts_with(line, prefix); }));
}

}  // namespace brudno::tools
