#include "protocol/byte_stream.hpp"

#include <boost/beast/websocket/teardown.hpp>

namespace brudno::protocol {
namespace asio = boost::asio;

namespace {

// The handler as the socket's own operations take it: one type for all, so
// each of them is compiled once. It runs on the executor the handler asked
// for.
auto bound(ErasedHandler handler) {
  const asio::any_io_executor executor = handler.executor();
  return asio::bind_executor(
      executor,
      [handler = std::move(handler)](const boost::system::error_code& error,
                                     std::size_t bytes = 0) mutable { handler(error, bytes); });
}

// Like any asynchronous operation, one with nothing to wait for does not
// complete inside its call.
void complete_later(ErasedHandler handler, boost::system::error_code error) {
  const asio::any_io_executor executor = handler.executor();
  asio::post(executor, [handler = std::move(handler), error]() mutable { handler(error); });
}

}  // namespace

ByteStream::ByteStream(Socket socket) : stream_(std::move(socket)) {}

ByteStream::ByteStream(Socket socket, asio::ssl::context& tls)
    : stream_(std::in_place_type<TlsStream>, std::move(socket), tls) {}

ByteStream::ByteStream(ByteStream&&) noexcept = default;
ByteStream::~ByteStream() = default;

ByteStream::executor_type ByteStream::get_executor() noexcept {
  return std::visit([](auto& stream) -> executor_type { return stream.get_executor(); }, stream_);
}

ByteStream::Socket& ByteStream::socket() {
  if (auto* tls = std::get_if<TlsStream>(&stream_)) return tls->next_layer();
  return std::get<Socket>(stream_);
}

void ByteStream::close(boost::system::error_code& error) {
  socket().close(error);
}

void ByteStream::reset(boost::system::error_code& error) {
  socket().set_option(Socket::linger(true, 0), error);
  socket().close(error);
}

void ByteStream::start_read(asio::mutable_buffer buffer, ErasedHandler handler) {
  std::visit([&](auto& stream) { stream.async_read_some(buffer, bound(std::move(handler))); },
             stream_);
}

void ByteStream::start_write(const WriteBuffers& buffers, ErasedHandler handler) {
  std::visit([&](auto& stream) { stream.async_write_some(buffers, bound(std::move(handler))); },
             stream_);
}

void ByteStream::start_handshake(asio::ssl::stream_base::handshake_type type,
                                 ErasedHandler handler) {
  if (auto* tls = std::get_if<TlsStream>(&stream_)) {
    return tls->async_handshake(type, bound(std::move(handler)));
  }
  complete_later(std::move(handler), {});
}

void ByteStream::start_shutdown(ErasedHandler handler) {
  if (auto* tls = std::get_if<TlsStream>(&stream_))
    return tls->async_shutdown(bound(std::move(handler)));
  boost::system::error_code error;
  socket().shutdown(Socket::shutdown_send, error);
  complete_later(std::move(handler), error);
}

void ByteStream::start_teardown(boost::beast::role_type role, ErasedHandler handler) {
  if (auto* tls = std::get_if<TlsStream>(&stream_))
    return tls->async_shutdown(bound(std::move(handler)));
  boost::beast::websocket::async_teardown(role, std::get<Socket>(stream_),
                                          bound(std::move(handler)));
}

void ByteStream::teardown(boost::beast::role_type role, boost::system::error_code& error) {
  if (auto* tls = std::get_if<TlsStream>(&stream_)) {
    tls->shutdown(error);
    return;
  }
  boost::beast::websocket::teardown(role, std::get<Socket>(stream_), error);
}

std::size_t ByteStream::read_one(asio::mutable_buffer buffer, boost::system::error_code& error) {
  return std::visit([&](auto& stream) { return stream.read_some(buffer, error); }, stream_);
}

std::size_t ByteStream::write_gathered(const WriteBuffers& buffers,
                                       boost::system::error_code& error) {
  return std::visit([&](auto& stream) { return stream.write_some(buffers, error); }, stream_);
}

void teardown(boost::beast::role_type role, ByteStream& stream, boost::system::error_code& error) {
  stream.teardown(role, error);
}

void beast_close_socket(ByteStream& stream) {
  boost::system::error_code ignored;
  stream.close(ignored);
}

}  // namespace brudno::protocol
