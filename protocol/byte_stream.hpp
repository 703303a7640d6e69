#pragma once
// A TCP socket, or a TLS stream over one, as one type. What reads and writes
// it (the line protocol, Beast's HTTP parser and its WebSocket) is compiled
// once instead of once per transport, where a WebSocket over each of the two
// was much of the server's compile time (docs/log/benchmarks-build.md, "One
// stream type, ThreadSanitizer where threads run, the network code at -O0
// (2026-11-26, third)", has the figures). The price is one small allocation
// per asynchronous operation, for its type-erased handler, beside a system
// call.
//
// It is a stream as Boost.Asio and Beast ask (asynchronous and blocking
// read_some and write_some, get_executor, teardown for a WebSocket's close):
// a read fills the first non-empty buffer it is given and a write sends at
// most kMaxWriteBuffers of them, which a read_some or write_some may do. A
// handler runs on its associated executor (a connection's strand), as with
// the socket itself.

#include <array>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <variant>

#include "protocol/asio.hpp"
// (asio.hpp first: it fixes an include Boost.Asio misses.)
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core/role.hpp>

namespace brudno::protocol {

// A completion handler taking (error_code, bytes) or (error_code), whatever
// its type, and the executor it asks to run on.
class ErasedHandler {
 public:
  template <class Handler>
  ErasedHandler(Handler handler, const boost::asio::any_io_executor& fallback)
      : executor_(boost::asio::get_associated_executor(handler, fallback)),
        call_(std::make_unique<Holder<Handler>>(std::move(handler))) {}

  // Once: the handler is released before it runs, as Asio's own are.
  void operator()(const boost::system::error_code& error, std::size_t bytes = 0) {
    auto call = std::move(call_);
    call->invoke(error, bytes);
  }
  [[nodiscard]] const boost::asio::any_io_executor& executor() const { return executor_; }

 private:
  struct Call {
    virtual ~Call() = default;
    virtual void invoke(const boost::system::error_code& error, std::size_t bytes) = 0;
  };
  template <class Handler>
  struct Holder final : Call {
    explicit Holder(Handler h) : handler(std::move(h)) {}
    void invoke(const boost::system::error_code& error, std::size_t bytes) override {
      if constexpr (std::is_invocable_v<Handler&&, const boost::system::error_code&, std::size_t>) {
        std::move(handler)(error, bytes);
      } else {
        std::move(handler)(error);
      }
    }
    Handler handler;
  };

  boost::asio::any_io_executor executor_;
  std::unique_ptr<Call> call_;
};

class ByteStream {
 public:
  using Socket = boost::asio::ip::tcp::socket;
  using TlsStream = boost::asio::ssl::stream<Socket>;
  using executor_type = boost::asio::any_io_executor;
  static constexpr std::size_t kMaxWriteBuffers = 8;

  explicit ByteStream(Socket socket);
  // TLS over `socket` with `tls` (which must outlive the stream); the
  // handshake is still to be made.
  ByteStream(Socket socket, boost::asio::ssl::context& tls);
  ByteStream(ByteStream&&) noexcept;
  ByteStream& operator=(ByteStream&&) = delete;  // a TLS stream cannot be reassigned
  ~ByteStream();

  [[nodiscard]] executor_type get_executor() noexcept;
  [[nodiscard]] bool is_tls() const { return std::holds_alternative<TlsStream>(stream_); }
  // The TLS stream (its certificates, its OpenSSL handle), or nullptr.
  [[nodiscard]] TlsStream* tls() { return std::get_if<TlsStream>(&stream_); }
  // The TCP socket underneath: shutdown, cancel, options.
  [[nodiscard]] Socket& socket();
  void close(boost::system::error_code& error);
  // Closes with a reset: what waits unsent is dropped, so that a peer that
  // does not read leaves no buffers behind in the kernel either.
  void reset(boost::system::error_code& error);

