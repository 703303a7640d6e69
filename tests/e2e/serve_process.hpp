#pragma once
// `brudno serve` as the end-to-end tests start it, and the files it reads.

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/pipe/pipe_engine.hpp"

namespace brudno::testing {

// How the test starts the server, besides its options: the shell's limits
// on its address space (ulimit -v) and open files (ulimit -n), and the
// options before `serve` (--log-file).
struct Launch {
  std::optional<long> address_space_kb;
  std::optional<long> open_files;
  std::vector<std::string> global_options;
};

// The server as an operator starts it; its first output line names the port.
class Server {
 public:
  explicit Server(std::vector<std::string> options = {},
                  std::optional<long> address_space_kb = std::nullopt)
      : Server(std::move(options), Launch{address_space_kb, std::nullopt, {}}) {}
  Server(std::vector<std::string> options, const Launch& launch) {
    std::vector<std::string> args = launch.global_options;
    args.insert(args.end(), {"--log-level", "warn", "serve", "--listen", "127.0.0.1:0"});
    args.insert(args.end(), options.begin(), options.end());
    std::string limits;
    if (launch.address_space_kb)
      limits += "ulimit -v " + std::to_string(*launch.address_space_kb) + " && ";
    if (launch.open_files) limits += "ulimit -n " + std::to_string(*launch.open_files) + " && ";
    if (!limits.empty()) {
      args.insert(args.begin(), {"-c", limits + "exec \"$0\" \"$@\"", BRUDNO_BINARY});
      process_ = std::make_unique<tools::PipeEngine>("/bin/sh", args);
    } else {
      process_ = std::make_unique<tools::PipeEngine>(BRUDNO_BINARY, args);
    }
    const auto banner = process_->read_line(std::chrono::seconds(10));
    if (!banner) throw std::runtime_error("the server printed no banner");
    const std::string prefix = "brudno serve: listening on 127.0.0.1:";
    if (!banner->starts_with(prefix)) throw std::runtime_error("unexpected banner: " + *banner);
    port_ = static_cast<unsigned short>(std::stoi(banner->substr(prefix.size())));
    if (std::find(options.begin(), options.end(), "--http") != options.end()) {
      // The HTTP address's line follows.
      const auto http = process_->read_line(std::chrono::seconds(10));
      const std::string http_prefix = "brudno serve: http on 127.0.0.1:";
      if (!http || !http->starts_with(http_prefix)) {
        throw std::runtime_error("no http banner: " + http.value_or("(none)"));
      }
      http_port_ = static_cast<unsigned short>(std::stoi(http->substr(http_prefix.size())));
    }
  }
  [[nodiscard]] unsigned short port() const { return port_; }
  // The --http address's port (0 without --http).
  [[nodiscard]] unsigned short http_port() const { return http_port_; }
  tools::PipeEngine& process() { return *process_; }

 private:
  std::unique_ptr<tools::PipeEngine> process_;
  unsigned short port_ = 0;
  unsigned short http_port_ = 0;
};

// Sends SIGTERM and waits up to `timeout` for the exit status, sending it
// again every two seconds while the server runs on. Under ThreadSanitizer
// (clang 14) the kernel may hand a process's signal to the sanitizer's own
// background thread, whose runtime keeps it for that thread and never runs
// the handler, so the server never hears it (seen as one run in ten of
// TlsServer.AReachableAddressWithTokenAndTlsOrInsecureStarts: a stopped
// server still serving new connections, no signal pending in
// /proc/PID/status); a build without the sanitizer always exits at the first.
inline std::optional<int> stop_with_sigterm(tools::PipeEngine& process,
                                            std::chrono::milliseconds timeout) {
  constexpr std::chrono::milliseconds kResend{2000};
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    process.signal(SIGTERM);
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (auto status = process.wait_exit(std::min(left, kResend))) return status;
    if (left <= kResend) return std::nullopt;
  }
}

// How long a server may take to exit once told to (or refusing its
// options): seconds under ThreadSanitizer on a loaded machine; a hang still
// fails.
inline constexpr std::chrono::seconds kExitTime{20};

// A token in a file for the length of a test.
class TokenFile {
 public:
  static constexpr const char* kToken = "correct-horse-battery-staple";
  TokenFile() : path_(std::filesystem::temp_directory_path() / unique_name()) {
    std::ofstream(path_) << kToken << '\n';
  }
  ~TokenFile() { std::filesystem::remove(path_); }
  TokenFile(const TokenFile&) = delete;
  TokenFile& operator=(const TokenFile&) = delete;
  [[nodiscard]] std::string path() const { return path_.string(); }

 private:
  static std::string unique_name() {
    return "brudno-test-token-" + std::to_string(::getpid()) + "-" +
           std::to_string(std::random_device{}());
  }
  std::filesystem::path path_;
};

// A self-signed certificate and its key for "localhost", made by the openssl
// command for the length of a test (an elliptic-curve key: made at once).
class TestCertificate {
 public:
  explicit TestCertificate(const std::string& common_name = "localhost")
      : directory_(std::filesystem::temp_directory_path() /
                   ("brudno-test-tls-" + std::to_string(::getpid()) + "-" +
                    std::to_string(std::random_device{}()))) {
    std::filesystem::create_directories(directory_);
    const std::string command =
        "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 "
        "-subj /CN=" +
        common_name + " -keyout '" + key() + "' -out '" + certificate() + "' 2>/dev/null";
    if (std::system(command.c_str()) != 0) {
      throw std::runtime_error("openssl could not make a test certificate");
    }
  }
  ~TestCertificate() { std::filesystem::remove_all(directory_); }
  TestCertificate(const TestCertificate&) = delete;
  TestCertificate& operator=(const TestCertificate&) = delete;
  [[nodiscard]] std::string certificate() const { return (directory_ / "cert.pem").string(); }
  [[nodiscard]] std::string key() const { return (directory_ / "key.pem").string(); }

 private:
  std::filesystem::path directory_;
};

}  // namespace brudno::testing
