#include "protocol/asio_pools.hpp"

#include <vector>

namespace brudno::protocol {
namespace asio = boost::asio;

void reserve_asio_pools(asio::io_context& io, std::size_t sockets) {
  // Each open socket takes a reactor state from the pool or adds one; closing
  // them all leaves that many in the pool. Without descriptors to spare, the
  // pool simply stays smaller.
  std::vector<asio::ip::tcp::socket> open;
  open.reserve(sockets);
  for (std::size_t i = 0; i < sockets; ++i) {
    boost::system::error_code error;
    asio::ip::tcp::socket socket(io);
    socket.open(asio::ip::tcp::v4(), error);
    if (error) break;
    open.push_back(std::move(socket));
  }
  open.clear();
  // A strand takes its mutex from a fixed table by a hash of its address and a
  // running count, making it there on first use; a few thousand strands fill
  // every slot of the table (193 in Boost 1.74) with near certainty.
  constexpr int kStrands = 4000;
  for (int i = 0; i < kStrands; ++i) (void)asio::make_strand(io);
}

}  // namespace brudno::protocol
