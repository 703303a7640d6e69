#pragma once
// Connections that send a request and never read what comes back, each with
// a receive buffer as small as the system allows and a remote client's
// segment size: a client that wants the server to hold its descriptors and
// its buffers for as long as it likes makes them so. Plain sockets, nothing
// of Boost.Asio.

#include <chrono>
#include <string>
#include <vector>

namespace brudno::tools {

class StalledReaders {
 public:
  // Opens `count` connections to 127.0.0.1:port from the loopback address
  // `source` (127.0.0.2 and so on are other peers to the server), each
  // sending `request` once; throws std::system_error when one cannot
  // connect or send.
  StalledReaders(unsigned short port, int count, const std::string& request,
                 const std::string& source = "127.0.0.1");
  ~StalledReaders();
  StalledReaders(const StalledReaders&) = delete;
  StalledReaders& operator=(const StalledReaders&) = delete;

  // Sends `bytes` on every one; throws std::system_error when one cannot.
  void send(const std::string& bytes) const;
  // How many the server has closed, by a reset or by its end of the stream;
  // nothing it sent is read to find out.
  [[nodiscard]] int closed_by_server() const;
  // Waits until every one has received something from the server (which is
  // then answering it), or `timeout` passes; returns how many have.
  int wait_until_all_answered(std::chrono::milliseconds timeout) const;
  // Waits until every one is closed by the server or `timeout` passes;
  // returns how many are.
  int wait_until_all_closed(std::chrono::milliseconds timeout) const;
  // Waits until every one is answered or closed by the server, so that the
  // server has accepted each and decided what to do with it, or `timeout`
  // passes; returns how many are.
  int wait_until_all_settled(std::chrono::milliseconds timeout) const;
  [[nodiscard]] int size() const { return static_cast<int>(descriptors_.size()); }

 private:
  std::vector<int> descriptors_;
};

}  // namespace brudno::tools
