#include "tools/tcp/silent_connections.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <boost/asio.hpp>
#include <chrono>
#include <functional>
#include <vector>

namespace brudno::tools {
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

void raise_descriptor_limit(rlim_t wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= wanted) return;
  limit.rlim_cur = std::min(limit.rlim_max, wanted);
  setrlimit(RLIMIT_NOFILE, &limit);  // if it fails, connect() says so below
}

}  // namespace

struct SilentConnections::Sockets {
  asio::io_context io;
  std::vector<tcp::socket> open;
};

SilentConnections::SilentConnections(unsigned short port, int count)
    : sockets_(std::make_unique<Sockets>()) {
  constexpr int kOtherDescriptors = 256;  // the test's own files, pipes and clients
  raise_descriptor_limit(static_cast<rlim_t>(count + kOtherDescriptors));
  const tcp::endpoint server(asio::ip::make_address("127.0.0.1"), port);
  sockets_->open.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) sockets_->open.emplace_back(sockets_->io).connect(server);
}

SilentConnections::~SilentConnections() = default;

bool SilentConnections::oldest_closed_by_server() {
  auto& oldest = sockets_->open.front();
  // Whatever the server says before it closes (one error line) is skipped.
  std::array<char, 512> buffer{};
  boost::system::error_code error;
  asio::steady_timer deadline(sockets_->io, std::chrono::seconds(5));
  bool ended = false;
  std::function<void()> read_more = [&] {
    oldest.async_read_some(asio::buffer(buffer),
                           [&](const boost::system::error_code& e, std::size_t) {
                             if (e) {
                               error = e;
                               ended = true;
                               deadline.cancel();
                               return;
                             }
                             read_more();
                           });
  };
  read_more();
  deadline.async_wait([&](const boost::system::error_code& e) {
    if (!e) oldest.cancel();
  });
  sockets_->io.restart();
  sockets_->io.run();
  return ended && (error == asio::error::eof || error == asio::error::connection_reset);
}

}  // namespace brudno::tools
