// What the server does for its memory footprint must leave everything else as
// it was: live blocks intact after freed memory is returned, and an io_context
// whose pools were filled up front still serving connections.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "protocol/asio.hpp"
#include "protocol/asio_pools.hpp"
#include "protocol/idle_memory.hpp"

namespace brudno::protocol {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

TEST(ServerMemory, ReturningFreedMemoryLeavesLiveBlocksIntact) {
  struct Block {
    unsigned char* bytes;
    std::size_t size;
  };
  std::vector<Block> blocks;
  for (std::size_t i = 0; i < 2000; ++i) {
    const std::size_t size = 8 + (i * 37) % 1500;
    auto* bytes = static_cast<unsigned char*>(std::malloc(size));
    ASSERT_NE(bytes, nullptr);
    std::memset(bytes, static_cast<int>(i & 0xff), size);
    blocks.push_back({bytes, size});
  }
  // Free every other block, so the free ones lie between live ones.
  std::vector<Block> live;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (i % 2 == 0) {
      std::free(blocks[i].bytes);
    } else {
      live.push_back(blocks[i]);
    }
  }
  return_freed_memory();
  return_freed_memory();  // twice in a row, as two clients leaving at once may
  for (std::size_t i = 0; i < live.size(); ++i) {
    const auto expected = static_cast<unsigned char>((2 * i + 1) & 0xff);
    for (std::size_t at = 0; at < live[i].size; ++at) {
      ASSERT_EQ(live[i].bytes[at], expected) << "block " << 2 * i + 1 << ", byte " << at;
    }
    std::free(live[i].bytes);
  }
}

TEST(ServerMemory, AnIoContextWithReservedPoolsStillServes) {
  asio::io_context io;
  reserve_asio_pools(io, 32);
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  tcp::socket client(io);
  client.connect(acceptor.local_endpoint());
  tcp::socket server = acceptor.accept();
  const std::string line = "isready\n";
  asio::write(client, asio::buffer(line));
  asio::streambuf received;
  asio::read_until(server, received, '\n');
  EXPECT_EQ(std::string(asio::buffers_begin(received.data()), asio::buffers_end(received.data())),
            line);
  // A strand made after the reservation runs its handlers.
  bool ran = false;
  asio::post(asio::make_strand(io), [&ran] { ran = true; });
  io.run();
  EXPECT_TRUE(ran);
}

}  // namespace
}  // namespace brudno::protocol
