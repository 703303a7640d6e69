#pragma once
// Connections that open and never send a byte, as a one-line script makes
// them against a server: plain sockets on one io_context, a file descriptor
// each. Boost.Asio stays in the .cpp, as for LineClient.

#include <memory>

namespace brudno::tools {

class SilentConnections {
 public:
  // Opens `count` connections to 127.0.0.1:port, raising this process's
  // file-descriptor limit (up to its hard limit) if they need it; throws
  // boost::system::system_error when one cannot connect.
  SilentConnections(unsigned short port, int count);
  ~SilentConnections();
  SilentConnections(const SilentConnections&) = delete;
  SilentConnections& operator=(const SilentConnections&) = delete;

  // Whether the server has closed the first (oldest) of them, waiting for
  // it at most a few seconds.
  bool oldest_closed_by_server();

 private:
  struct Sockets;
  std::unique_ptr<Sockets> sockets_;
};

}  // namespace brudno::tools
