#pragma once
// The transport of one client of the line protocol (TcpConnection): a byte
// stream, TCP or TLS, that carries lines ending in a newline, or a WebSocket
// over either that carries one line a text message. The connection reads
// and writes lines through it without asking which of the two it has, but
// for what only one of them does (the TLS handshake and shutdown, the
// WebSocket's close frame).

#include <cstddef>
#include <string>
#include <utility>
#include <variant>

#include "protocol/asio.hpp"
// (asio.hpp first: it fixes an include Boost.Asio misses.)
#include <boost/asio/ssl.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/byte_stream.hpp"

namespace brudno::protocol {

class ConnectionStream {
 public:
  using Socket = boost::asio::ip::tcp::socket;
  // Without permessage-deflate, which the page does not ask for: its lines
  // are short, and leaving it out keeps the WebSocket's code small
  // (docs/log/benchmarks-build.md, "One stream type, ThreadSanitizer where
  // threads run, the network code at -O0 (2026-11-26, third)", has the
  // server's build figures).
  using WebSocket = boost::beast::websocket::stream<ByteStream, false>;
  // Lines over TCP or TLS, or one line a message over a WebSocket.
  using Variant = std::variant<ByteStream, WebSocket>;

  // Lines over `socket`; with `tls` (which must outlive the stream), over
  // TLS, its handshake still to be made.
  ConnectionStream(Socket socket, boost::asio::ssl::context* tls);
  // A stream whose WebSocket upgrade (and TLS handshake) is done: a message
  // is read whole, and may hold no more than `max_message_bytes`.
  ConnectionStream(Variant stream, std::size_t max_message_bytes);

  // The io_context that runs the stream's handlers, for the connection's
  // strand (asked before the stream moves into a connection).
  static boost::asio::io_context& io_context_of(Socket& socket);
  static boost::asio::io_context& io_context_of(Variant& stream);

  [[nodiscard]] bool is_websocket() const { return std::holds_alternative<WebSocket>(stream_); }
  // The byte stream, when it is not a WebSocket: its TLS handshake and
  // shutdown, its socket.
  [[nodiscard]] ByteStream& bytes() { return std::get<ByteStream>(stream_); }
  [[nodiscard]] WebSocket& websocket() { return std::get<WebSocket>(stream_); }

  // The next line of a byte stream, into `input` up to its newline.
  template <class Handler>
  void async_read_line(boost::asio::streambuf& input, Handler handler) {
    boost::asio::async_read_until(bytes(), input, '\n', std::move(handler));
  }
  // The next message of a WebSocket, whole, into `message`.
  template <class Handler>
  void async_read_message(boost::beast::flat_buffer& message, Handler handler) {
    websocket().async_read(message, std::move(handler));
  }
  // `line`, which ends in a newline and must live until `handler` runs: as
  // it is on a byte stream, one text message without its newline on a
  // WebSocket.
  template <class Handler>
  void async_write_line(const std::string& line, Handler handler) {
    if (is_websocket()) {
      websocket().async_write(boost::asio::buffer(line.data(), line.size() - 1),
                              std::move(handler));
    } else {
      boost::asio::async_write(bytes(), boost::asio::buffer(line), std::move(handler));
    }
  }

  // Bytes the client has sent that nothing has read yet, from the socket.
  [[nodiscard]] std::size_t unread_bytes(boost::system::error_code& error);
  // Closes the socket underneath, at once: what is under way ends with an error.
  void close(boost::system::error_code& error);
  // The same with a reset (ByteStream::reset()).
  void reset(boost::system::error_code& error);

 private:
  Variant stream_;
};

}  // namespace brudno::protocol