  template <class MutableBuffers, class Token>
  auto async_read_some(const MutableBuffers& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::system::error_code, std::size_t)>(
        [this](auto handler, const MutableBuffers& into) {
          start_read(first_buffer(into), ErasedHandler(std::move(handler), get_executor()));
        },
        token, buffers);
  }
  template <class ConstBuffers, class Token>
  auto async_write_some(const ConstBuffers& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::system::error_code, std::size_t)>(
        [this](auto handler, const ConstBuffers& from) {
          start_write(gather(from), ErasedHandler(std::move(handler), get_executor()));
        },
        token, buffers);
  }
  // Without TLS it completes at once.
  template <class Token>
  auto async_handshake(boost::asio::ssl::stream_base::handshake_type type, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::system::error_code)>(
        [this, type](auto handler) {
          start_handshake(type, ErasedHandler(std::move(handler), get_executor()));
        },
        token);
  }
  // TLS's close_notify, answered or not; without TLS, the sending side's
  // shutdown, at once.
  template <class Token>
  auto async_shutdown(Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::system::error_code)>(
        [this](auto handler) { start_shutdown(ErasedHandler(std::move(handler), get_executor())); },
        token);
  }
  // A WebSocket's end of the connection: TLS's close_notify, or the TCP
  // sending side shut and the rest read until the peer closes.
  void start_teardown(boost::beast::role_type role, ErasedHandler handler);
  void teardown(boost::beast::role_type role, boost::system::error_code& error);

  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers, boost::system::error_code& error) {
    return read_one(first_buffer(buffers), error);
  }
  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers) {
    boost::system::error_code error;
    const std::size_t bytes = read_some(buffers, error);
    if (error) throw boost::system::system_error(error, "read");
    return bytes;
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers, boost::system::error_code& error) {
    return write_gathered(gather(buffers), error);
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers) {
    boost::system::error_code error;
    const std::size_t bytes = write_some(buffers, error);
    if (error) throw boost::system::system_error(error, "write");
    return bytes;
  }

 private:
  using WriteBuffers = std::array<boost::asio::const_buffer, kMaxWriteBuffers>;

  template <class MutableBuffers>
  static boost::asio::mutable_buffer first_buffer(const MutableBuffers& buffers) {
    const auto end = boost::asio::buffer_sequence_end(buffers);
    for (auto it = boost::asio::buffer_sequence_begin(buffers); it != end; ++it) {
      const boost::asio::mutable_buffer buffer(*it);
      if (buffer.size() != 0) return buffer;
    }
    return {};
  }
  template <class ConstBuffers>
  static WriteBuffers gather(const ConstBuffers& buffers) {
    WriteBuffers gathered{};
    std::size_t count = 0;
    const auto end = boost::asio::buffer_sequence_end(buffers);
    for (auto it = boost::asio::buffer_sequence_begin(buffers);
         it != end && count < kMaxWriteBuffers; ++it) {
      const boost::asio::const_buffer buffer(*it);
      if (buffer.size() != 0) gathered[count++] = buffer;
    }
    return gathered;
  }

  void start_read(boost::asio::mutable_buffer buffer, ErasedHandler handler);
  void start_write(const WriteBuffers& buffers, ErasedHandler handler);
  void start_handshake(boost::asio::ssl::stream_base::handshake_type type, ErasedHandler handler);
  void start_shutdown(ErasedHandler handler);
  std::size_t read_one(boost::asio::mutable_buffer buffer, boost::system::error_code& error);
  std::size_t write_gathered(const WriteBuffers& buffers, boost::system::error_code& error);

  std::variant<Socket, TlsStream> stream_;
};

// Found by argument-dependent lookup from Beast's WebSocket, which closes its
// stream through these.
void teardown(boost::beast::role_type role, ByteStream& stream, boost::system::error_code& error);
template <class Handler>
void async_teardown(boost::beast::role_type role, ByteStream& stream, Handler&& handler) {
  stream.start_teardown(role, ErasedHandler(std::forward<Handler>(handler), stream.get_executor()));
}
void beast_close_socket(ByteStream& stream);

}  // namespace brudno::protocol
