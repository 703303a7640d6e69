#include "protocol/connection_stream.hpp"

#include <type_traits>

namespace brudno::protocol {
namespace asio = boost::asio;
namespace beast = boost::beast;

namespace {

ConnectionStream::Variant make_byte_stream(ConnectionStream::Socket socket,
                                           asio::ssl::context* tls) {
  using Variant = ConnectionStream::Variant;
  if (tls == nullptr) return Variant(std::in_place_type<ByteStream>, std::move(socket));
  return Variant(std::in_place_type<ByteStream>, std::move(socket), *tls);
}

asio::io_context& io_context_of_executor(const asio::any_io_executor& executor) {
  return static_cast<asio::io_context&>(asio::query(executor, asio::execution::context));
}

}  // namespace

ConnectionStream::ConnectionStream(Socket socket, asio::ssl::context* tls)
    : stream_(make_byte_stream(std::move(socket), tls)) {}

ConnectionStream::ConnectionStream(Variant stream, std::size_t max_message_bytes)
    : stream_(std::move(stream)) {
  if (auto* websocket = std::get_if<WebSocket>(&stream_)) {
    websocket->read_message_max(max_message_bytes);
    websocket->text(true);
  }
}

asio::io_context& ConnectionStream::io_context_of(Socket& socket) {
  return io_context_of_executor(socket.get_executor());
}

asio::io_context& ConnectionStream::io_context_of(Variant& stream) {
  return std::visit(
      [](auto& each) -> asio::io_context& { return io_context_of_executor(each.get_executor()); },
      stream);
}

std::size_t ConnectionStream::unread_bytes(boost::system::error_code& error) {
  return std::visit(
      [&](auto& stream) { return beast::get_lowest_layer(stream).socket().available(error); },
      stream_);
}

void ConnectionStream::close(boost::system::error_code& error) {
  std::visit([&](auto& stream) { beast::get_lowest_layer(stream).close(error); }, stream_);
}

void ConnectionStream::reset(boost::system::error_code& error) {
  std::visit([&](auto& stream) { beast::get_lowest_layer(stream).reset(error); }, stream_);
}

}  // namespace brudno::protocol
