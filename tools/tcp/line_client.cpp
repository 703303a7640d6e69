#include "tools/tcp/line_client.hpp"

#include "protocol/asio.hpp"
// (asio.hpp first: it fixes an include Boost.Asio misses.)
#include <openssl/x509.h>

#include <boost/asio/ssl.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <optional>
#include <stdexcept>

#include "protocol/byte_stream.hpp"

namespace brudno::tools {
namespace asio = boost::asio;
namespace ssl = asio::ssl;
namespace websocket = boost::beast::websocket;
using tcp = asio::ip::tcp;
using protocol::ByteStream;

struct LineClient::Connection {
  asio::io_context io;
  std::optional<ssl::context> tls_context;  // before the stream, which uses it
  std::optional<ByteStream> stream;         // TCP, or TLS over it
  // Over the stream, when the transport is a WebSocket (no compression, as
  // the server's).
  std::optional<websocket::stream<ByteStream&, false>> websocket_layer;
  asio::streambuf input;
  boost::beast::flat_buffer message;

  tcp::socket& socket() { return stream->socket(); }
  // Runs the io_context until `done` or thirty seconds (a sanitized server
  // meeting a thousand other connections first took more than ten on a
  // loaded machine); throws on failure.
  void run_handshake(const boost::system::error_code& failure, const char* what) {
    io.restart();
    io.run_for(std::chrono::seconds(30));
    if (!io.stopped()) {
      socket().cancel();
      io.restart();
      io.run();
    }
    if (failure) throw boost::system::system_error(failure, what);
  }
};

namespace {

tcp::socket connected_socket(asio::io_context& io, unsigned short port) {
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(asio::ip::address_v4::loopback(), port));
  socket.set_option(tcp::no_delay(true));
  return socket;
}

}  // namespace

LineClient::LineClient(unsigned short port) : connection_(std::make_unique<Connection>()) {
  connection_->stream.emplace(connected_socket(connection_->io, port));
}

LineClient::LineClient(unsigned short port, const std::string& trusted_certificate_file)
    : connection_(std::make_unique<Connection>()) {
  Connection& connection = *connection_;
  connection.tls_context.emplace(ssl::context::tls_client);
  connection.tls_context->load_verify_file(trusted_certificate_file);
  connection.tls_context->set_verify_mode(ssl::verify_peer);
  connection.stream.emplace(connected_socket(connection.io, port), *connection.tls_context);
  boost::system::error_code failure = asio::error::timed_out;
  connection.stream->async_handshake(
      ssl::stream_base::client, [&](const boost::system::error_code& error) { failure = error; });
  connection.run_handshake(failure, "TLS handshake");
}

LineClient::LineClient(unsigned short port, Transport transport,
                       const std::string& trusted_certificate_file)
    : connection_(nullptr) {
  if (trusted_certificate_file.empty()) {
    connection_ = LineClient(port).release_connection();
  } else {
    connection_ = LineClient(port, trusted_certificate_file).release_connection();
  }
  if (transport == Transport::kTcp) return;
  Connection& connection = *connection_;
  connection.websocket_layer.emplace(*connection.stream);
  boost::system::error_code failure = asio::error::timed_out;
  connection.websocket_layer->async_handshake(
      "127.0.0.1:" + std::to_string(port), "/uci",
      [&](const boost::system::error_code& error) { failure = error; });
  connection.run_handshake(failure, "WebSocket upgrade");
  connection.websocket_layer->text(true);
}

std::unique_ptr<LineClient::Connection> LineClient::release_connection() {
  return std::move(connection_);
}

std::string LineClient::peer_certificate_subject() const {
  auto* tls = connection_->stream->tls();
  if (tls == nullptr) return {};
  X509* certificate = SSL_get1_peer_certificate(tls->native_handle());
  if (certificate == nullptr) return {};
  char* text = X509_NAME_oneline(X509_get_subject_name(certificate), nullptr, 0);
  std::string subject = text != nullptr ? text : "";
  OPENSSL_free(text);
  X509_free(certificate);
  return subject;
}

LineClient::~LineClient() = default;
LineClient::LineClient(LineClient&&) noexcept = default;
LineClient& LineClient::operator=(LineClient&&) noexcept = default;

bool LineClient::send(const std::string& line) {
  return send_raw(line + '\n');
}

bool LineClient::send_raw(const std::string& bytes) {
  boost::system::error_code error;
  if (connection_->websocket_layer) {
    // One message: a line, or whatever bytes a test sends.
    connection_->websocket_layer->write(asio::buffer(bytes), error);
  } else {
    asio::write(*connection_->stream, asio::buffer(bytes), error);
  }
  return !error;
}

std::optional<std::string> LineClient::read_line(std::chrono::milliseconds timeout) {
  if (ended_) return std::nullopt;
  asio::io_context& io = connection_->io;
  asio::streambuf& input = connection_->input;
  std::optional<std::size_t> bytes;
  boost::system::error_code failure;
  const auto on_read = [&](const boost::system::error_code& error, std::size_t size) {
    if (error) {
      failure = error;
    } else {
      bytes = size;
    }
  };
  if (connection_->websocket_layer) {
    connection_->websocket_layer->async_read(connection_->message, on_read);
  } else {
    asio::async_read_until(*connection_->stream, input, '\n', on_read);
  }
  io.restart();
  io.run_for(timeout);
  if (!io.stopped()) {
    // Timed out: cancel the read and let its handler run before returning.
    connection_->socket().cancel();
    io.restart();
    io.run();
    if (!bytes) return std::nullopt;
  }
  if (!bytes) {
    // The read ended by itself, not by the time-out: the connection is over
    // (a WebSocket that has failed, as when the server closed it for an
    // over-long message, ends its reads with operation_aborted at once).
    ended_ = true;
    return std::nullopt;
  }
  if (connection_->websocket_layer) {
    // A message is a line.
    auto& message = connection_->message;
    std::string line = boost::beast::buffers_to_string(message.data());
    message.consume(message.size());
    return line;
  }
  std::string line(asio::buffers_begin(input.data()),
                   asio::buffers_begin(input.data()) + static_cast<std::ptrdiff_t>(*bytes - 1));
  input.consume(*bytes);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

std::vector<std::string> LineClient::read_until(const std::string& prefix,
                                                std::chrono::milliseconds timeout) {
  std::vector<std::string> lines;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    auto line = read_line(left);
    if (!line) break;
    lines.push_back(*line);
    if (line->starts_with(prefix)) break;
  }
  return lines;
}

bool LineClient::closed_by_server(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!ended_) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    read_line(left);
  }
  return true;
}

void LineClient::finish_sending() {
  boost::system::error_code ignored;
  if (connection_->websocket_layer) {
    // The closing handshake, which skips what the server still sends before
    // its own close frame; after it the connection is over.
    connection_->websocket_layer->async_close(websocket::close_code::normal,
                                              [](const boost::system::error_code&) {});
    connection_->io.restart();
    connection_->io.run_for(std::chrono::seconds(5));
    ended_ = true;
    return;
  }
  connection_->socket().shutdown(tcp::socket::shutdown_send, ignored);
}

void LineClient::close() {
  boost::system::error_code ignored;
  connection_->socket().shutdown(tcp::socket::shutdown_both, ignored);
  connection_->socket().close(ignored);
  ended_ = true;
}

void LineClient::reset() {
  boost::system::error_code ignored;
  connection_->socket().set_option(tcp::socket::linger(true, 0), ignored);
  connection_->socket().close(ignored);
  ended_ = true;
}

}  // namespace brudno::tools
